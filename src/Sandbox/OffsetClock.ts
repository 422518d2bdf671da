import { Clock, Effect } from "effect"

/**
 * A clock `offsetMs` ahead of `base`: what a sandbox org's test mode reads as now. Sleeps last as
 * long as on the base clock, so a timer set in the sandbox fires after the time it names; only
 * "now" is moved. Built on Effect's Clock, so whatever reads `Clock` for an org reads the org's time.
 */
export const offsetClock = (base: Clock.Clock, offsetMs: number): Clock.Clock =>
  offsetMs === 0 ? base : {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: () => base.unsafeCurrentTimeMillis() + offsetMs,
    unsafeCurrentTimeNanos: () => base.unsafeCurrentTimeNanos() + BigInt(offsetMs) * 1_000_000n,
    currentTimeMillis: Effect.map(base.currentTimeMillis, (ms) => ms + offsetMs),
    currentTimeNanos: Effect.map(base.currentTimeNanos, (ns) => ns + BigInt(offsetMs) * 1_000_000n),
    sleep: (duration) => base.sleep(duration)
  }
