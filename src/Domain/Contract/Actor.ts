import { Schema } from "effect"
import { modes } from "./Mode.js"

export const PersonRef = Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String })

/** Who is calling, as the core sees it: a person (or none, for an org key reading org-wide). */
export const Actor = Schema.Struct({
  mode: Schema.Literal(...modes),
  org: Schema.NullOr(Schema.String),
  person: Schema.NullOr(PersonRef),
  /** A guest link names one party on one contract, and nothing else. */
  guest: Schema.NullOr(Schema.Struct({ contract: Schema.String, party: Schema.String }))
})
export type Actor = typeof Actor.Type
