import type { HttpServerRequest } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect } from "effect"
import type { Caller } from "../Auth/Actor.js"
import { secretsEqual } from "../Auth/Secrets.js"
import { reject } from "../Domain/Contract/Rejection.js"
import { count, rateLimited } from "../Operations/Metrics.js"
import { rateBucketOf, type RateLimiter } from "../RateLimit/RateLimiter.js"
import { guestReaches } from "../Http/GuestReach.js"
import type { EndpointPolicy } from "../Http/Policy.js"
import type { Route } from "../Http/RouteTable.js"
import { RetryLater, unrecognized } from "./Answer.js"

/**
 * Node keeps only the first of two `Authorization` or `Host` headers. Two credentials (two orgs'
 * keys, say) leave who is calling ambiguous, so neither is taken; an HTTP/1.1 request names
 * exactly one host (RFC 9112 §3.2), refused here so the answer is in the envelope.
 */
export const oneOfEach = (request: HttpServerRequest.HttpServerRequest) => {
  const source = NodeHttpServerRequest.toIncomingMessage(request)
  if ((source.headersDistinct["authorization"]?.length ?? 0) > 1) {
    return Effect.fail(reject("unauthorized", "Send one Authorization header; this request carries more than one.", { param: "Authorization" }))
  }
  const hosts = source.headersDistinct["host"]?.length ?? 0
  if (hosts > 1 || (hosts === 0 && source.httpVersion === "1.1")) {
    return Effect.fail(reject("invalid_request", "An HTTP/1.1 request carries exactly one Host header.", { param: "Host" }))
  }
  return Effect.void
}

/** The admin API's one credential: the operator's token, nothing of a caller's. */
export const adminToken = (request: HttpServerRequest.HttpServerRequest, token: string) => {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers["authorization"] ?? "")?.[1]
  return given !== undefined && secretsEqual(given, token) ? Effect.void : Effect.fail(reject("unauthorized", "Invalid admin token."))
}

/** Beyond its reach a guest link meets `404`, as if the route did not exist. */
export const guestReach = (caller: Caller, route: Route, method: string, path: string) =>
  caller.guest === null || guestReaches(route, path, caller.guest.contract) ? Effect.void : Effect.fail(unrecognized(method, path))

// A guest holds no scopes and is one person: its reach, settled above, is all it needs.

export const scope = (caller: Caller, policy: EndpointPolicy) => {
  const holds = (granted: EndpointPolicy["orScope"]) => granted !== null && caller.scopes.includes(granted)
  const wanted = policy.scope
  if (caller.guest !== null || wanted === null || holds(wanted) || holds(policy.orScope)) return Effect.void
  return Effect.fail(reject("insufficient_scope", `This key lacks the '${wanted}' scope.`, { param: wanted }))
}

export const actingPerson = (caller: Caller, policy: EndpointPolicy) => {
  if (caller.guest !== null || !policy.actingPerson || caller.person !== null) return Effect.void
  const why = policy.writes ? "to write" : "for this call, which is one person's"
  return Effect.fail(reject("acting_person_required", `An org key must name the human with 'Contracts-Acting-Person' ${why}.`, {
    param: "Contracts-Acting-Person"
  }))
}

/** Spends one request of the caller's allowance for the route's class, or says when one is allowed again. */
export const rate = (limiter: RateLimiter, caller: Caller, policy: EndpointPolicy) =>
  Effect.flatMap(limiter.take(rateBucketOf(caller), policy.rate), (allowance) =>
    allowance.allowed ? Effect.void : Effect.zipRight(
      count(rateLimited, { rate_class: policy.rate }),
      new RetryLater({
        rejection: reject("rate_limited", "Too many requests; retry after the time in Retry-After."),
        seconds: allowance.retryAfter
      })
    ))
