import type { SqlClient, SqlError } from "@effect/sql"
import { Clock, Deferred, Effect, FiberId } from "effect"
import type { RateLimits } from "../Config.js"
import type { RateClass } from "../Http/Policy.js"
import { type Allowance, classesOf, limitOf, minute } from "./Allowance.js"
import { sharedRows } from "./SharedRows.js"

/** How long tokens taken from the shared bucket may be spent here; after that they go back. */
export const reservoirLife = 1_000

/** A reservoir no request has touched for this long is forgotten, with what it held. */
export const forgottenAfter = minute

/** A runner takes a fiftieth of a class's allowance at once: a limit under 100 a minute is counted exactly. */
export const batchOf = (limit: number) => Math.max(1, Math.floor(limit / 50))

interface Reservoir {
  /** Requests' worth taken and not yet spent, each one token of every class the key charges. */
  units: number
  /** When they were taken, by this runner's clock. */
  readonly at: number
}

/** How a fetch ended, for the requests that waited for it: spend what it brought, or its refusal, or let through. */
type Outcome = "again" | "unanswered" | Allowance

const allowedAnyway: Allowance = { allowed: true }

const letThrough = (...error: ReadonlyArray<SqlError.SqlError>) =>
  Effect.as(Effect.logWarning("the shared rate limit could not be read; let through", ...error), allowedAnyway)

/**
 * The token buckets of a cluster, in `shared_rate_limits` (src/RateLimit/SharedRows.ts), spent
 * through a reservoir per bucket and class set (`rateClass`): a runner takes a batch of tokens in
 * one statement and spends them locally, so a busy bucket costs a statement per batch, not per
 * request, and its row lock is held by batches. The cluster never lets through more than the
 * allowance, since every token is taken from the shared row before it is spent; it may refuse
 * early, by the tokens other reservoirs hold unspent (at most a batch per runner and class set).
 * Tokens are spendable for `reservoirLife`, so a runner back from a pause spends none that another
 * runner has long been waiting for; then the next statement of that reservoir gives them back.
 * Requests that find the reservoir empty wait for one statement in flight rather than each running
 * one. A reservoir is removed when spent; one untouched for `forgottenAfter` is forgotten, so idle
 * buckets cost no memory, and its few tokens are lost (the shared row refills past them).
 */
export const sharedBuckets = (sql: SqlClient.SqlClient, limits: RateLimits) => {
  const takeBatch = sharedRows(sql, limits)
  const reservoirs = new Map<string, Reservoir>()
  const inFlight = new Map<string, Deferred.Deferred<Outcome>>()
  let lastSweep = 0

  const wantOf = (rateClass: RateClass) => Math.min(...classesOf(rateClass).map((cls) => batchOf(limitOf(limits, cls))))

  // Not before `at` either: a clock set back must not stretch a reservoir's life.
  const spendable = (reservoir: Reservoir, now: number) => reservoir.units >= 1 && now >= reservoir.at && now - reservoir.at < reservoirLife

  const sweep = (now: number) => {
    if (Math.abs(now - lastSweep) < forgottenAfter) return
    lastSweep = now
    for (const [key, reservoir] of reservoirs) {
      if (Math.abs(now - reservoir.at) >= forgottenAfter) reservoirs.delete(key)
    }
  }

  /** The request that found the reservoir empty: it takes a batch, keeps one, and leaves the rest. */
  const fetch = (key: string, bucket: string, rateClass: RateClass, returned: number, now: number) => {
    const done = Deferred.unsafeMake<Outcome>(FiberId.none)
    inFlight.set(key, done)
    reservoirs.delete(key)
    // Interrupted, the waiters try again themselves; a batch the statement did take is lost, as a forgotten reservoir's is.
    let outcome: Outcome = "again"
    return takeBatch(bucket, rateClass, wantOf(rateClass), returned, now).pipe(
      Effect.map((batch) => {
        if (typeof batch !== "number") {
          outcome = batch
          return batch
        }
        if (batch > 1) reservoirs.set(key, { units: batch - 1, at: now })
        return allowedAnyway
      }),
      Effect.catchTag("SqlError", (error) => {
        outcome = "unanswered"
        return letThrough(error)
      }),
      Effect.ensuring(Effect.suspend(() => {
        inFlight.delete(key)
        return Deferred.succeed(done, outcome)
      }))
    )
  }

  /**
   * Spends one request from `bucket`, or answers how many seconds until one is allowed again, from
   * the shared tokens. Fails open: when the database cannot answer, the request goes through and a
   * warning is logged. A limiter guards against a caller's excess, and a database hiccup must not
   * turn every caller's requests into 429s; the request itself meets the same database next anyway.
   */
  const take = (bucket: string, rateClass: RateClass): Effect.Effect<Allowance> =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      // One synchronous step from looking to claiming, so two requests never both start a fetch.
      Effect.suspend(() => {
        sweep(now)
        const key = `${rateClass} ${bucket}`
        const held = reservoirs.get(key)
        if (held !== undefined && spendable(held, now)) {
          if (--held.units === 0) reservoirs.delete(key)
          return Effect.succeed(allowedAnyway)
        }
        const pending = inFlight.get(key)
        if (pending === undefined) return fetch(key, bucket, rateClass, held?.units ?? 0, now)
        return Effect.flatMap(
          Deferred.await(pending),
          (outcome) => outcome === "again" ? take(bucket, rateClass) : outcome === "unanswered" ? letThrough() : Effect.succeed(outcome)
        )
      }))

  return { take } as const
}
