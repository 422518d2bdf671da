import { Schema } from "effect"
import { allErrorCodes, type ErrorCode } from "../Api/ErrorCodes.js"

/**
 * The core's refusal: a spec error code with its message. The HTTP edge turns the code into the
 * status and type of the spec's table; `details` are the extra fields that sit beside the envelope.
 */
export class Rejection extends Schema.TaggedError<Rejection>()("Rejection", {
  code: Schema.Literal(...allErrorCodes),
  message: Schema.String,
  param: Schema.optional(Schema.String),
  details: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
}) {}

export const reject = (
  code: ErrorCode,
  message: string,
  options?: { readonly param?: string; readonly details?: Record<string, unknown> }
): Rejection => new Rejection({ code, message, ...options })

/**
 * A value as an error message may quote it: a short prefix, well-formed, with no control
 * characters, so a hostile or megabyte-long value is never echoed back whole.
 */
export const excerpt = (value: string, max = 40): string => {
  // eslint-disable-next-line no-control-regex -- the control characters are what it replaces
  const clean = value.toWellFormed().replace(/[\u0000-\u001f\u007f]/g, "\ufffd")
  return clean.length <= max ? clean : `${clean.slice(0, max)}…`
}

export const notFound = (what: string, id: string, param?: string): Rejection =>
  reject("not_found", `No such ${what}: '${excerpt(id)}'`, param === undefined ? undefined : { param })

/** What every unexpected failure answers: the cause is logged, never sent. */
export const internalError = new Rejection({
  code: "api_error",
  message: "An unexpected error occurred on our side. It has been logged; please retry later."
})
