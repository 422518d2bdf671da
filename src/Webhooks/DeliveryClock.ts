import type { Clock } from "effect"
import { Context, Effect, Layer } from "effect"

/**
 * The clock webhook delivery keeps: due times, rotation overlaps, nonce windows, the 72 hours.
 * The service's own clock in production; a test hands in a TestClock to walk a 24-hour schedule
 * in milliseconds while the rest of the service keeps real time.
 */
export class DeliveryClock extends Context.Tag("Webhooks/DeliveryClock")<DeliveryClock, Clock.Clock>() {
  static readonly live = Layer.effect(DeliveryClock, Effect.clock)
}
