import { Schema } from "effect"
import { capacities } from "../Domain/Contract/Contract.js"
import { decisionTypes } from "../Domain/Negotiation/AsksAndLetters.js"
import { skipReasons } from "../Domain/Playbooks/Outcome.js"
import { signatureStates } from "../Domain/Signing/Signature.js"
import { FactValue } from "./Payloads.js"

// What each write of the engine answers (src/Engine/Entity.ts): the core's result, stored with
// the write and decoded with the same schema when a request is resumed. The capabilities' HTTP
// schemas reuse them as the bodies of their answers.

const Id = Schema.String
const Count = Schema.Number

export const Question = Schema.Struct({
  id: Schema.String,
  asks: Schema.String,
  fact: Schema.optional(Schema.String).annotations({ description: "The fact whose blank the question is about; absent on a fork a prompt left open." }),
  blank: Schema.optional(Schema.String)
}).annotations({ identifier: "Question" })

export const ProposedRecipient = Schema.Struct({
  email: Schema.String,
  capacity: Schema.Array(Schema.Literal(...capacities))
}).annotations({ identifier: "ProposedRecipient" })

/** Read-only, computed from the words at each read: it follows every edit and is never written. */
export const FactReading = Schema.NullOr(Schema.String).annotations({
  description:
    "What the value reads as, or null: a `date` fact as an ISO date `YYYY-MM-DD` (`YYYY-MM` when no day is written); an `expiration_date` written as a term (\"five (5) years\") as the start (`effective_date`, else `agreement_date`) plus the term, to the anniversary with no day taken off, null when it runs until terminated; a `term` or `notice` fact as an ISO 8601 duration (`P1Y`, `P90D`, `P6M`); null for other kinds and for words that read as none."
})

export const FactEdit = Schema.Struct({
  applied: Schema.Boolean,
  decision_id: Schema.optional(Schema.String),
  grouped: Schema.optional(Schema.Boolean),
  blocks_touched: Schema.Array(Schema.String),
  words_hash: Schema.String
}).annotations({ identifier: "FactEdit" })

export const FactConfirmation = Schema.Struct({
  id: Schema.String,
  value: FactValue,
  normalized: FactReading,
  inferred: Schema.Literal(false),
  occurrences: Schema.Array(Schema.String),
  confirmed_by: Schema.String,
  words_hash: Schema.String
}).annotations({ identifier: "FactConfirmation" })

export const SendResult = Schema.Struct({
  state: Schema.String,
  letter: Id,
  relationship: Id,
  relationship_created: Schema.Boolean,
  words_hash: Schema.String,
  /** What went out unsettled (docs/gaps.md "The send warning"); null when nothing did. */
  warning: Schema.NullOr(Schema.Struct({
    code: Schema.Literal("unconfirmed_content"),
    message: Schema.String,
    facts: Schema.Array(Id),
    blocks: Schema.Array(Id)
  }))
}).annotations({ identifier: "SendResult" })

export const Staged = Schema.Struct({
  id: Id,
  object: Schema.Literal("decision"),
  type: Schema.Literal(...decisionTypes),
  state: Schema.Literal("staged"),
  sent: Schema.Literal(false),
  ask: Id,
  ask_created: Schema.optional(Schema.Literal(true)),
  words_hash: Schema.String
}).annotations({ identifier: "StagedDecision" })

export const Deleted = Schema.Struct({ id: Id, object: Schema.Literal("decision"), deleted: Schema.Literal(true), words_hash: Schema.String })
  .annotations({ identifier: "DeletedDecision" })

export const CommitResult = Schema.Struct({
  letter: Id,
  state: Schema.String,
  landed: Schema.Array(Id),
  re_asked: Schema.Array(Schema.Unknown),
  asks_opened: Schema.Array(Id),
  words_hash: Schema.String
}).annotations({ identifier: "CommitResult" })

export const Invited = Schema.Struct({
  party: Schema.String,
  person: Schema.String,
  invited: Schema.Boolean,
  link_sent: Schema.Boolean,
  words_hash: Schema.String
}).annotations({ identifier: "Invited" })

export const Removed = Schema.Struct({
  removed: Schema.String,
  decisions_preserved: Schema.Int,
  required_signers: Schema.Array(Schema.Struct({ party: Schema.String, person: Schema.String, name: Schema.String, capacity: Schema.Array(Schema.String) })),
  tally_recomputed: Schema.Boolean,
  token_revoked: Schema.Boolean,
  words_hash: Schema.String
}).annotations({ identifier: "PartyRemoved" })

export const Cancelled = Schema.Struct({
  state: Schema.Literal("cancelled"),
  cancelled_at: Schema.String,
  cancelled_by: Schema.String,
  letter: Schema.String,
  words_hash: Schema.String
}).annotations({ identifier: "Cancelled" })

export const AskWithdrawn = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("ask"),
  state: Schema.Literal("withdrawn"),
  contract: Schema.String,
  words_hash: Schema.String
}).annotations({ identifier: "AskWithdrawn" })

export const PinnedMark = Schema.Struct({
  kind: Schema.Literal("typed", "image"),
  checksum: Schema.String,
  text: Schema.NullOr(Schema.String)
}).annotations({ identifier: "PinnedMark" })

export const Signature = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("signature"),
  contract: Schema.String,
  party: Schema.String,
  person: Schema.String,
  name: Schema.String,
  state: Schema.Literal(...signatureStates),
  bound_hash: Schema.String,
  intent: Schema.String,
  mark: Schema.NullOr(PinnedMark),
  confirmed_by: Schema.String,
  signed_at: Schema.String,
  struck_at: Schema.NullOr(Schema.String)
}).annotations({ identifier: "Signature" })

/** A signature just made or withdrawn, with what it did to the contract. */
export const Signed = Schema.Struct({ ...Signature.fields, contract_state: Schema.String, words_hash: Schema.String })
  .annotations({ identifier: "Signed" })

export const ImportSummary = Schema.Struct({
  contract: Id,
  state: Schema.String,
  blocks: Count,
  unverified: Schema.Array(Id),
  signature_blocks: Count,
  facts_inferred: Count,
  fields: Count
})

export const BlockConfirmation = Schema.Struct({
  id: Id,
  kind: Schema.String,
  text: Schema.String,
  confidence: Schema.NullOr(Schema.Number),
  verification: Schema.Literal("verified"),
  confirmed_by: Id,
  words_hash: Schema.String
}).annotations({ identifier: "BlockConfirmation" })

/** What the core decided, as the entity answers it. */
export const PlaybookOutcome = Schema.Struct({
  staged: Schema.Array(Schema.Struct({
    decision: Schema.String,
    ask: Schema.String,
    type: Schema.Literal("accept", "counter"),
    rule: Schema.String,
    why: Schema.String
  })),
  skipped: Schema.Array(Schema.Struct({ ask: Schema.String, reason: Schema.Literal(...skipReasons), rule: Schema.NullOr(Schema.String) })),
  words_hash: Schema.String
})

/** An amendment's first Send goes to the parent's other side when it names no one. */
export const AmendmentRecipients = Schema.Array(
  Schema.Struct({ email: Schema.String, name: Schema.String, capacity: Schema.Array(Schema.Literal(...capacities)) })
)
