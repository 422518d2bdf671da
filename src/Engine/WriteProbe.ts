import type { Effect } from "effect"
import { Context, Layer } from "effect"

/**
 * A seam around each contract write, for observing the single-writer guarantee from outside
 * (the concurrency tests record entries and exits through it). Production passes writes through.
 */
export class WriteProbe extends Context.Tag("Engine/WriteProbe")<WriteProbe, {
  readonly around: <A, E, R>(contractId: string, write: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}>() {
  static readonly passThrough = Layer.succeed(WriteProbe, { around: (_id, write) => write })
}
