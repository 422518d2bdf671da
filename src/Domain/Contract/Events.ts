import { Schema } from "effect"
import { capacities, contractStates, origins, sides } from "./Contract.js"
import { letterOrigins } from "../Negotiation/AsksAndLetters.js"

/*
 * Every event the core appends: one member per type, each with the exact `data` it stores.
 * Declared as schemas because the log comes back as JSON: the event view decodes a stored row
 * against them instead of trusting its shape (Views/EventViews.ts).
 */

const Text = Schema.String
const Texts = Schema.Array(Schema.String)
const State = Schema.Literal(...contractStates)
const Side = Schema.Literal(...sides)
const Origin = Schema.Literal(...origins)

const event = <T extends string, D extends Schema.Schema.Any>(type: T, data: D) => Schema.Struct({ type: Schema.Literal(type), data })

const draftedFields = {
  contract: Text,
  template: Schema.NullOr(Text),
  title: Text,
  state: State,
  words_hash: Text,
  drafted_by: Text,
  amends: Schema.NullOr(Text)
}

export const ContractDrafted = event("contract.drafted", Schema.Struct(draftedFields))

/**
 * A letter of an earlier mail thread recorded on the contract: no round, so the words, the hash
 * and the state it carries are those that stood. `origin` is the letter's (how it reached us).
 */
export const LetterImported = event(
  "letter.imported",
  Schema.Struct({
    contract: Text,
    letter: Text,
    author: Text,
    authored_at: Text,
    origin: Schema.Literal(...letterOrigins),
    recorded_by: Text,
    words_hash: Text,
    state: State
  })
)

/** One round, or a cancellation's final letter; each side reads it as its own (`reply.sent`, `letter.received`). */
export const LetterSent = event(
  "letter.sent",
  Schema.Struct({ contract: Text, letter: Text, from: Text, from_side: Side, asks: Texts, words_hash: Text, state: State })
)

const wordsChangedFields = { contract: Text, words_hash: Text, previous_hash: Text, blocks_touched: Texts, signatures_voided: Texts }

/** New words: asks a round landed (`letter`), or the drafting side editing a fact in its draft (`fact`). */
export const WordsChanged = event(
  "words.changed",
  Schema.Union(
    Schema.Struct({ ...wordsChangedFields, letter: Text }),
    Schema.Struct({ ...wordsChangedFields, fact: Text, changed_by: Schema.NullOr(Text) })
  )
)

export const FactConfirmed = event("fact.confirmed", Schema.Struct({ contract: Text, fact: Text, confirmed_by: Text }))

/** `letter` is null when agreement came outside a round (an invite, a removal, an ask withdrawn). */
export const ContractAgreed = event("contract.agreed", Schema.Struct({ contract: Text, words_hash: Text, letter: Schema.NullOr(Text) }))

const partyFields = { contract: Text, party: Text, person: Text, side: Side, by: Text }

export const PartyChanged = event(
  "party.changed",
  Schema.Union(
    Schema.Struct({ ...partyFields, change: Schema.Literal("invited"), capacity: Schema.Array(Schema.Literal(...capacities)) }),
    Schema.Struct({ ...partyFields, change: Schema.Literal("removed") })
  )
)

export const AskWithdrawn = event("ask.withdrawn", Schema.Struct({ contract: Text, ask: Text, block: Text, withdrawn_by: Text }))

const signatureFields = { contract: Text, signature: Text, party: Text, person: Text, bound_hash: Text }

export const SignatureHeld = event("signature.held", Schema.Struct({ ...signatureFields, state: Schema.Literal("held") }))
export const SignatureBound = event("signature.bound", Schema.Struct({ ...signatureFields, state: Schema.Literal("bound") }))
export const SignatureVoid = event("signature.void", Schema.Struct({ ...signatureFields, state: Schema.Literal("void") }))
export const SignatureWithdrawn = event(
  "signature.withdrawn",
  Schema.Struct({ ...signatureFields, state: Schema.Literal("withdrawn"), withdrawn_by: Text })
)

export const ContractExecuted = event(
  "contract.executed",
  Schema.Struct({
    contract: Text,
    origin: Origin,
    version: Schema.Number,
    words_hash: Text,
    executed_at: Text,
    certificate_url: Text
  })
)

export const ContractCancelled = event(
  "contract.cancelled",
  Schema.Struct({ contract: Text, origin: Origin, letter: Text, reason: Text, cancelled_by: Text })
)

/** A successful parse made this contract (once per import): `origin` is one of the six cores that carry it. */
export const ContractParsed = event(
  "contract.parsed",
  Schema.Struct({ contract: Text, origin: Origin, import: Text, asset: Text, state: State, title: Text, words_hash: Text, blocks: Schema.Number })
)

export const ImportCompleted = event(
  "import.completed",
  Schema.Struct({ contract: Text, import: Text, asset: Text, unverified_count: Schema.Number, unverified: Texts })
)

/** A person cleared an imported block's parse; `text` is the candidate chosen, or null for the parse as it stood. */
export const BlockConfirmed = event(
  "block.confirmed",
  Schema.Struct({ contract: Text, block: Text, confirmed_by: Text, text: Schema.NullOr(Text), words_hash: Text })
)

/** A notice deadline against a renewal is near: at the start of the window and again a week before. `due_at` is when it fell due (it may fire late, after downtime). */
export const DeadlineApproaching = event(
  "contract.deadline_approaching",
  Schema.Struct({
    contract: Text,
    deadline: Schema.Literal("notice"),
    notice_deadline: Text,
    expiration_date: Text,
    days_before: Schema.Number,
    term: Schema.Number,
    due_at: Text
  })
)

/** An automatic renewal rolled: the term ended and the next began; `expiration_date` is the new term's end. */
export const ContractRenewed = event(
  "contract.renewed",
  Schema.Struct({ contract: Text, previous_expiration: Text, expiration_date: Text, renewal_term: Text, term: Schema.Number, due_at: Text })
)

/** The contract's term ended with no renewal to follow. */
export const ContractExpired = event("contract.expired", Schema.Struct({ contract: Text, expiration_date: Text, term: Schema.Number, due_at: Text }))

const others = [
  ContractParsed,
  ImportCompleted,
  BlockConfirmed,
  LetterSent,
  LetterImported,
  WordsChanged,
  FactConfirmed,
  ContractAgreed,
  PartyChanged,
  AskWithdrawn,
  SignatureHeld,
  SignatureBound,
  SignatureVoid,
  SignatureWithdrawn,
  ContractExecuted,
  ContractCancelled,
  DeadlineApproaching,
  ContractRenewed,
  ContractExpired
] as const

export const DomainEvent = Schema.Union(ContractDrafted, ...others)
export type DomainEvent = typeof DomainEvent.Type

/** A signature's move when the words or the state change under it; a withdrawal is a person's act. */
export type SignatureMoved = typeof SignatureHeld.Type | typeof SignatureBound.Type | typeof SignatureVoid.Type

/**
 * An event as the log holds it. Stored rows are never rewritten, so a row may predate a field:
 * `contract.drafted` gained `amends` (and lost `origin`) after rows were written without it.
 */
export const LoggedDomainEvent = Schema.Union(
  event("contract.drafted", Schema.Struct({ ...draftedFields, amends: Schema.optional(Schema.NullOr(Text)) })),
  ...others
)
export type LoggedDomainEvent = typeof LoggedDomainEvent.Type
