import { SqlClient } from "@effect/sql"
import { Effect, type Scope } from "effect"

// Fixed numbers, one per purpose: keys of PostgreSQL advisory locks every process of one database agrees on.
/** Held exclusively by a process serving alone, shared by every runner of a cluster: the two never mix. */
const servingLock = 720_115_002
/** Held while a runner builds the cluster's tables and joins, so two first starts never race on them. */
const joiningLock = 720_115_003

export class AnotherProcessServes extends Error {
  constructor(alone: boolean) {
    super(
      alone
        ? "Another process already serves this database. To run several, give each its own RUNNER_ADDRESS (docs/scale-out.md)."
        : "A process without RUNNER_ADDRESS serves this database alone; stop it, or give it RUNNER_ADDRESS too (docs/scale-out.md)."
    )
  }
}

/**
 * A connection of its own, kept for the life of the process, holding the serving lock: exclusive
 * when this process serves alone, shared when it is one runner of several. Two processes that both
 * believe they are alone would each run a writer for the same contract; with the lock the second
 * one refuses to start instead. Session locks end with their connection, so a killed process
 * frees its lock at once.
 */
export const holdServingLock = (alone: boolean): Effect.Effect<void, AnotherProcessServes, SqlClient.SqlClient | Scope.Scope> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const connection = yield* Effect.orDie(sql.reserve)
    const taken = yield* Effect.orDie(
      connection.executeValues(alone ? "SELECT pg_try_advisory_lock($1)" : "SELECT pg_try_advisory_lock_shared($1)", [servingLock])
    )
    if (taken[0]?.[0] !== true) return yield* Effect.fail(new AnotherProcessServes(alone))
  })

/** Runs `join` holding the joining lock on a connection of its own, released whatever happens. */
export const whileJoining = <A, E, R>(join: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | SqlClient.SqlClient> =>
  Effect.scoped(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const connection = yield* Effect.orDie(sql.reserve)
    yield* Effect.acquireRelease(
      Effect.orDie(connection.executeRaw("SELECT pg_advisory_lock($1)", [joiningLock])),
      () => Effect.ignore(connection.executeRaw("SELECT pg_advisory_unlock($1)", [joiningLock]))
    )
    return yield* join
  }))
