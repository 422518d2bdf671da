import { Effect, Option } from "effect"
import { ContractStore } from "../Contracts/ContractStore.js"
import { seatOf } from "../Domain/Contract/Seat.js"
import type { Envelope } from "../Domain/Webhooks/Envelope.js"
import { attemptDueAt, failedTooLong } from "../Domain/Webhooks/Schedule.js"
import { renderEvent } from "../Domain/Views/EventViews.js"
import { DeliveriesRepo } from "./DeliveriesRepo.js"
import { DeliveryClock } from "./DeliveryClock.js"
import { EndpointsRepo } from "./Repo.js"
import { post, type PostResult } from "./Post.js"
import type { DeliveryRow, EndpointRow, LastDelivery } from "./Rows.js"
import { signedRequest } from "./Signing.js"

const failure = (result: PostResult) =>
  result._tag === "Unreachable" ? "endpoint_unreachable" : result.status >= 200 && result.status <= 299 ? null : `endpoint_returned_${result.status}`

/** One attempt at one delivery: render it on the endpoint's seat, sign it, send it, and record what came of it. */
export class DeliveryAttempt extends Effect.Service<DeliveryAttempt>()("Webhooks/DeliveryAttempt", {
  effect: Effect.gen(function*() {
    const deliveries = yield* DeliveriesRepo
    const endpoints = yield* EndpointsRepo
    const store = yield* ContractStore
    const clock = yield* DeliveryClock

    /**
     * The event as the endpoint's acting person would read it now, or none when that person may
     * not: the person left the org, the org holds no party row on the contract any more, or the
     * event is from before the counterparty could see the contract.
     */
    const rendered = (delivery: DeliveryRow, endpoint: EndpointRow) =>
      Effect.gen(function*() {
        const event = yield* deliveries.event(delivery.stream, delivery.event_id)
        if (Option.isNone(event)) return Option.none<Omit<Envelope, "endpoint">>()
        if (delivery.stream === "org") return Option.some({ ...event.value, sequence: null })
        const person = yield* endpoints.person(endpoint.org_id, endpoint.person_id)
        const contract = yield* store.read(delivery.contract_id ?? "")
        if (Option.isNone(person) || Option.isNone(contract)) return Option.none()
        const onContract = contract.value.parties.some((p) => p.org === endpoint.org_id && p.removed_at === null)
        const actor = { mode: endpoint.mode, org: endpoint.org_id, person: { id: endpoint.person_id, ...person.value }, guest: null }
        const seat = seatOf(contract.value, actor)
        const view = onContract && seat !== null ? renderEvent(contract.value, event.value, seat.side) : null
        return view === null ? Option.none() : Option.some(view)
      })

    const finish = (delivery: DeliveryRow, state: "cancelled" | "abandoned" | "withheld", now: number) =>
      deliveries.settle(delivery, { state, attempts: delivery.attempts, first: delivery.first_attempt_at ?? now, next: null, status: null, error: null })

    const disableMail = (endpoint: EndpointRow) => ({
      subject: "A webhook endpoint was disabled",
      text: `Every delivery to ${endpoint.url} (${endpoint.id}) has failed for 72 hours, so it receives nothing more.\n` +
        `Fix the receiver, then rotate the endpoint's secret (POST /webhooks/endpoints/${endpoint.id}/rotate) to revive it, ` +
        `and replay what it missed (POST /webhooks/endpoints/${endpoint.id}/replay).`
    })

    const run = Effect.fnUntraced(function*(delivery: DeliveryRow) {
      const now = yield* clock.currentTimeMillis
      const found = yield* endpoints.byId(delivery.endpoint_id)
      if (Option.isNone(found) || found.value.deleted) return yield* finish(delivery, "cancelled", now)
      const endpoint = found.value
      if (endpoint.state !== "active") return yield* finish(delivery, "abandoned", now)
      const content = yield* rendered(delivery, endpoint)
      if (Option.isNone(content)) return yield* finish(delivery, "withheld", now)
      const sentAt = yield* clock.currentTimeMillis
      const request = signedRequest(endpoint, { ...content.value, endpoint: endpoint.id }, sentAt)
      const result = yield* post(endpoint.url, request.body, request.headers, endpoint.mode)
      const error = failure(result)
      const first = delivery.first_attempt_at ?? sentAt
      const attempts = delivery.attempts + 1
      const last: LastDelivery = {
        event: delivery.event_id,
        type: content.value.type,
        attempted_at: new Date(sentAt).toISOString(),
        status: result._tag === "Answered" ? result.status : null,
        outcome: error === null ? "delivered" : "failed",
        error
      }
      const status = last.status
      if (error === null) {
        yield* deliveries.settle(delivery, { state: "delivered", attempts, first, next: null, status, error: null })
        return yield* endpoints.delivered(endpoint.id, last)
      }
      const next = attemptDueAt(first, attempts, delivery.id)
      yield* deliveries.settle(delivery, { state: next === null ? "failed" : "pending", attempts, first, next, status, error })
      const failingSince = yield* endpoints.failed(endpoint.id, last, sentAt)
      if (!failedTooLong(failingSince, sentAt)) return
      const person = yield* endpoints.person(endpoint.org_id, endpoint.person_id)
      const to = Option.match(person, { onNone: () => "", onSome: (p) => p.email })
      yield* endpoints.disable(endpoint, { to, ...disableMail(endpoint) }, last.attempted_at)
    })

    return { run } as const
  })
}) {}
