import { Effect, Option } from "effect"
import { Actor, orgOf } from "./Auth/Actor.js"
import { notFound, reject } from "./Domain/Contract/Rejection.js"
import { endpointUrlProblem } from "./Domain/Webhooks/EndpointUrl.js"
import { isDeliverableType } from "./Domain/Webhooks/EventTypes.js"
import { judgeHandshake, keepNonces, type PingAnswer } from "./Domain/Webhooks/Handshake.js"
import { Appended } from "./Doorbells/Appended.js"
import { limitOf } from "./Http/Paging.js"
import { makeId, randomToken } from "./RandomIds.js"
import { iso } from "./Sql/Values.js"
import { lastDeliveryOf } from "./Webhooks/Attempt.js"
import { DeliveriesRepo } from "./Webhooks/DeliveriesRepo.js"
import { DeliveryClock } from "./Webhooks/DeliveryClock.js"
import { owed } from "./Webhooks/Engine.js"
import { post } from "./Webhooks/Post.js"
import { EndpointsRepo } from "./Webhooks/Repo.js"
import type { EndpointRow } from "./Webhooks/Rows.js"
import type { EndpointPageQuery, EndpointRequest } from "./Webhooks/Schemas.js"
import { signedRequest } from "./Webhooks/Signing.js"

const hour = 3_600_000
const rotationOverlapMs = 24 * hour
const replayWindowMs = 7 * 24 * hour
const replayLimit = 1_000

const newSecret = () => `whsec_${randomToken(32)}`

/** Subscriptions: `["*"]`, or known types, each once. */
const subscription = (events: ReadonlyArray<string>) => {
  if (events.length === 0) return reject("invalid_request", "events must name at least one event type, or be [\"*\"] for all.", { param: "events" })
  if (events.includes("*")) {
    return events.length === 1 ? [...events] : reject("invalid_request", "\"*\" subscribes to everything and stands alone in events.", { param: "events" })
  }
  const unknown = events.findIndex((type) => !isDeliverableType(type))
  if (unknown !== -1) return reject("invalid_request", `events[${unknown}] is not an event type.`, { param: `events[${unknown}]` })
  return [...new Set(events)]
}

/** The endpoint as every read shows it: never its secrets or nonces. */
const endpointView = (e: EndpointRow, now: number) => ({
  id: e.id,
  object: "webhook_endpoint" as const,
  livemode: e.mode === "live",
  url: e.url,
  events: e.events,
  state: e.state,
  acting_person: e.person_id,
  created: e.created_at,
  verification: { reason: e.verification_reason, verified_at: e.verified_at },
  previous_secret_expires_at: e.previous_secret_until !== null && e.previous_secret_until > now ? iso(e.previous_secret_until) : null,
  last_delivery: e.last_delivery,
  consecutive_failures: e.consecutive_failures
})

