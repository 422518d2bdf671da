import { Effect, Option } from "effect"
import { ContractStore } from "../Engine/ContractStore.js"
import { seatOf } from "../Domain/Contract/Seat.js"
import type { Envelope } from "../Domain/Webhooks/Envelope.js"
import { attemptDueAt, failedTooLong } from "../Domain/Webhooks/Schedule.js"
import { renderEvent } from "../Domain/Views/EventViews.js"
import { type Claimed, DeliveriesRepo } from "./DeliveriesRepo.js"
import { DeliveryClock } from "./DeliveryClock.js"
import { post, type PostResult } from "./Post.js"
import { EndpointsRepo } from "./Repo.js"
import type { EndpointRow, LastDelivery } from "./Rows.js"
import { signedRequest } from "./Signing.js"
import { iso } from "../Sql/Values.js"
import { SandboxClocks } from "../Sandbox/SandboxClocks.js"
import { count, webhookDeliveries } from "../Operations/Metrics.js"

const failureOf = (result: PostResult) =>
  result._tag === "Unreachable" ? "endpoint_unreachable" : result.status >= 200 && result.status <= 299 ? null : `endpoint_returned_${result.status}`

/** What an attempt came to, as the endpoint's `last_delivery` shows it. */
export const lastDeliveryOf = (event: string, type: string, at: number, result: PostResult): LastDelivery => {
  const error = failureOf(result)
  return {
    event,
    type,
    attempted_at: iso(at),
    status: result._tag === "Answered" ? result.status : null,
    outcome: error === null ? "delivered" : "failed",
    error
  }
}

const disableMail = (endpoint: EndpointRow) => ({
  subject: "A webhook endpoint was disabled",
  text: `Every delivery to ${endpoint.url} (${endpoint.id}) has failed for 72 hours, so it receives nothing more.\n` +
    `Fix the receiver, then rotate the endpoint's secret (POST /webhooks/endpoints/${endpoint.id}/rotate) to revive it, ` +
    `and replay what it missed (POST /webhooks/endpoints/${endpoint.id}/replay).`
})

/** One attempt at one delivery: render it on the endpoint's seat, sign it, send it, and record what came of it. */
export class DeliveryAttempt extends Effect.Service<DeliveryAttempt>()("Webhooks/DeliveryAttempt", {
  dependencies: [ContractStore.Default, SandboxClocks.Default, DeliveriesRepo.Default, EndpointsRepo.Default],
  effect: Effect.gen(function*() {
    const deliveries = yield* DeliveriesRepo
    const endpoints = yield* EndpointsRepo
    const store = yield* ContractStore
    const clock = yield* DeliveryClock
    const clocks = yield* SandboxClocks

    /**
     * The event as the endpoint's acting person would read it now, or none when that person may
     * not: the person left the org, the org holds no party row on the contract any more, or the
     * event is from before the counterparty could see the contract.
     */
    const rendered = ({ delivery, endpoint, event, person }: Claimed) =>
      Effect.gen(function*() {
        if (event === null || person === null) return Option.none<Omit<Envelope, "endpoint">>()
        if (delivery.stream === "org") return Option.some({ ...event, sequence: null })
        const contract = yield* store.read(delivery.contract_id ?? "")
        if (Option.isNone(contract)) return Option.none()
        const onContract = contract.value.parties.some((p) => p.org === endpoint.org_id && p.removed_at === null)
        const seat = seatOf(contract.value, { mode: endpoint.mode, org: endpoint.org_id, person: { id: endpoint.person_id, ...person }, guest: null })
        const view = onContract && seat !== null ? renderEvent(contract.value, event, seat.side) : null
        return view === null ? Option.none() : Option.some(view)
      })

    const settle = (delivery: Claimed["delivery"], state: "cancelled" | "abandoned" | "withheld") =>
      Effect.zipRight(deliveries.finish(delivery, state), count(webhookDeliveries, { outcome: state }))

    const run = Effect.fnUntraced(function*(claimed: Claimed) {
      const { delivery, endpoint } = claimed
      if (endpoint.deleted) return yield* settle(delivery, "cancelled")
      if (endpoint.state !== "active") return yield* settle(delivery, "abandoned")
      const content = yield* rendered(claimed)
      if (Option.isNone(content)) return yield* settle(delivery, "withheld")
      // Signed on the engine's clock, as a receiver checks it against its own; the schedule, the
      // record and the 72 hours run on the endpoint's org's clock (sandbox time in test mode).
      const sentAt = yield* clock.currentTimeMillis
      const now = sentAt + (yield* clocks.offsetOf(endpoint.org_id, endpoint.mode))
      const request = signedRequest(endpoint, { ...content.value, endpoint: endpoint.id }, sentAt)
      const result = yield* post(endpoint.url, request.body, request.headers, endpoint.mode)
      const last = lastDeliveryOf(delivery.event_id, content.value.type, now, result)
      const first = delivery.first_attempt_at ?? now
      const next = last.error === null ? null : attemptDueAt(first, delivery.attempts + 1, delivery.id)
      const state = last.error === null ? "delivered" : next === null ? "failed" : "pending"
      const failingSince = yield* deliveries.recordAttempt(delivery, { state, first, next, last })
      yield* count(webhookDeliveries, { outcome: state === "pending" ? "retrying" : state })
      if (failingSince === null || !failedTooLong(failingSince, now)) return
      yield* endpoints.disable(endpoint, { to: claimed.person?.email ?? "", ...disableMail(endpoint) }, last.attempted_at)
    })

    return { run } as const
  })
}) {}
