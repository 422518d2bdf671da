import type { Fact } from "./Fact.js"
import type { Mode } from "./Mode.js"
import type { Block } from "./Words.js"

export const contractStates = ["draft", "sent", "negotiating", "agreed", "executed", "cancelled", "filed"] as const
export type ContractState = (typeof contractStates)[number]

export const origins = ["manual", "template", "prompt", "api", "mcp", "import", "email"] as const
export type Origin = (typeof origins)[number]

export const capacities = ["negotiator", "signer"] as const
export type Capacity = (typeof capacities)[number]

export type Side = "drafter" | "counterparty"

export interface Party {
  readonly id: string
  readonly person: string
  readonly name: string
  readonly email: string
  readonly org: string | null
  readonly side: Side
  readonly capacity: ReadonlyArray<Capacity>
  readonly removed_at: string | null
}

/** The whole aggregate the Contract entity owns: everything a write decides from. */
export interface Contract {
  readonly id: string
  readonly mode: Mode
  readonly org: string
  readonly title: string
  readonly state: ContractState
  readonly origin: Origin
  readonly template: string | null
  readonly relationship: string | null
  readonly amends: string | null
  readonly blocks: ReadonlyArray<Block>
  readonly facts: ReadonlyArray<Fact>
  readonly parties: ReadonlyArray<Party>
  readonly words_hash: string
  readonly head_sequence: number
  readonly created_at: string
  readonly updated_at: string
}

/** Who is calling, as the core sees it: a person (or none, for an org key reading org-wide). */
export interface Actor {
  readonly mode: Mode
  readonly org: string | null
  readonly person: { readonly id: string; readonly name: string; readonly email: string } | null
}

export interface DomainEvent {
  readonly type: string
  readonly data: Record<string, unknown>
}

/** What a write decided: the next aggregate, the events it appends (one sequence), and the answer. */
export interface Decided<A> {
  readonly contract: Contract
  readonly events: ReadonlyArray<DomainEvent>
  readonly result: A
}

export const isFirstSendDone = (contract: Contract): boolean => contract.state !== "draft"
