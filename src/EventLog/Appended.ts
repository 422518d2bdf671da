import { Effect, Queue } from "effect"

/**
 * A doorbell for the logs: whoever appends to the contract log or the org stream rings it after
 * the commit, and the webhook engine wakes to deliver. A ring while nobody listens is kept (one
 * is enough: the engine reads everything new when it wakes); a ring lost to a crash costs nothing,
 * since the engine reads the logs at start.
 */
export class Appended extends Effect.Service<Appended>()("EventLog/Appended", {
  effect: Effect.map(Queue.sliding<true>(1), (bell) => ({
    ring: Effect.asVoid(Queue.offer(bell, true)),
    heard: Effect.asVoid(Queue.take(bell))
  }))
}) {}
