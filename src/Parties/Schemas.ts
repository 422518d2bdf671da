import { Schema } from "effect"
import { capacities, sides } from "../Domain/Contract/Contract.js"
import { Body } from "../Http/Schemas.js"

export const InviteRequest = Body({
  email: Schema.Trim.pipe(Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: () => "must be an email address" }), Schema.maxLength(320)),
  name: Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200)),
  capacity: Schema.Array(Schema.Literal(...capacities)).pipe(Schema.minItems(1, { message: () => "capacity must name negotiator, signer or both" })),
  // Additive: the drafting side may invite onto the counterparty side. Default: the caller's own side.
  side: Schema.optional(Schema.Literal(...sides))
}).annotations({ identifier: "InviteRequest" })

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
