import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { type Caller, orgScope } from "../Auth/Actor.js"
import { reject } from "../Domain/Contract/Rejection.js"
import { fingerprint, type Idempotency } from "../Idempotency/Idempotency.js"
import type { Route } from "../Http/RouteTable.js"
import { count, idempotentRequests } from "../Operations/Metrics.js"
import { RetryLater } from "./Answer.js"

const maxKeyLength = 255

export const keyOf = (request: HttpServerRequest.HttpServerRequest) => {
  const key = request.headers["idempotency-key"]?.trim()
  return key === undefined || key === "" || key.length > maxKeyLength
    ? Effect.fail(reject("invalid_request", `This call needs an Idempotency-Key header of 1 to ${maxKeyLength} characters.`, {
      param: "Idempotency-Key"
    }))
    : Effect.succeed(key)
}

/**
 * Runs `handler` once per key: the same request again replays the kept answer, or resumes from
 * its stored write if the answer was lost; a key reused for another request, or still running,
 * is refused before anything runs.
 */
export const idempotent = <R>(
  idempotency: Idempotency,
  request: HttpServerRequest.HttpServerRequest,
  route: Route,
  path: string,
  caller: Caller,
  /** The request's content as the key compares it: the checked JSON, or an upload's fingerprint. */
  content: string,
  handler: Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>
) =>
  Effect.gen(function*() {
    const key = yield* keyOf(request)
    const scope = orgScope(caller)
    const claim = yield* idempotency.claim(scope, key, fingerprint(request.method, path, content), route.successStatus)
    yield* count(idempotentRequests, { outcome: claim._tag === "InFlight" ? "in_flight" : claim._tag.toLowerCase() })
    switch (claim._tag) {
      case "Mismatch":
        return yield* reject("idempotency_error", "This Idempotency-Key was used with a different request.", { param: "Idempotency-Key" })
      case "InFlight":
        return yield* new RetryLater({
          rejection: reject("idempotency_in_flight", "A request with this Idempotency-Key is still running."),
          seconds: 1
        })
      case "Replay":
        return HttpServerResponse.text(claim.body, {
          status: claim.status,
          contentType: "application/json",
          headers: { "idempotent-replayed": "true" }
        })
      case "Proceed":
      case "Resume": {
        const stored = claim._tag === "Resume" ? { contract: claim.contract, result: claim.result } : null
        return yield* idempotency.settle({ scope, key, claimedAt: claim.claimedAt, stored }, handler)
      }
    }
  })
