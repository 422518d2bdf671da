import { Clock, Duration, Effect, FiberSet, Option, Queue } from "effect"
import { subscribes, typeOnSide } from "../Domain/Webhooks/EventTypes.js"
import { Appended } from "../Doorbells/Appended.js"
import { DeliveryAttempt } from "./Attempt.js"
import { type Candidate, DeliveriesRepo } from "./DeliveriesRepo.js"
import { DeliveryClock } from "./DeliveryClock.js"
import type { NewDelivery } from "./Rows.js"
import { withDeliverySpan } from "../Operations/Tracing.js"

/** Attempts in flight at once, across every endpoint. */
export const deliveryConcurrency = 16
/**
 * Free slots a claim waits for while attempts are in flight: one claim then serves several
 * deliveries, where a claim per finished attempt made each delivery cost a claim of its own.
 */
const claimBatch = 4
/** How long a claimed delivery is held before another look may take it again. */
const leaseMs = 120_000
/** Events turned into deliveries per transaction. */
const fanOutBatch = 500
/**
 * A look at the queue at least this often in real time, whether or not a bell rang: events a
 * save on another runner appended (whose ring this process does not hear), or a ring lost. Kept on
 * the real clock, as the deadline scheduler's is, so that a TestClock walked through a day of
 * retries wakes the engine once per delivery due, not once per five minutes of its time.
 */
const idleLook = Duration.minutes(5)

/**
 * Sleeps until `due` on the delivery clock, for ever when nothing is due. The clock is read in the
 * same step of the same fiber that starts the sleep: read earlier (before `race` forks its sleeper)
 * a clock that jumps in between would have the sleep end as far past `due` as the jump, and a
 * delivery fall due unnoticed until the idle look. A TestClock jumps; so may a stepped system clock.
 */
export const sleepUntil = (due: Option.Option<number>) =>
  Option.match(due, {
    onNone: () => Effect.never,
    onSome: (at) => Effect.flatMap(Clock.currentTimeMillis, (now) => Effect.sleep(Duration.millis(Math.max(0, at - now))))
  })

/** Which candidates are owed a delivery: an endpoint subscribed to the event's type as its side reads it. */
export const owed = (candidates: ReadonlyArray<Candidate>): ReadonlyArray<NewDelivery> =>
  candidates.flatMap((c) => {
    if (c.endpoint_id === null) return []
    const side = c.endpoint_org === c.drafter_org ? "drafter" : "counterparty"
    const type = c.stream === "contract" ? typeOnSide(c.type, { from_side: c.from_side }, side) : c.type
    return subscribes(c.events, type) ? [{ endpoint_id: c.endpoint_id, event_id: c.event_id, stream: c.stream, contract_id: c.contract_id }] : []
  })

/**
 * The delivery engine: one supervised fiber that turns new log rows into deliveries, claims the
 * ones due, and sleeps until the next is due or a bell rings. Each attempt runs in its own fiber,
 * so a slow or failing endpoint never holds up another delivery; all state is in the database,
 * so a restarted process picks every delivery up at its due time.
 */
export class WebhookEngine extends Effect.Service<WebhookEngine>()("Webhooks/Engine", {
  dependencies: [Appended.Default, DeliveriesRepo.Default, DeliveryAttempt.Default],
  scoped: Effect.gen(function*() {
    const deliveries = yield* DeliveriesRepo
    const attempt = yield* DeliveryAttempt
    const appended = yield* Appended
    const clock = yield* DeliveryClock
    const realClock = yield* Effect.clock
    // Attempts this process is making: never claimed again here, even if a stalled attempt outlives its lease.
    const inFlight = new Set<string>()
    // Claims whose attempt has not finished, with the attempt count they were claimed at. The
    // finalizer is added before the attempts' set, so it runs once they have been stopped.
    const unfinished = new Map<string, number>()
    yield* Effect.addFinalizer(() =>
      Effect.flatMap(clock.currentTimeMillis, (now) => deliveries.handBack(unfinished, now)).pipe(
        Effect.catchAllCause((cause) => Effect.logWarning("webhook hand-back", cause))
      )
    )
    const attempts = yield* FiberSet.make()
    // The logs are read at start, after a ring (something was appended) and at every timed look;
    // not when an attempt merely freed its slot, which made every delivery cost a read of the logs.
    let logsToRead = true
    // Wakes the engine: a finished attempt (a slot is free) or new events. Their news is in
    // `inFlight` and `logsToRead`, so a wake lost to a race with the timer loses nothing.
    const wake = yield* Queue.sliding<true>(1)
    yield* Effect.forkScoped(Effect.forever(Effect.zipRight(
      appended.heard,
      Effect.zipRight(Effect.sync(() => (logsToRead = true)), Queue.offer(wake, true))
    )))

    const fanOut: Effect.Effect<void> = Effect.flatMap(clock.currentTimeMillis, (now) =>
      Effect.flatMap(
        deliveries.fanOut(owed, fanOutBatch, now),
        (events) => (events >= fanOutBatch ? fanOut : Effect.void)
      ))

    const free = () => deliveryConcurrency - inFlight.size
    // With attempts in flight, wait for a few slots; with none, any due delivery is claimed at once.
    const canClaim = () => inFlight.size === 0 || free() >= claimBatch

    const claim = Effect.gen(function*() {
      if (!canClaim()) return
      const due = yield* deliveries.claimDue(yield* clock.currentTimeMillis, leaseMs, free(), [...inFlight])
      for (const claimed of due) {
        const delivery = claimed.delivery
        inFlight.add(delivery.id)
        unfinished.set(delivery.id, delivery.attempts)
        yield* FiberSet.run(
          attempts,
          attempt.run(claimed).pipe(
            withDeliverySpan(claimed.traceParent, delivery.attempts === 0 && !claimed.replay, {
              "webhook.delivery": delivery.id,
              "webhook.endpoint": delivery.endpoint_id,
              "webhook.event": delivery.event_id,
              "webhook.attempt": delivery.attempts + 1
            }),
            Effect.catchAllCause((cause) => Effect.logError("webhook attempt failed", cause)),
            // Not reached when the attempt is interrupted: that claim is handed back at shutdown.
            Effect.zipRight(Effect.sync(() => unfinished.delete(delivery.id))),
            Effect.ensuring(Effect.zipRight(Effect.sync(() => inFlight.delete(delivery.id)), Queue.offer(wake, true)))
          )
        )
      }
    })

    const wait = Effect.gen(function*() {
      // Until enough slots are free only a finished attempt (or new events) can change anything.
      if (!canClaim()) return yield* Queue.take(wake)
      const due = yield* deliveries.nextDue([...inFlight])
      const timed = yield* Effect.raceAll([
        Effect.as(Queue.take(wake), false),
        Effect.as(sleepUntil(due), true),
        Effect.as(Effect.withClock(Effect.sleep(idleLook), realClock), true)
      ])
      if (timed) logsToRead = true
    })

    const cycle = Effect.gen(function*() {
      // Cleared before the read, so a ring while it runs (an event it may have missed) reads again.
      if (logsToRead) {
        logsToRead = false
        yield* Effect.onError(fanOut, () => Effect.sync(() => (logsToRead = true)))
      }
      yield* claim
      yield* wait
    }).pipe(
      Effect.catchAllCause((cause) => Effect.zipRight(Effect.logError("webhook engine cycle failed", cause), Effect.sleep(Duration.seconds(1))))
    )
    yield* Effect.forkScoped(Effect.withClock(Effect.forever(cycle), clock))
    return {} as const
  })
}) {}
