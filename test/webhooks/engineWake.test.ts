import { describe, expect, it } from "@effect/vitest"
import { Clock, Deferred, Duration, Effect, Layer, Option, TestClock } from "effect"
import { Appended } from "../../src/Doorbells/Appended.js"
import { DeliveryAttempt } from "../../src/Webhooks/Attempt.js"
import { DeliveriesRepo } from "../../src/Webhooks/DeliveriesRepo.js"
import { DeliveryClock } from "../../src/Webhooks/DeliveryClock.js"
import { WebhookEngine } from "../../src/Webhooks/Engine.js"

const start = 1_800_000_000_000
const due = start + 300_000

/**
 * A clock moved by hand that can jump between any two steps of a fiber (a TestClock's jump waits
 * for a timer first, so it cannot be placed as precisely). Each sleep ends at the time it was
 * registered plus its duration, as a TestClock's does.
 */
const manualClock = () => {
  let now = start
  const sleeps: Array<{ end: number; wake: () => void }> = []
  const jumpTo = (to: number) => {
    now = to
    for (const sleep of sleeps.filter((s) => s.end <= now)) {
      sleeps.splice(sleeps.indexOf(sleep), 1)
      sleep.wake()
    }
  }
  const clock: Clock.Clock = {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: () => now,
    unsafeCurrentTimeNanos: () => BigInt(now) * 1_000_000n,
    currentTimeMillis: Effect.sync(() => now),
    currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    sleep: (duration) =>
      Effect.async<void>((resume) => {
        const sleep = { end: now + Duration.toMillis(duration), wake: () => resume(Effect.void) }
        if (sleep.end <= now) return sleep.wake()
        sleeps.push(sleep)
        return Effect.sync(() => sleeps.includes(sleep) && sleeps.splice(sleeps.indexOf(sleep), 1))
      })
  }
  return { clock, jumpTo }
}

/**
 * The engine over a queue whose one delivery falls due in five minutes. Its first look for the
 * next due time jumps the clock past that time in a microtask of its own, which runs after the
 * engine has read the look's answer and before a fiber the engine forks next has started: the
 * window in which a test walking a schedule once left the engine asleep until its idle look.
 */
const engineWithJumpAfterLook = (claimedAt: Deferred.Deferred<number>) => {
  const { clock, jumpTo } = manualClock()
  let jumped = false
  const repo = DeliveriesRepo.make({
    fanOut: () => Effect.succeed(0),
    claimDue: (now: number) => Effect.as(now >= due ? Deferred.succeed(claimedAt, now) : Effect.void, []),
    nextDue: () =>
      Effect.sync(() => {
        if (!jumped) queueMicrotask(() => jumpTo(due + 1000))
        jumped = true
        return Option.some(due)
      })
  } as unknown as DeliveriesRepo)
  return WebhookEngine.DefaultWithoutDependencies.pipe(
    Layer.provide(Layer.succeed(DeliveriesRepo, repo)),
    Layer.provide(Layer.succeed(DeliveryAttempt, DeliveryAttempt.make({ run: () => Effect.void } as unknown as DeliveryAttempt))),
    Layer.provide(Layer.succeed(Appended, Appended.make({ ring: Effect.void, heard: Effect.never }))),
    Layer.provide(Layer.succeed(DeliveryClock, clock))
  )
}

/** The engine over an empty queue, counting its looks at the logs. */
const idleEngine = (looks: { count: number }) => {
  const { clock, jumpTo } = manualClock()
  const repo = DeliveriesRepo.make({
    fanOut: () => Effect.sync(() => ++looks.count).pipe(Effect.as(0)),
    claimDue: () => Effect.succeed([]),
    nextDue: () => Effect.succeed(Option.none())
  } as unknown as DeliveriesRepo)
  const layer = WebhookEngine.DefaultWithoutDependencies.pipe(
    Layer.provide(Layer.succeed(DeliveriesRepo, repo)),
    Layer.provide(Layer.succeed(DeliveryAttempt, DeliveryAttempt.make({ run: () => Effect.void } as unknown as DeliveryAttempt))),
    Layer.provide(Layer.succeed(Appended, Appended.make({ ring: Effect.void, heard: Effect.never }))),
    Layer.provide(Layer.succeed(DeliveryClock, clock))
  )
  return { layer, jumpTo }
}

const realPause = Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))

describe("the webhook engine's wait", () => {
  it.scoped(
    "looks again every five minutes of real time, not of the delivery clock, so a clock walked through days wakes it only when something is due",
    () =>
      Effect.gen(function*() {
        const looks = { count: 0 }
        const { jumpTo, layer } = idleEngine(looks)
        // The test's own clock is the real one here: a TestClock the engine takes as its real clock.
        yield* Layer.build(layer)
        yield* realPause
        expect(looks.count).toBe(1)
        jumpTo(start + 2 * 24 * 3_600_000)
        yield* realPause
        expect(looks.count).toBe(1)
        yield* TestClock.adjust(Duration.minutes(5))
        yield* realPause
        expect(looks.count).toBe(2)
      }),
    10_000
  )

  it.scoped("wakes for a delivery when the clock jumps past its due time while the engine goes to sleep", () =>
    Effect.gen(function*() {
      const claimedAt = yield* Deferred.make<number>()
      yield* Layer.build(engineWithJumpAfterLook(claimedAt))
      // Nothing moves the clock again: the jump alone must bring the claim, or the test times out.
      expect(yield* Deferred.await(claimedAt)).toBe(due + 1000)
    }), 10_000)
})
