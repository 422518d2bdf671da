import { Entity } from "@effect/cluster"
import { Rpc } from "@effect/rpc"
import { Schema } from "effect"
import { Actor } from "../Domain/Contract/Actor.js"
import { sides } from "../Domain/Contract/Contract.js"
import { Recipient } from "../Domain/Contract/Recipient.js"
import { Rejection } from "../Domain/Contract/Rejection.js"
import { decisionTypes } from "../Domain/Negotiation/AsksAndLetters.js"
import { FactValue, ParseMessage, Rule } from "./Payloads.js"
import {
  AmendmentRecipients,
  AskWithdrawn,
  BlockConfirmation,
  Cancelled,
  CommitResult,
  Deleted,
  FactConfirmation,
  FactEdit,
  ImportSummary,
  Invited,
  PlaybookOutcome,
  ProposedRecipient,
  Question,
  Removed,
  SendResult,
  Signed,
  Staged
} from "./Results.js"

// Each message declares what its write answers: the core's result, typed from the edge to the
// core and back; on a resumed request the stored result is decoded with the same schema.
const command = <const Tag extends string, Fields extends Schema.Struct.Fields, Success extends Schema.Schema.Any>(
  tag: Tag,
  fields: Fields,
  success: Success
) => Rpc.make(tag, { payload: { actor: Actor, ...fields }, success, error: Rejection })

const hash = Schema.String
const confirmer = Schema.optional(Schema.String)
const ownReply = Schema.Struct({ party: Schema.String })

// A prompt's draft is a template's draft with the forks the prompt left open and the people it named.
export const Draft = command(
  "Draft",
  {
    templateId: Schema.String,
    facts: Schema.Record({ key: Schema.String, value: FactValue }),
    prompted: Schema.optional(Schema.Struct({ forks: Schema.Array(Schema.String), recipients: Schema.Array(ProposedRecipient) })),
    // An agent's draft (MCP): its origin is `mcp`, whatever it was drafted from.
    agent: Schema.optional(Schema.Literal("mcp"))
  },
  Schema.Struct({
    questions: Schema.Array(Question),
    proposed_recipients: Schema.optional(Schema.Array(ProposedRecipient))
  })
)
// scopes: the key's, for the core to check the one the contract's state calls for; null for a guest link.
export const SetFact = command(
  "SetFact",
  { factId: Schema.String, value: FactValue, ifMatch: hash, scopes: Schema.NullOr(Schema.Array(Schema.String)) },
  FactEdit
)
export const ConfirmFact = command("ConfirmFact", { factId: Schema.String }, FactConfirmation)
export const Send = command("Send", {
  recipients: Schema.Array(Recipient),
  note: Schema.NullOr(Schema.String),
  confirmedBy: confirmer,
  ifMatch: hash,
  relationship: Schema.Struct({ id: Schema.String, created: Schema.Boolean, key: Schema.String, org: Schema.NullOr(Schema.String) })
}, SendResult)
export const StageDecision = command("StageDecision", {
  askId: Schema.optional(Schema.String),
  blockId: Schema.optional(Schema.String),
  type: Schema.Literal(...decisionTypes),
  text: Schema.optional(Schema.String),
  why: Schema.optional(Schema.String),
  ifMatch: hash
}, Staged)
// The caller's rules travel with the message: the core decides from them and the contract alone.
export const ApplyPlaybook = command("ApplyPlaybook", {
  askIds: Schema.optional(Schema.Array(Schema.String)),
  rules: Schema.Array(Rule),
  ifMatch: hash
}, PlaybookOutcome)
export const WithdrawDecision = command("WithdrawDecision", { decisionId: Schema.String }, Deleted)
export const SetReplyNote = command("SetReplyNote", { note: Schema.NullOr(Schema.String) }, ownReply)
export const DiscardReply = command("DiscardReply", {}, ownReply)
export const CommitReply = command("CommitReply", { note: Schema.NullOr(Schema.String), confirmedBy: confirmer, ifMatch: hash }, CommitResult)
export const WithdrawAsk = command("WithdrawAsk", { askId: Schema.String }, AskWithdrawn)
// `invited` false, with nothing sent, for someone already listed.
export const Invite = command("Invite", { invitee: Recipient, side: Schema.optional(Schema.Literal(...sides)) }, Invited)
export const RemoveParty = command("RemoveParty", { partyId: Schema.String }, Removed)
export const Cancel = command("Cancel", { reason: Schema.String }, Cancelled)
export const Sign = command("Sign", {
  textHash: Schema.String,
  confirmedBy: confirmer,
  intent: Schema.optional(Schema.String),
  mark: Schema.NullOr(Schema.Struct({ kind: Schema.Literal("typed", "image"), checksum: Schema.String, text: Schema.NullOr(Schema.String) }))
}, Signed)
export const WithdrawSignature = command("WithdrawSignature", { signatureId: Schema.String, confirmedBy: confirmer }, Signed)
// Sent to the new contract's entity: the parent is executed or filed, so reading it is safe.
export const Amend = command(
  "Amend",
  { parent: Schema.String, note: Schema.NullOr(Schema.String) },
  Schema.Struct({
    recipients: AmendmentRecipients
  })
)

// Sent by the import worker to the contract its import planned: a second send (a resumed import) answers the first's summary.
export const Import = command(
  "Import",
  { importId: Schema.String, asset: Schema.String, parse: ParseMessage, filed: Schema.Boolean, origin: Schema.optional(Schema.Literal("email")) },
  ImportSummary
)
export const ConfirmBlock = command(
  "ConfirmBlock",
  { blockId: Schema.String, text: Schema.optional(Schema.String), ifMatch: hash, scopes: Schema.NullOr(Schema.Array(Schema.String)) },
  BlockConfirmation
)
// Sent by mail ingress (no HTTP route): one letter of the thread that came before, recorded, never a round.
export const ImportLetter = command(
  "ImportLetter",
  { author: Schema.String, authoredAt: Schema.NullOr(Schema.String), note: Schema.NullOr(Schema.String), ingress: Schema.String },
  Schema.Struct({ letter: Schema.String, sequence: Schema.Int })
)

// Sent by the deadline scheduler: time passed `now`; the core acts on every key date due by then, each once.
export const PassTime = command(
  "PassTime",
  { now: Schema.String, window_days: Schema.optional(Schema.Int), amended_by: Schema.optional(Schema.String) },
  Schema.Struct({ acted: Schema.Array(Schema.String) })
)

/** The single writer of one contract: every write is one of these messages, handled one at a time. */
export const Contract = Entity.make("Contract", [
  Draft,
  SetFact,
  ConfirmFact,
  Send,
  StageDecision,
  ApplyPlaybook,
  WithdrawDecision,
  SetReplyNote,
  DiscardReply,
  CommitReply,
  WithdrawAsk,
  Invite,
  RemoveParty,
  Cancel,
  Sign,
  WithdrawSignature,
  Amend,
  Import,
  ConfirmBlock,
  ImportLetter,
  PassTime
])