/** Webhook endpoints as their org manages them: registration with its handshake, rotation, tests and replays. */
export class Webhooks extends Effect.Service<Webhooks>()("Webhooks", {
  dependencies: [Appended.Default, DeliveriesRepo.Default, EndpointsRepo.Default],
  effect: Effect.gen(function*() {
    const endpoints = yield* EndpointsRepo
    const deliveries = yield* DeliveriesRepo
    const clock = yield* DeliveryClock
    const appended = yield* Appended
    const now = clock.currentTimeMillis

    const caller = Effect.map(Actor, (c) => ({ org: orgOf(c).id, mode: c.mode, person: c.person!.id, key: c.keyId }))

    const mine = (id: string) =>
      Effect.flatMap(
        caller,
        (c) =>
          Effect.flatMap(endpoints.find(c.org, c.mode, id), (found) =>
            Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(notFound("webhook endpoint", id)))
      )

    const reread = (id: string) => Effect.map(endpoints.byId(id), Option.getOrThrow)

    /** Sends one signed control delivery and answers what came back. */
    const control = (endpoint: EndpointRow, type: string, data: Record<string, unknown>, at: number) => {
      const event = makeId("evt")
      const request = signedRequest(endpoint, { id: event, type, created: iso(at), sequence: null, data, endpoint: endpoint.id }, at)
      return Effect.map(Effect.withClock(post(endpoint.url, request.body, request.headers, endpoint.mode), clock), (result) => ({ event, result }))
    }

    /** The handshake: a fresh nonce, the ping, and the verdict stored on the endpoint. */
    const handshake = Effect.fnUntraced(function*(endpoint: EndpointRow) {
      const sentAt = yield* now
      const nonces = keepNonces(endpoint.nonces, { nonce: `nonce_${randomToken(32)}`, issued_at: sentAt })
      const { result } = yield* control(endpoint, "endpoint.verification", { nonce: nonces[0]!.nonce, url: endpoint.url }, sentAt)
      const answer: PingAnswer = result._tag === "Answered" ? { reached: true, ...result } : { reached: false }
      const answeredAt = yield* now
      const reason = judgeHandshake(answer, nonces, answeredAt)
      yield* endpoints.handshake(endpoint.id, { nonces, reason, now: iso(answeredAt) })
      return yield* reread(endpoint.id)
    })

    const create = Effect.fnUntraced(function*(request: typeof EndpointRequest.Type) {
      const c = yield* caller
      const problem = endpointUrlProblem(request.url, c.mode)
      if (problem !== null) return yield* reject("invalid_request", problem, { param: "url" })
      const events = subscription(request.events)
      if (!Array.isArray(events)) return yield* events
      const secret = newSecret()
      const disabled = yield* endpoints.disabledAt(c.org, c.mode, request.url)
      let id: string
      if (Option.isSome(disabled)) {
        id = disabled.value.id
        yield* endpoints.reregister(id, { person: c.person, key: c.key, events, secret })
      } else {
        id = makeId("we")
        yield* endpoints.insert({
          id,
          org_id: c.org,
          mode: c.mode,
          person_id: c.person,
          key_id: c.key,
          url: request.url,
          events,
          state: "pending",
          secret,
          previous_secret: null,
          previous_secret_until: null,
          nonces: [],
          verification_reason: null,
          verified_at: null,
          consecutive_failures: 0,
          failing_since: null,
          last_delivery: null,
          created_at: iso(yield* now),
          deleted: false
        })
      }
      const verified = yield* handshake(yield* reread(id))
      return { ...endpointView(verified, yield* now), secret }
    })

    const list = Effect.fnUntraced(function*(query: typeof EndpointPageQuery.Type) {
      const c = yield* caller
      const limit = yield* limitOf(query.limit)
      const after = query.starting_after === undefined ? Option.none() : Option.some(yield* mine(query.starting_after))
      const rows = yield* endpoints.page(c.org, c.mode, after, limit)
      const at = yield* now
      const data = rows.slice(0, limit).map((row) => endpointView(row, at))
      return { data, has_more: rows.length > limit, next_cursor: rows.length > limit ? data[data.length - 1]!.id : null }
    })

    const get = (id: string) => Effect.flatMap(mine(id), (e) => Effect.map(now, (at) => endpointView(e, at)))

    const remove = (id: string) => Effect.flatMap(mine(id), (e) => Effect.flatMap(now, (at) => endpoints.remove(e.id, iso(at))))

    const rotate = Effect.fnUntraced(function*(id: string) {
      const endpoint = yield* mine(id)
      const secret = newSecret()
      const at = yield* now
      yield* endpoints.rotate(endpoint.id, { secret, previous: endpoint.secret, until: at + rotationOverlapMs })
      yield* appended.ring
      return { ...endpointView(yield* reread(endpoint.id), at), secret }
    })

    const verify = Effect.fnUntraced(function*(id: string) {
      const verified = yield* handshake(yield* mine(id))
      return endpointView(verified, yield* now)
    })

    const test = Effect.fnUntraced(function*(id: string) {
      const endpoint = yield* mine(id)
      if (endpoint.state === "pending") {
        return yield* reject("endpoint_pending", "This endpoint has not echoed its verification nonce yet, so it receives nothing, tests included.")
      }
      const at = yield* now
      const { event, result } = yield* control(endpoint, "endpoint.test", { message: "A test delivery: nothing happened." }, at)
      const last = lastDeliveryOf(event, "endpoint.test", at, result)
      yield* endpoints.lastDelivery(endpoint.id, last)
      return { object: "webhook_test" as const, endpoint: endpoint.id, event, delivered: last.error === null, status: last.status, error: last.error }
    })

    /** Re-sends what the endpoint missed since `since`: every event it did not acknowledge with a 2xx, or every one when asked. */
    const replay = Effect.fnUntraced(function*(id: string, since: string, includeDelivered: boolean) {
      const endpoint = yield* mine(id)
      if (endpoint.state === "pending") return yield* reject("endpoint_pending", "This endpoint has not been verified, so it receives nothing.")
      if (endpoint.state === "disabled") {
        return yield* reject(
          "endpoint_disabled",
          "This endpoint was disabled after 72 hours of failed deliveries; rotate its secret to revive it, then replay."
        )
      }
      const from = /^\d{4}-\d{2}-\d{2}T/.test(since) ? Date.parse(since) : Number.NaN
      if (Number.isNaN(from)) return yield* reject("invalid_request", "since must be an ISO 8601 time, such as 2026-11-20T09:00:00Z.", { param: "since" })
      const at = yield* now
      if (from < at - replayWindowMs) return yield* reject("invalid_request", "since must be within the last 7 days.", { param: "since" })
      const events = yield* deliveries.since(endpoint, iso(from), replayLimit, includeDelivered)
      const queued = owed(events.slice(0, replayLimit))
      yield* deliveries.enqueueReplay(queued, at)
      yield* appended.ring
      return { queued: queued.length, has_more: events.length > replayLimit }
    })

    return { create, list, get, remove, rotate, verify, test, replay } as const
  })
}) {}
