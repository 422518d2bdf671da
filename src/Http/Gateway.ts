import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { RouteNotFound } from "@effect/platform/HttpServerError"
import { Cause, Effect, Layer } from "effect"
import { AdminToken } from "../Admin/AdminToken.js"
import { Actor, type Caller, orgScope } from "../Auth/Actor.js"
import { Authenticate } from "../Auth/Authenticate.js"
import { secretsEqual } from "../Auth/Secrets.js"
import { ServerConfig } from "../Config.js"
import { excerpt, internalError, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { fingerprint, Idempotency } from "../Idempotency/Idempotency.js"
import { RequestKey } from "../Idempotency/RequestKey.js"
import { rateBucketOf, RateLimiter } from "../RateLimit/RateLimiter.js"
import { readBytes, withJsonBody } from "./BodyReader.js"
import { fromDecodeError } from "./DecodeErrors.js"
import { errorResponse } from "./Envelope.js"
import { guestReaches } from "./GuestReach.js"
import { ifMatchOf } from "./IfMatch.js"
import { checkJsonBody, type JsonBody, maxJsonBody, refusalOf } from "./JsonBody.js"
import type { EndpointPolicy } from "./Policy.js"
import { pathParams, type Route, type RouteTable } from "./RouteTable.js"

export { maxJsonBody } from "./JsonBody.js"

const maxIdempotencyKeyLength = 255

const unrecognized = (method: string, path: string) => reject("not_found", `Unrecognized request URL (${method}: ${excerpt(path, 100)}).`)

const authorise = (policy: EndpointPolicy, caller: Caller) => {
  if (caller.guest !== null) return undefined
  if (policy.scope !== null && !caller.scopes.includes(policy.scope) && (policy.orScope === null || !caller.scopes.includes(policy.orScope))) {
    return reject("insufficient_scope", `This key lacks the '${policy.scope}' scope.`, { param: policy.scope })
  }
  if (policy.actingPerson && caller.person === null) {
    const why = policy.writes ? "to write" : "for this call, which is one person's"
    return reject("acting_person_required", `An org key must name the human with 'Contracts-Acting-Person' ${why}.`, {
      param: "Contracts-Acting-Person"
    })
  }
  return undefined
}

/** Path and query values reach SQL: NUL and ill-formed Unicode stop here, named. */
const checkParams = (route: Route, path: string, query: URLSearchParams) => {
  const params = pathParams(route, path)
  if (params === null) return reject("invalid_request", "The path is not valid percent-encoded UTF-8.")
  for (const [name, value] of [...params, ...query.entries()]) {
    const problem = refusalOf(value) ?? refusalOf(name)
    if (problem !== undefined) return reject("invalid_request", `${excerpt(name)} ${problem}.`, { param: name })
  }
  return undefined
}

const checkIfMatch = (policy: EndpointPolicy, header: string | undefined) => {
  if (policy.ifMatch === "required") {
    const value = ifMatchOf(header)
    return value instanceof Rejection ? value : undefined
  }
  if (policy.ifMatch === "refused" && header !== undefined) {
    return reject("invalid_request", "This call carries the hash it binds in the body as text_hash; send no If-Match.", { param: "If-Match" })
  }
  return undefined
}

/**
 * Everything that stands between a request and its handler, in the order a client meets it:
 * credential (a caller's, or the admin token on the admin API) and version, scope and acting
 * person, rate limit, path and query values, body, If-Match, idempotency. It also turns every
 * failure into the spec's envelope, so no answer leaves without it.
 */
export const gateway = (routes: RouteTable) =>
  HttpApiBuilder.middleware(
    Effect.gen(function*() {
      const config = yield* ServerConfig
      const authenticate = yield* Authenticate
      const limiter = yield* RateLimiter
      const idempotency = yield* Idempotency
      const adminToken = (yield* AdminToken).token
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
                  return Effect.succeed(fail(unrecognized(request.method, path), allowed.length === 0 ? {} : { allow: allowed.join(", ") }))
                }
              }
              return Effect.as(
                Effect.logError("unexpected failure", cause).pipe(
                  Effect.annotateLogs({ method: request.method, url: excerpt(request.url, 200) })
                ),
                fail(internalError)
              )
            })
          )
        })

      /** The caller, or the answer to a client refused first: credential, guest reach, scope, acting person, rate. */
      const admit = (request: HttpServerRequest.HttpServerRequest, route: Route, path: string, policy: EndpointPolicy) =>
        Effect.gen(function*() {
          const caller = yield* authenticate.caller(request)
          if (caller.guest !== null && !guestReaches(route, path, caller.guest.contract)) return fail(unrecognized(request.method, path))
          const refused = authorise(policy, caller)
          if (refused !== undefined) return fail(refused)
          const allowance = yield* limiter.take(rateBucketOf(caller), policy.rate)
          if (!allowance.allowed) {
            return fail(reject("rate_limited", "Too many requests; retry after the time in Retry-After."), {
              "retry-after": String(allowance.retryAfter)
            })
          }
          return caller
        })

      /** The body as every handler may assume it (see JsonBody), or why it is refused. */
      const readJson = (request: HttpServerRequest.HttpServerRequest, route: Route) =>
        Effect.gen(function*() {
          const declared = Number(request.headers["content-length"] ?? 0)
          if (declared > maxJsonBody) return reject("invalid_request", `The body is over ${maxJsonBody} bytes.`)
          const bytes = yield* readBytes(request, maxJsonBody)
          if (bytes === null) return reject("invalid_request", `The body is over ${maxJsonBody} bytes.`)
          return checkJsonBody(bytes, request.headers["content-type"], route.emptyBodyAllowed)
        })

      const admitAdmin = (request: HttpServerRequest.HttpServerRequest) => {
        const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers["authorization"] ?? "")?.[1]
        return given !== undefined && secretsEqual(given, adminToken) ? null : fail(reject("unauthorized", "Invalid admin token."))
      }

      return (app) =>
        toResponse(Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const url = new URL(request.url, "http://x")
          const route = routes.find(request.method, url.pathname)
          if (route === undefined) return yield* app
          const policy = route.policy
          const caller = policy.credential === "admin" ? admitAdmin(request) : yield* admit(request, route, url.pathname, policy)
          if (HttpServerResponse.isServerResponse(caller)) return caller
          const badParams = checkParams(route, url.pathname, url.searchParams)
          if (badParams !== undefined) return fail(badParams)
          let body: JsonBody | null = null
          if (route.hasPayload) {
            const checked = yield* readJson(request, route)
            if (checked instanceof Rejection) return fail(checked)
            body = checked
          }
          const handled = body === null ? app : Effect.provideService(app, HttpServerRequest.HttpServerRequest, withJsonBody(request, body))
          if (caller === null) return yield* handled
          const badIfMatch = checkIfMatch(policy, request.headers["if-match"])
          if (badIfMatch !== undefined) return fail(badIfMatch)
          const withCaller = Effect.provideService(handled, Actor, caller)
          if (!policy.idempotent) return yield* toResponse(withCaller)
          const key = request.headers["idempotency-key"]?.trim()
          if (key === undefined || key === "" || key.length > maxIdempotencyKeyLength) {
            return fail(reject("invalid_request", `This call needs an Idempotency-Key header of 1 to ${maxIdempotencyKeyLength} characters.`, {
              param: "Idempotency-Key"
            }))
          }
          const scope = orgScope(caller)
          const claim = yield* idempotency.claim(scope, key, fingerprint(request.method, url.pathname, body?.text ?? ""))
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
