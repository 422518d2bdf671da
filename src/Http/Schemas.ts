import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Rejection } from "../Domain/Contract/Rejection.js"

/** Strict bodies: an unknown field is a mistake worth naming, as Stripe does. */
export const Body = <Fields extends Schema.Struct.Fields>(fields: Fields) => Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "error" } })

const ErrorEnvelope = Schema.Struct({
  error: Schema.Struct({ type: Schema.String, code: Schema.String, message: Schema.String, param: Schema.optional(Schema.String), doc_url: Schema.String })
})

/**
 * Handlers fail with Rejection, which the gateway writes as the spec's envelope; declaring it on
 * the API lets the types say so. The document's error responses come from each endpoint's policy
 * and Refusals instead (OpenApiDocument.ts), since one schema cannot say which codes an operation has.
 */
export const RejectionError = Schema.transform(ErrorEnvelope, Rejection, {
  strict: false,
  decode: (wire) => ({ _tag: "Rejection" as const, code: wire.error.code, message: wire.error.message, param: wire.error.param }),
  encode: (rejection) => ({ error: { type: "", code: rejection.code, message: rejection.message, param: rejection.param, doc_url: "" } })
}).annotations({ ...HttpApiSchema.annotations({ status: 400 }), identifier: "Rejection" })

export const Page = <A, I, R>(row: Schema.Schema<A, I, R>) =>
  Schema.Struct({ data: Schema.Array(row), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Schema.String) })

export const Limit = Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 100))
