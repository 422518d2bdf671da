import { HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { RouteNotFound } from "@effect/platform/HttpServerError"
import { Cause, Data, Effect } from "effect"
import { excerpt, internalError, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { BodyStalled } from "../Http/BodyReader.js"
import { fromDecodeError } from "../Http/DecodeErrors.js"
import { errorResponse } from "../Http/Envelope.js"
import { requestTarget, type RouteTable } from "../Http/RouteTable.js"
import { ContractUnavailable } from "../Engine/ContractUnavailable.js"
import { noteFailure } from "../Operations/RequestLogNotes.js"

/** A refusal whose answer says when to come back (`Retry-After`, in seconds). */
export class RetryLater extends Data.TaggedError("RetryLater")<{ readonly rejection: Rejection; readonly seconds: number }> {}

// The spec shows no code for it: api_error, as while the service starts (docs/gaps.md).
const unavailable = reject("api_error", "This contract's runner did not answer in time; retry after Retry-After seconds with the same Idempotency-Key.")

const stalled = (seconds: number) => reject("invalid_request", `The request body stopped arriving for ${seconds} seconds.`)

export const unrecognized = (method: string, path: string) => reject("not_found", `Unrecognized request URL (${method}: ${excerpt(path, 100)}).`)

/**
 * The one way out: a step's refusal, a handler's failure or an unknown route answers in the
 * spec's envelope; anything unexpected is logged and answered `500` with nothing internal.
 */
export const answering = (routes: RouteTable, docsUrl: string) => <R>(app: Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, R>) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const fail = (rejection: Rejection, headers?: Record<string, string>, status?: number) => Effect.succeed(errorResponse(rejection, docsUrl, headers, status))
    return yield* app.pipe(
      Effect.catchAllCause((cause) => {
        const failure = Cause.failureOption(cause)
        if (failure._tag === "Some" && !Cause.isInterruptedOnly(cause)) {
          const error = failure.value
          if (error instanceof Rejection) return fail(error)
          if (error instanceof RetryLater) return fail(error.rejection, { "retry-after": String(error.seconds) })
          if (error instanceof BodyStalled) return fail(stalled(error.seconds), { connection: "close" }, 408)
          if (error instanceof HttpApiDecodeError) return fail(fromDecodeError(error))
          if (error instanceof RouteNotFound) {
            const path = requestTarget(request.url)?.pathname ?? request.url
            const allowed = routes.methodsAt(path)
            return fail(unrecognized(request.method, path), allowed.length === 0 ? {} : { allow: allowed.join(", ") })
          }
        }
        const defect = Cause.dieOption(cause)
        if (defect._tag === "Some" && defect.value instanceof ContractUnavailable) {
          return Effect.zipRight(
            noteFailure(defect.value.message, cause),
            fail(unavailable, { "retry-after": String(defect.value.retryAfterSeconds) }, 503)
          )
        }
        // Into the request's own log line (src/Operations/RequestLog.ts), which names its route, never its URL.
        return Effect.as(noteFailure("unexpected failure", cause), errorResponse(internalError, docsUrl))
      })
    )
  })
