import { Entity } from "@effect/cluster"
import { Rpc } from "@effect/rpc"
import { Schema } from "effect"
import { capacities, sides } from "../Domain/Contract/Contract.js"
import { modes } from "../Domain/Contract/Mode.js"
import { decisionTypes } from "../Domain/Negotiation/AsksAndLetters.js"
import { Rejection } from "../Domain/Contract/Rejection.js"
import { FactValue } from "./Schemas.js"

export const ActorSchema = Schema.Struct({
  mode: Schema.Literal(...modes),
  org: Schema.NullOr(Schema.String),
  person: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String })),
  guest: Schema.NullOr(Schema.Struct({ contract: Schema.String, party: Schema.String }))
})

const Recipient = Schema.Struct({
  person: Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String, org: Schema.NullOr(Schema.String) }),
  capacity: Schema.Array(Schema.Literal(...capacities)),
  guest: Schema.NullOr(Schema.Struct({ token: Schema.String, hash: Schema.String }))
})

// Results are plain JSON values decided by the core; the HTTP edge gives them their wire schema.
const command = <const Tag extends string, Fields extends Schema.Struct.Fields>(tag: Tag, fields: Fields) =>
  Rpc.make(tag, { payload: { actor: ActorSchema, ...fields }, success: Schema.Unknown, error: Rejection })

const ifMatch = Schema.String
const confirmedBy = Schema.optional(Schema.String)

/** The single writer of one contract: every write is one of these messages, handled one at a time. */
export const Contract = Entity.make("Contract", [
  command("Draft", { template_id: Schema.String, facts: Schema.Record({ key: Schema.String, value: FactValue }) }),
  // scopes: the key's, for the core to check the one the contract's state calls for; null for a guest link.
  command("SetFact", { fact_id: Schema.String, value: FactValue, if_match: ifMatch, scopes: Schema.NullOr(Schema.Array(Schema.String)) }),
  command("ConfirmFact", { fact_id: Schema.String }),
  command("Send", {
    recipients: Schema.Array(Recipient),
    note: Schema.NullOr(Schema.String),
    confirmed_by: confirmedBy,
    if_match: ifMatch,
    relationship: Schema.Struct({ id: Schema.String, created: Schema.Boolean, key: Schema.String, org: Schema.NullOr(Schema.String) })
  }),
  command("StageDecision", {
    ask_id: Schema.optional(Schema.String),
    block_id: Schema.optional(Schema.String),
    type: Schema.Literal(...decisionTypes),
    text: Schema.optional(Schema.String),
    why: Schema.optional(Schema.String),
    if_match: ifMatch
  }),
  command("WithdrawDecision", { decision_id: Schema.String }),
  command("SetReplyNote", { note: Schema.NullOr(Schema.String) }),
  command("DiscardReply", {}),
  command("CommitReply", { note: Schema.NullOr(Schema.String), confirmed_by: confirmedBy, if_match: ifMatch }),
  command("WithdrawAsk", { ask_id: Schema.String }),
  command("Invite", { invitee: Recipient, side: Schema.optional(Schema.Literal(...sides)) }),
  command("RemoveParty", { party_id: Schema.String }),
  command("Cancel", { reason: Schema.String }),
  command("Sign", {
    text_hash: Schema.String,
    confirmed_by: confirmedBy,
    intent: Schema.optional(Schema.String),
    mark: Schema.NullOr(Schema.Struct({ kind: Schema.Literal("typed", "image"), checksum: Schema.String, text: Schema.NullOr(Schema.String) }))
  }),
  command("WithdrawSignature", { signature_id: Schema.String, confirmed_by: confirmedBy }),
  // Sent to the new contract's entity: the parent is executed or filed, so reading it is safe.
  command("Amend", { parent: Schema.String, note: Schema.NullOr(Schema.String) })
])
