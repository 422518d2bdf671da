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
