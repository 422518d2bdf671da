import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { allErrorCodes, type ErrorCode, errorCodes } from "../Domain/Api/ErrorCodes.js"
import { Rejection } from "../Domain/Contract/Rejection.js"

/** Strict bodies: an unknown field is a mistake worth naming, as Stripe does. */
export const Body = <Fields extends Schema.Struct.Fields>(fields: Fields) => Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "error" } })

/**
 * The statuses `codes` answer with, and the codes of each: a code's own status from the error
 * table, plus the two statuses a code has beside its own (`408 invalid_request` for a request
 * that stopped arriving, `503 api_error` while the service starts or a contract's runner is away).
 */
export const codesByStatus = (codes: Iterable<ErrorCode>): ReadonlyMap<number, ReadonlyArray<ErrorCode>> => {
  const byStatus = new Map<number, Array<ErrorCode>>()
  for (const code of new Set(codes)) byStatus.set(errorCodes[code][0], [...(byStatus.get(errorCodes[code][0]) ?? []), code])
  return byStatus.set(408, ["invalid_request"]).set(503, ["api_error"])
}

/**
 * The envelope as it arrives at one status, read into the Rejection a handler failed with: its
 * code must be one that status carries (a typed client checks the wire against the table), and
 * the fields beside the envelope (`current_hash`, `letter_preview`…) become its `details`.
 */
const refusalAt = (status: number, codes: ReadonlyArray<ErrorCode>) =>
  Schema.transform(
    Schema.Struct({
      error: Schema.Struct({
        type: Schema.String,
        code: Schema.Literal(...codes),
        message: Schema.String,
        param: Schema.optional(Schema.String),
        doc_url: Schema.String
      })
    }, Schema.Record({ key: Schema.String, value: Schema.Unknown })),
    Rejection,
    {
      strict: false,
      decode: ({ error, ...details }) => ({
        _tag: "Rejection" as const,
        code: error.code,
        message: error.message,
        param: error.param,
        ...(Object.keys(details).length === 0 ? {} : { details })
      }),
      encode: (rejection) => ({
        ...rejection.details,
        error: { type: errorCodes[rejection.code][1], code: rejection.code, message: rejection.message, param: rejection.param, doc_url: "" }
      })
    }
  ).annotations({ ...HttpApiSchema.annotations({ status }), identifier: `Refusal${status}` })

/**
 * Handlers fail with Rejection, which the gateway writes as the spec's envelope. Declared at every
 * status the table uses, so `HttpApiClient.make(Api)` decodes each refusal (a `409 words_changed`
 * with its `current_hash`, a `428`, a `429`) into the Rejection, not a decode failure. The
 * document's error responses come from each endpoint's policy and Refusals instead
 * (OpenApiDocument.ts), since one schema cannot say which codes an operation has.
 */
export const RejectionErrors = [...codesByStatus(allErrorCodes)].map(([status, codes]) => refusalAt(status, codes))

export const Page = <A, I, R>(row: Schema.Schema<A, I, R>) =>
  Schema.Struct({ data: Schema.Array(row), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Schema.String) })

export const Limit = Schema.NumberFromString.pipe(Schema.int(), Schema.between(1, 100))
