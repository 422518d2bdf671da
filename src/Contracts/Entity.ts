import { Entity } from "@effect/cluster"
import { Rpc } from "@effect/rpc"
import { Schema } from "effect"
import { modes } from "../Domain/Mode.js"
import { Rejection } from "../Domain/Rejection.js"
import { FactValue } from "./Schemas.js"

export const ActorSchema = Schema.Struct({
  mode: Schema.Literal(...modes),
  org: Schema.NullOr(Schema.String),
  person: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String }))
})

// Results are plain JSON values decided by the core; the HTTP edge gives them their wire schema.
const Result = Schema.Unknown

/** The single writer of one contract: every write is one of these messages, handled one at a time. */
export const Contract = Entity.make("Contract", [
  Rpc.make("Draft", {
    payload: { actor: ActorSchema, template_id: Schema.String, facts: Schema.Record({ key: Schema.String, value: FactValue }) },
    success: Result,
    error: Rejection
  }),
  Rpc.make("SetFact", {
    payload: { actor: ActorSchema, fact_id: Schema.String, value: FactValue, if_match: Schema.String },
    success: Result,
    error: Rejection
  }),
  Rpc.make("ConfirmFact", {
    payload: { actor: ActorSchema, fact_id: Schema.String },
    success: Result,
    error: Rejection
  })
])
