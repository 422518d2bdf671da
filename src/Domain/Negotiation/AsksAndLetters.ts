import type { FactValue } from "../Words/Fact.js"
import type { AskId, DecisionId, LetterId } from "../Contract/Ids.js"

export const askTypes = ["replace", "grouped"] as const
export type AskType = (typeof askTypes)[number]
export type AskState = "open" | "landed" | "voided" | "withdrawn"

/** New words for one block: what stands now, and what would stand if the ask lands. */
export interface Change {
  readonly block: string
  readonly standing: string
  readonly proposed: string
}

export interface Ask {
  readonly id: AskId
  /** `replace` proposes words for one block; `grouped` is one fact change across several blocks. */
  readonly type: AskType
  readonly block: string
  readonly changes: ReadonlyArray<Change>
  /** For a grouped fact change: the fact and the value it takes when the ask lands. */
  readonly fact: { readonly id: string; readonly value: FactValue } | null
  readonly why: string | null
  readonly proposer: string
  readonly agreed: ReadonlyArray<string>
  readonly awaiting: ReadonlyArray<string>
  readonly state: AskState
  readonly opened_in: string
  readonly closed_in: string | null
  /** The counter that voided this ask. */
  readonly voided_by: string | null
}

/** The blocks whose words these asks changed by landing, in ask order: a round's `landed`. */
export const blocksChanged = (
  asks: ReadonlyArray<Ask>
): ReadonlyArray<string> => [...new Set(asks.flatMap((ask) => ask.changes.filter((c) => c.standing !== c.proposed).map((c) => c.block)))]

export const decisionTypes = ["accept", "counter", "decline"] as const
export type DecisionType = (typeof decisionTypes)[number]

export interface Decision {
  readonly id: DecisionId
  readonly type: DecisionType
  /** The ask answered, or null for a counter that opens a question on a block. */
  readonly ask: string | null
  readonly block: string | null
  /** A staged fact change after the first Send: commits as a grouped ask. */
  readonly fact: { readonly id: string; readonly value: FactValue } | null
  readonly text: string | null
  readonly why: string | null
  /** The id the ask this decision opens will have, allocated when staged (counters and fact changes). */
  readonly opens: AskId | null
  readonly person_id: string
  readonly party: string
  readonly staged_at: string
}

export interface StagedReply {
  readonly party: string
  readonly decisions: ReadonlyArray<Decision>
  readonly note: string | null
}

/** A round committed here: a Send, a reply, or a cancellation's final letter. */
export interface SentLetter {
  readonly id: LetterId
  readonly kind: "sent"
  /** 1-based round number: position among the contract's sent letters (imported ones are no round). */
  readonly ordinal: number
  readonly sequence: number
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly note: string | null
  readonly sent_at: string
  readonly confirmed_by: string
  readonly asks: ReadonlyArray<string>
  readonly decisions: ReadonlyArray<Decision>
  /** The final letter of a cancellation. */
  readonly final: boolean
}

/** How an imported letter reached the service. */
export const letterOrigins = ["email"] as const
export type LetterOrigin = (typeof letterOrigins)[number]

/**
 * A letter of the mail thread that came before, recorded from forwarded mail: a record, never a
 * round. It has no sending party, no asks and no decisions, so it counts toward no tally, no
 * reply owed and no round number, and it never moves the words, the hash or a signature.
 */
export interface ImportedLetter {
  readonly id: LetterId
  readonly kind: "imported"
  readonly sequence: number
  /** The original sender's address, lower-cased. */
  readonly author: string
  readonly authored_at: string
  readonly note: string | null
  readonly origin: LetterOrigin
  /** The ingress message it was read from: provenance. */
  readonly ingress: string
  readonly recorded_by: string
  readonly recorded_at: string
  readonly asks: readonly []
  readonly decisions: readonly []
}

export type Letter = SentLetter | ImportedLetter

/** The rounds among the letters: only these feed tallies, replies owed, the fold and the certificate. */
export const sentLetters = (letters: ReadonlyArray<Letter>): ReadonlyArray<SentLetter> =>
  letters.filter((letter): letter is SentLetter => letter.kind === "sent")

/** The round number the next sent letter takes. */
export const nextRound = (letters: ReadonlyArray<Letter>): number => sentLetters(letters).length + 1
