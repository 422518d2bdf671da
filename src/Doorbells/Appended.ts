import { Effect, Queue } from "effect"
import { ClusterSignals } from "../Cluster/Signals.js"

/**
 * A doorbell for the logs: whoever appends to the contract log or the org stream rings it after
 * the commit, and the webhook engine wakes to deliver. A ring while nobody listens is kept (one
 * is enough: the engine reads everything new when it wakes); a ring lost to a crash costs nothing,
 * since the engine reads the logs at start.
 *
 * On a cluster runner (src/Cluster/Signals.ts) a ring also tells the other runners, coalesced to
 * one NOTIFY in flight, and their engines wake as well; a ring heard from another runner rings
 * this bell only, so it is never told on again. Alone, a ring stays in the process.
 */
export class Appended extends Effect.Service<Appended>()("Doorbells/Appended", {
  scoped: Effect.gen(function*() {
    const bell = yield* Queue.sliding<true>(1)
    const signals = yield* ClusterSignals
    const ringHere = Effect.asVoid(Queue.offer(bell, true))
    yield* signals.appended.onHeard(ringHere)
    return {
      ring: Effect.zipRight(ringHere, signals.appended.publishSoon),
      heard: Effect.asVoid(Queue.take(bell))
    } as const
  })
}) {}
