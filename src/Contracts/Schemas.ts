import { Deadlines } from "../Deadlines/Schemas.js"
import { Schema } from "effect"
import { capacities, contractStates, origins } from "../Domain/Contract/Contract.js"
import { factKinds } from "../Domain/Words/Fact.js"
import { blockKinds, verifications } from "../Domain/Words/Blocks.js"
import { Body, Page } from "../Http/Schemas.js"
import { SignatureState } from "../Signatures/Schemas.js"
import { FactValue } from "../Engine/Payloads.js"
import { AmendmentRecipients, FactReading, ProposedRecipient, Question } from "../Engine/Results.js"

export const Block = Schema.Struct({
  id: Schema.String,
  number: Schema.Int,
  kind: Schema.Literal(...blockKinds),
  text: Schema.String,
  /** Imported blocks only: the parser's confidence (0 to 1), `unverified` under the threshold, and where the block was read from. */
  confidence: Schema.optional(Schema.Number),
  verification: Schema.optional(Schema.Literal(...verifications)),
  source_span: Schema.optional(Schema.Struct({ asset: Schema.String, page: Schema.Number, offset_start: Schema.Number, offset_end: Schema.Number }))
}).annotations({ identifier: "Block" })

export const Fact = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  label: Schema.String,
  kind: Schema.Literal(...factKinds),
  value: FactValue,
  normalized: FactReading,
  inferred: Schema.Boolean,
  missing: Schema.Boolean,
  occurrences: Schema.Array(Schema.String),
  confirmed_by: Schema.NullOr(Schema.String)
}).annotations({ identifier: "Fact" })

export const Party = Schema.Struct({
  id: Schema.String,
  person: Schema.String,
  name: Schema.String,
  email: Schema.String,
  side: Schema.Literal("drafter", "counterparty"),
  capacity: Schema.Array(Schema.Literal(...capacities))
}).annotations({ identifier: "Party" })

export const You = Schema.Struct({
  person: Schema.NullOr(Schema.String),
  party: Schema.NullOr(Schema.String),
  capacity: Schema.Array(Schema.Literal(...capacities)),
  is_guest: Schema.Boolean
}).annotations({ identifier: "You" })

export const Ready = Schema.Struct({
  to_send: Schema.Boolean,
  missing_facts: Schema.Array(Schema.String),
  unconfirmed_facts: Schema.Array(Schema.String),
  unverified_blocks: Schema.Array(Schema.String)
}).annotations({ identifier: "Ready" })

const State = Schema.Literal(...contractStates)
const Origin = Schema.Literal(...origins)

export const Sheet = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("contract"),
  livemode: Schema.Boolean,
  title: Schema.String,
  state: State,
  origin: Origin,
  url: Schema.String,
  relationship: Schema.NullOr(Schema.String),
  amends: Schema.NullOr(Schema.String),
  /** Filed contracts only: the importer's claim that it was signed elsewhere; provenance, never proof. */
  signed_elsewhere: Schema.optional(Schema.Struct({ claimed_by: Schema.String, claimed_at: Schema.String, asset: Schema.String })),
  words_hash: Schema.String,
  head_sequence: Schema.Int,
  blocks: Schema.Array(Block),
  facts: Schema.Array(Fact),
  parties: Schema.Array(Party),
  ready: Ready,
  deadlines: Deadlines,
  you: You,
  created_at: Schema.String,
  updated_at: Schema.String
}).annotations({ identifier: "Sheet" })

export const maxPromptLength = 5_000

export const DraftRequest = Body({
  template_id: Schema.optional(Schema.String),
  prompt: Schema.optional(Schema.String.pipe(Schema.maxLength(maxPromptLength))),
  facts: Schema.optional(Schema.Record({ key: Schema.String, value: FactValue }))
}).annotations({ identifier: "DraftRequest" })

export const Drafted = Schema.Struct({
  ...Sheet.fields,
  questions: Schema.Array(Question),
  proposed_recipients: Schema.optional(Schema.Array(ProposedRecipient)).annotations({
    description: "Drafts from a prompt only: the people the prompt named, for a Send to use. Nothing is sent."
  })
}).annotations({ identifier: "Drafted" })

export const AmendRequest = Body({ note: Schema.optional(Schema.String.pipe(Schema.maxLength(5000))) }).annotations({ identifier: "AmendRequest" })

export const Amended = Schema.Struct({
  ...Sheet.fields,
  version: Schema.Int,
  /** The other side of the parent: the first Send's recipients when it names none. */
  recipients: AmendmentRecipients
}).annotations({ identifier: "Amended" })

export const ListRow = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("contract"),
  state: State,
  origin: Origin,
  title: Schema.String,
  relationship: Schema.NullOr(Schema.String),
  words_hash: Schema.String,
  head_sequence: Schema.Int,
  created_at: Schema.String,
  updated_at: Schema.String
}).annotations({ identifier: "ContractRow" })

export const ContractPage = Page(ListRow)

export const ListQuery = Schema.Struct({
  origin: Schema.optional(Schema.String),
  state: Schema.optional(Schema.String),
  relationship: Schema.optional(Schema.String),
  updated_since: Schema.optional(Schema.String),
  /** Additive (docs/after-signing.md): contracts whose current term ends before this date (`YYYY-MM-DD`). */
  expires_before: Schema.optional(Schema.String),
  /** Additive: contracts whose last day to give notice against a renewal is before this date. */
  notice_before: Schema.optional(Schema.String),
  starting_after: Schema.optional(Schema.String),
  limit: Schema.optional(Schema.String)
})

const Tally = Schema.Struct({ agreed: Schema.Array(Schema.String), awaiting: Schema.Array(Schema.String) })

export const StateRead = Schema.Struct({
  contract: Schema.String,
  state: State,
  words_hash: Schema.String,
  head_sequence: Schema.Int,
  updated_at: Schema.String,
  you: You,
  letters: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      kind: Schema.Literal("sent", "imported"),
      sequence: Schema.Int,
      // null on an imported letter: it has no sending party and was not sent here.
      from: Schema.NullOr(Schema.String),
      sent_at: Schema.NullOr(Schema.String)
    })
  ),
  asks_open: Schema.Array(Schema.Struct({ id: Schema.String, block: Schema.String, tally: Tally })),
  asks_landed: Schema.Array(Schema.String),
  asks_voided: Schema.Array(Schema.String),
  owed: Schema.Array(Schema.Struct({ party: Schema.String, since: Schema.String })),
  my_reply: Schema.Struct({ decisions: Schema.Int, note: Schema.NullOr(Schema.String), sent: Schema.Boolean }),
  signatures: SignatureState
}).annotations({ identifier: "StateRead" })

export const SetFactRequest = Body({ value: FactValue }).annotations({ identifier: "SetFactRequest" })

export const Event = Schema.Struct({
  id: Schema.String,
  sequence: Schema.Int,
  type: Schema.String,
  created: Schema.String,
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}).annotations({ identifier: "Event" })

export const EventPage = Schema.Struct({
  data: Schema.Array(Event),
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Schema.String),
  head_sequence: Schema.Int
}).annotations({ identifier: "EventPage" })

export const EventsQuery = Schema.Struct({
  starting_after: Schema.optional(Schema.String),
  limit: Schema.optional(Schema.String)
})

export const IfMatchHeader = Schema.Struct({ "if-match": Schema.optional(Schema.String) })
