import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { RouteNotFound } from "@effect/platform/HttpServerError"
import { Cause, Effect, Layer } from "effect"
import { Actor, type Caller, orgScope } from "../Auth/Actor.js"
import { Authenticate } from "../Auth/Authenticate.js"
import { ServerConfig } from "../Config.js"
import { internalError, reject, Rejection } from "../Domain/Rejection.js"
import { fingerprint, Idempotency } from "../Idempotency/Idempotency.js"
import { RequestKey } from "../Idempotency/RequestKey.js"
import { RateLimiter } from "../RateLimit/RateLimiter.js"
import { fromDecodeError } from "./DecodeErrors.js"
import { errorResponse } from "./Envelope.js"
import type { EndpointPolicy } from "./Policy.js"
import type { Route, RouteTable } from "./RouteTable.js"

const maxIdempotencyKeyLength = 255
/** JSON bodies are small: files travel through imports and assets, which have their own limits. */
export const maxJsonBody = 1024 * 1024

const checkBody = (route: Route, request: HttpServerRequest.HttpServerRequest, body: string) => {
  if (!route.hasPayload) return undefined
  const type = request.headers["content-type"]
  if (type !== undefined && !type.toLowerCase().includes("application/json")) {
    return reject("invalid_request", "Send the body as JSON with 'Content-Type: application/json'.")
  }
  if (body.trim() === "") return reject("invalid_request", "This call needs a JSON object body.")
  if (body.length > maxJsonBody) return reject("invalid_request", `The body is over ${maxJsonBody} bytes.`)
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      return reject("invalid_request", "The body must be a JSON object.")
    }
  } catch {
    return reject("invalid_request", "The body is not valid JSON.")
  }
  return undefined
}

// A guest link buys only its own contract, its own feed, GET /me and its own mark: anything else
// does not exist for it.
const guestMayUse = (route: Route, path: string, guest: NonNullable<Caller["guest"]>, policy: EndpointPolicy) => {
  if (policy.scope === null || route.segments[0] === "attention") return true
  // Routes that name only an ask or a signature are checked against the guest's seat by the contract itself.
  if (route.segments[0] === "asks" || route.segments[0] === "signatures") return true
  const segments = path.split("/").filter((s) => s !== "")
  return route.segments[0] === "contracts" && route.segments[1] === ":id" && segments[1] === guest.contract
}

const authorise = (policy: EndpointPolicy, caller: Caller) => {
  if (caller.guest !== null) return undefined
  if (policy.scope !== null && !caller.scopes.includes(policy.scope) && (policy.orScope === null || !caller.scopes.includes(policy.orScope))) {
    return reject("insufficient_scope", `This key lacks the '${policy.scope}' scope.`, { param: policy.scope })
  }
  if (policy.writes && caller.person === null) {
    return reject("acting_person_required", "An org key must name the human with 'Contracts-Acting-Person' to write.", {
      param: "Contracts-Acting-Person"
    })
  }
  return undefined
}

/**
 * Everything that stands between a request and its handler, in the order a client meets it:
 * credential and version, scope and acting person, rate limit, body, idempotency. It also turns
 * every failure into the spec's envelope, so no answer leaves without it.
 */
export const gateway = (routes: RouteTable) =>
  HttpApiBuilder.middleware(
    Effect.gen(function*() {
      const config = yield* ServerConfig
      const authenticate = yield* Authenticate
      const limiter = yield* RateLimiter
      const idempotency = yield* Idempotency
      const fail = (rejection: Rejection, headers?: Record<string, string>) => errorResponse(rejection, config.docsUrl, headers)

      const toResponse = <R>(app: Effect.Effect<HttpServerResponse.HttpServerResponse, unknown, R>) =>
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          return yield* app.pipe(
            Effect.catchAllCause((cause) => {
              const failure = Cause.failureOption(cause)
              if (failure._tag === "Some" && !Cause.isInterruptedOnly(cause)) {
                const error = failure.value
                if (error instanceof Rejection) return Effect.succeed(fail(error))
                if (error instanceof HttpApiDecodeError) return Effect.succeed(fail(fromDecodeError(error)))
                if (error instanceof RouteNotFound) {
                  const path = new URL(request.url, "http://x").pathname
                  const allowed = routes.methodsAt(path)
                  return Effect.succeed(
                    fail(
                      reject("not_found", `Unrecognized request URL (${request.method}: ${path}).`),
                      allowed.length === 0 ? {} : { allow: allowed.join(", ") }
                    )
                  )
                }
              }
              return Effect.as(
                Effect.logError("unexpected failure", cause).pipe(
                  Effect.annotateLogs({ method: request.method, url: request.url })
                ),
                fail(internalError)
              )
            })
          )
        })

      return (app) =>
        toResponse(Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const path = new URL(request.url, "http://x").pathname
          const route = routes.find(request.method, path)
          const policy = route?.policy
          if (route === undefined || policy === undefined) return yield* app
          const caller = yield* authenticate.caller(request)
          if (caller.guest !== null && !guestMayUse(route, path, caller.guest, policy)) {
            return fail(reject("not_found", `Unrecognized request URL (${request.method}: ${path}).`))
          }
          const refused = authorise(policy, caller)
          if (refused !== undefined) return fail(refused)
          const seat = caller.person === null ? orgScope(caller) : caller.person.id
          const allowance = yield* limiter.take(seat, policy.rate)
          if (!allowance.allowed) {
            return fail(reject("rate_limited", "Too many requests; retry after the time in Retry-After."), {
              "retry-after": String(allowance.retryAfter)
            })
          }
          const declared = Number(request.headers["content-length"] ?? 0)
          if (declared > maxJsonBody) return fail(reject("invalid_request", `The body is over ${maxJsonBody} bytes.`))
          const body = route.hasPayload ? yield* Effect.orElseSucceed(request.text, () => "") : ""
          const badBody = checkBody(route, request, body)
          if (badBody !== undefined) return fail(badBody)
          const withCaller = Effect.provideService(app, Actor, caller)
          if (!policy.idempotent) return yield* toResponse(withCaller)
          const key = request.headers["idempotency-key"]?.trim()
          if (key === undefined || key === "" || key.length > maxIdempotencyKeyLength) {
            return fail(reject("invalid_request", `This call needs an Idempotency-Key header of 1 to ${maxIdempotencyKeyLength} characters.`, {
              param: "Idempotency-Key"
            }))
          }
          const scope = orgScope(caller)
          const claim = yield* idempotency.claim(scope, key, fingerprint(request.method, path, body))
          switch (claim._tag) {
            case "Mismatch":
              return fail(reject("idempotency_error", "This Idempotency-Key was used with a different request.", {
                param: "Idempotency-Key"
              }))
            case "InFlight":
              return fail(reject("idempotency_in_flight", "A request with this Idempotency-Key is still running."), {
                "retry-after": "1"
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
              return yield* idempotency.settle(scope, key, toResponse(Effect.provideService(withCaller, RequestKey, { scope, key, stored })))
            }
          }
        }))
    })
  )

export const GatewayLive = (routes: RouteTable) =>
  gateway(routes).pipe(
    Layer.provide([Authenticate.Default, RateLimiter.Default, Idempotency.Default])
  )
