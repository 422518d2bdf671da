import type { Fact } from "../Words/Fact.js"
import type { Ask, Letter, StagedReply } from "../Negotiation/AsksAndLetters.js"
import type { Mode } from "./Mode.js"
import type { Signature } from "../Signing/Signature.js"
import type { Block } from "../Words/Blocks.js"
import type { ContractId, PartyId } from "./Ids.js"

export const contractStates = ["draft", "sent", "negotiating", "agreed", "executed", "cancelled", "filed"] as const
export type ContractState = (typeof contractStates)[number]

export const origins = ["manual", "template", "prompt", "api", "mcp", "import", "email"] as const
export type Origin = (typeof origins)[number]

export const capacities = ["negotiator", "signer"] as const
export type Capacity = (typeof capacities)[number]

export const sides = ["drafter", "counterparty"] as const
export type Side = (typeof sides)[number]

/** The other side of an amended contract, carried to its first Send. */
export interface CarriedRecipient {
  readonly email: string
  readonly name: string
  readonly capacity: ReadonlyArray<Capacity>
}

export interface Party {
  readonly id: PartyId
  readonly person: string
  readonly name: string
  readonly email: string
  readonly org: string | null
  readonly side: Side
  /**
   * The side that brought this party in: the drafting side for its own people and for the
   * recipients of its Send, the inviter's side for an invitee. Its negotiators may remove a guest.
   */
  readonly brought_by: Side
  readonly capacity: ReadonlyArray<Capacity>
  readonly removed_at: string | null
  /** How many rounds (sent letters) existed when this party joined: rounds before that are not theirs to owe. */
  readonly joined_after: number
  /** Round number (`ordinal`) of the last letter this party committed, or null. */
  readonly last_round: number | null
  /** SHA-256 of the guest link token, for an external person; null for people of an org. */
  readonly guest_token_hash: string | null
}

/** The whole aggregate the Contract entity owns: everything a write decides from. */
export interface Contract {
  readonly id: ContractId
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
  readonly asks: ReadonlyArray<Ask>
  /** Each seat's unsent reply: private to that party until it commits a round. */
  readonly replies: ReadonlyArray<StagedReply>
  readonly letters: ReadonlyArray<Letter>
  /** The words and facts committed at the first Send: the start of the fold. */
  readonly baseline: { readonly blocks: ReadonlyArray<Block>; readonly facts: ReadonlyArray<Fact> } | null
  readonly cancelled: { readonly at: string; readonly by: string; readonly reason: string } | null
  /** Every signature ever made on this contract, struck ones included, oldest first. */
  readonly signatures: ReadonlyArray<Signature>
  readonly executed_at: string | null
  /** 1 for an original; an amendment is its parent's version plus one. */
  readonly version: number
  /** An amendment's other side and covering note, used by its first Send when it names no recipients. */
  readonly carried: { readonly note: string | null; readonly recipients: ReadonlyArray<CarriedRecipient> } | null
  /** Filed contracts only: the importer's claim that it was signed elsewhere (provenance, never proof). */
  readonly signed_elsewhere?: { readonly claimed_by: string; readonly claimed_at: string; readonly asset: string }
  /** Imported contracts only: the import that made it and the asset it was read from. */
  readonly imported?: { readonly import: string; readonly asset: string }
  /**
   * Executed and filed contracts, once a key date was acted on: the term it is in (renewals that
   * rolled) and the moments of that term already acted on, by key (src/Domain/Deadlines/Schedule.ts);
   * the drafting org's warning window when its settings give one, and the executed amendment that
   * took the contract's place, once there is one (no date of this contract is acted on after it).
   */
  readonly deadlines?: {
    readonly term: number
    readonly fired: ReadonlyArray<string>
    readonly window_days?: number
    readonly amended_by?: string
  }
  readonly words_hash: string
  readonly head_sequence: number
  readonly created_at: string
  readonly updated_at: string
}

export type { Actor } from "./Actor.js"

/** A message a write sends; kept in the same transaction as the write (a transactional outbox). */
export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly link: string | null
}

export const isFirstSendDone = (contract: Contract): boolean => contract.state !== "draft"
