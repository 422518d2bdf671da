import { Schema } from "effect"
import { PersonRef } from "./Actor.js"
import { capacities } from "./Contract.js"

/** A person a Send or an invite names, resolved by the shell: an org's person, or an outside one. */
export const Recipient = Schema.Struct({
  person: Schema.Struct({ ...PersonRef.fields, org: Schema.NullOr(Schema.String) }),
  capacity: Schema.Array(Schema.Literal(...capacities)),
  /** For an external person: the guest link token (shown once, in the mail) and its hash (kept). */
  guest: Schema.NullOr(Schema.Struct({ token: Schema.String, hash: Schema.String }))
})
export type Recipient = typeof Recipient.Type
