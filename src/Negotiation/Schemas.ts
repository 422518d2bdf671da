import { Schema } from "effect"
import { capacities } from "../Domain/Contract/Contract.js"
import { decisionTypes } from "../Domain/Negotiation/AsksAndLetters.js"
import { Body } from "../Http/Schemas.js"

const Id = Schema.String
const Email = Schema.Trim.pipe(Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: () => "must be an email address" }), Schema.maxLength(320))

export const SendRequest = Body({
  // Optional only for an amendment, whose first Send defaults to the parent's other side.
  recipients: Schema.optional(
    Schema.Array(Body({
      email: Email,
      name: Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200)),
      capacity: Schema.Array(Schema.Literal(...capacities)).pipe(Schema.minItems(1, { message: () => "capacity must name negotiator, signer or both" }))
    })).pipe(Schema.minItems(1), Schema.maxItems(20))
  ),
  note: Schema.optional(Schema.String.pipe(Schema.maxLength(5000))),
  confirmed_by: Schema.optional(Id)
}).annotations({ identifier: "SendRequest" })

export const DecisionRequest = Body({
  ask_id: Schema.optional(Id),
  block_id: Schema.optional(Id),
  type: Schema.Literal(...decisionTypes),
  text: Schema.optional(Schema.String),
  why: Schema.optional(Schema.String)
}).annotations({ identifier: "DecisionRequest" })

export const Decision = Schema.Struct({
  id: Id,
  object: Schema.Literal("decision"),
  ask: Schema.NullOr(Id),
  type: Schema.Literal(...decisionTypes),
  text: Schema.NullOr(Schema.String),
  why: Schema.NullOr(Schema.String),
  person_id: Id,
  staged_at: Schema.String,
  state: Schema.Literal("staged", "sent"),
  sent: Schema.Boolean
}).annotations({ identifier: "Decision" })

const Tally = Schema.Struct({ agreed: Schema.Array(Id), awaiting: Schema.Array(Id) })

export const Ask = Schema.Struct({
  id: Id,
  object: Schema.Literal("ask"),
  block: Id,
  type: Schema.Literal("replace", "grouped"),
  state: Schema.Literal("open", "landed", "voided", "withdrawn"),
  standing: Schema.String,
  proposed: Schema.String,
  changes: Schema.Array(Schema.Struct({ block: Id, standing: Schema.String, proposed: Schema.String })),
  why: Schema.NullOr(Schema.String),
  proposer: Id,
  tally: Tally,
  opened_in: Id,
  closed_in: Schema.NullOr(Id),
  voided_by: Schema.NullOr(Id)
}).annotations({ identifier: "Ask" })

export const AskRow = Schema.Struct({ ...Ask.fields, decided_by_me: Schema.NullOr(Schema.Literal(...decisionTypes)) })

// `from`, `sent_at` and `confirmed_by` are a sent letter's (null on an imported one); `author` and
// `authored_at` an imported letter's (null on a sent one). An imported letter has no asks or decisions.
export const Letter = Schema.Struct({
  id: Id,
  object: Schema.Literal("letter"),
  kind: Schema.Literal("sent", "imported"),
  sequence: Schema.Int,
  from: Schema.NullOr(Id),
  to: Schema.Array(Id),
  note: Schema.NullOr(Schema.String),
  sent_at: Schema.NullOr(Schema.String),
  confirmed_by: Schema.NullOr(Id),
  author: Schema.NullOr(Schema.String),
  authored_at: Schema.NullOr(Schema.String),
  asks: Schema.Array(Ask),
  decisions: Schema.Array(Decision)
}).annotations({ identifier: "Letter" })

export const Reply = Schema.Struct({
  object: Schema.Literal("reply"),
  decisions: Schema.Array(Decision),
  note: Schema.NullOr(Schema.String),
  words_hash: Schema.String,
  letter_preview: Schema.Struct({ note: Schema.NullOr(Schema.String), asks: Schema.Array(Id), to: Schema.Array(Id) }),
  landed_if_sent: Schema.Array(Id),
  opens_if_sent: Schema.Array(Id)
}).annotations({ identifier: "Reply" })

export const NoteRequest = Body({ note: Schema.NullOr(Schema.String.pipe(Schema.maxLength(5000))) })

export const CommitRequest = Body({
  note: Schema.optional(Schema.String.pipe(Schema.maxLength(5000))),
  confirmed_by: Schema.optional(Id)
}).annotations({ identifier: "CommitRequest" })

export const OutboxMessage = Schema.Struct({
  id: Id,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  /** null for a mail about no one contract (a webhook endpoint disabled). */
  contract: Schema.NullOr(Id),
  link: Schema.NullOr(Schema.String),
  created: Schema.String
}).annotations({ identifier: "OutboxMessage" })

export const Thread = Schema.Struct({
  thread: Id,
  object: Schema.Literal("thread"),
  block: Id,
  moves: Schema.Array(Schema.Struct({
    ask: Id,
    type: Schema.Literal(...decisionTypes),
    at: Schema.String,
    person: Id,
    from: Schema.String,
    to: Schema.String,
    letter: Id,
    standing: Schema.String
  })),
  talk: Schema.Array(Schema.Struct({ at: Schema.String, person: Id, text: Schema.String })),
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Id)
}).annotations({ identifier: "Thread" })
