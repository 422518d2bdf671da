import type { Clock } from "effect"
import { Context, Effect, Layer } from "effect"

/**
 * The clock the deadline scheduler keeps: when a moment is due, and the `now` a contract is told
 * time passed. The service's own clock in production; a test hands in a TestClock to walk years of
 * renewals in milliseconds while the rest of the service keeps real time.
 */
export class DeadlineClock extends Context.Tag("Deadlines/DeadlineClock")<DeadlineClock, Clock.Clock>() {
  static readonly live = Layer.effect(DeadlineClock, Effect.clock)
}
