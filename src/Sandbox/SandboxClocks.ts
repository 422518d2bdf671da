import { type Clock, Duration, Effect } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import { offsetClock } from "./OffsetClock.js"
import { SandboxRepo } from "./Repo.js"

/** How long a runner trusts its copy of an org's offset: another runner's advance reaches it within this. */
const freshFor = Duration.seconds(1)

/**
 * Each org's test-mode time (Stripe's test clocks): the service's own clock plus the org's offset;
 * live mode is always the service's own time. What acts for an org in test mode reads its clock
 * through `clockFor`, so webhook schedules, deadlines and link expiry all follow it.
 */
export class SandboxClocks extends Effect.Service<SandboxClocks>()("Sandbox/SandboxClocks", {
  dependencies: [SandboxRepo.Default],
  effect: Effect.gen(function*() {
    const repo = yield* SandboxRepo
    const known = new Map<string, { readonly offset: number; readonly read: number }>()
    const real = yield* Effect.clock

    const offsetOf = (org: string | null, mode: Mode): Effect.Effect<number> => {
      if (mode === "live" || org === null) return Effect.succeed(0)
      const copy = known.get(org)
      const now = real.unsafeCurrentTimeMillis()
      if (copy !== undefined && now - copy.read < Duration.toMillis(freshFor)) return Effect.succeed(copy.offset)
      return Effect.tap(repo.offsetOf(org), (offset) => Effect.sync(() => known.set(org, { offset, read: now })))
    }

    /**
     * The org's clock in this mode, over `base`: the service's own clock unless a component keeps
     * another. Never the current fiber's clock, which inside a request is already the org's.
     */
    const clockFor = (org: string | null, mode: Mode, base: Clock.Clock = real): Effect.Effect<Clock.Clock> =>
      Effect.map(offsetOf(org, mode), (offset) => offsetClock(base, offset))

    /** Runs `effect` on the org's clock in this mode. */
    const onClockOf = (org: string | null, mode: Mode) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.flatMap(clockFor(org, mode), (clock) => Effect.withClock(effect, clock))

    /** Moves the org's test-mode time forward by `byMs`; answers the offset that stands. */
    const advance = (org: string, byMs: number) =>
      Effect.tap(
        repo.advance(org, byMs, new Date(real.unsafeCurrentTimeMillis())),
        (offset) => Effect.sync(() => known.set(org, { offset, read: real.unsafeCurrentTimeMillis() }))
      )

    return { offsetOf, clockFor, onClockOf, advance } as const
  })
}) {}
