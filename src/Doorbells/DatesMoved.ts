import { Effect, Queue } from "effect"

/**
 * A doorbell for the deadline scheduler: a save that may have moved a contract's key dates rings
 * it, and the scheduler looks again at what is due next. One ring is enough (it reads the table);
 * a ring lost to a crash costs nothing, since the scheduler reads the table at start. It rings in
 * the process that wrote: a contract's entity and the scheduler that wakes for it share a runner.
 */
export class DatesMoved extends Effect.Service<DatesMoved>()("Doorbells/DatesMoved", {
  effect: Effect.map(Queue.sliding<true>(1), (bell) =>
    ({
      ring: Effect.asVoid(Queue.offer(bell, true)),
      heard: Effect.asVoid(Queue.take(bell))
    }) as const)
}) {}
