import type { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import type { RateLimits } from "../Config.js"
import type { RateClass } from "../Http/Policy.js"
import { type Allowance, allowanceOf, classesOf, limitOf, minute } from "./Allowance.js"

interface Row {
  /** False when a charged class had no row yet: the statement made it, full, and took nothing. */
  readonly found: boolean
  readonly allowed: boolean
  readonly tokens: number | null
  readonly lim: number | null
}

const allowedAnyway: Allowance = { allowed: true }

/**
 * The token buckets of a cluster, in `shared_rate_limits` (migrations/0014), refilled and spent as
 * in memory (src/RateLimit/Allowance.ts). One statement a request: it locks the request's rows in
 * class order (so two runners charging `write` and `send_sign` never deadlock), refills them to
 * `now`, and takes a token from each only if each holds one; locked, a row read is the latest
 * committed, so two runners never spend the same token. A statement cannot read a row it creates,
 * so the first request charged to a bucket and class makes its row and asks again: two statements,
 * once per row ever made.
 * `now` is the caller's Effect clock; a bucket's time never runs backward, since runners' clocks
 * differ a little and an earlier `now` would otherwise take back tokens already refilled.
 */
export const sharedBuckets = (sql: SqlClient.SqlClient, limits: RateLimits) => {
  const statement = (bucket: string, rateClass: RateClass, now: number) => {
    const wanted = JSON.stringify(classesOf(rateClass).map((cls) => ({ class: cls, lim: limitOf(limits, cls) })))
    return sql<Row>`
      WITH wanted AS (
        SELECT class, lim FROM jsonb_to_recordset(${wanted}::jsonb) AS w(class text, lim double precision)
      ), held AS (
        SELECT b.class, w.lim, least(w.lim, b.tokens + greatest(0, ${now}::bigint - b.at) * w.lim / ${minute}::double precision) AS tokens
        FROM shared_rate_limits b JOIN wanted w ON w.class = b.class
        WHERE b.bucket = ${bucket}
        ORDER BY b.class
        FOR UPDATE OF b
      ), verdict AS (
        SELECT count(*) = (SELECT count(*) FROM wanted) AS found, coalesce(bool_and(tokens >= 1), false) AS allowed FROM held
      ), created AS (
        INSERT INTO shared_rate_limits (bucket, class, tokens, at)
        SELECT ${bucket}, w.class, w.lim, ${now}::bigint FROM wanted w
        WHERE NOT EXISTS (SELECT 1 FROM held h WHERE h.class = w.class)
        ON CONFLICT (bucket, class) DO NOTHING
      ), taken AS (
        UPDATE shared_rate_limits b
        SET tokens = h.tokens - CASE WHEN v.allowed THEN 1 ELSE 0 END, at = greatest(b.at, ${now}::bigint)
        FROM held h, verdict v
        WHERE v.found AND b.bucket = ${bucket} AND b.class = h.class
      )
      SELECT v.found, v.allowed, h.tokens, h.lim FROM verdict v LEFT JOIN held h ON true`
  }

  const settle = (rows: ReadonlyArray<Row>): Allowance | undefined => {
    const first = rows[0]
    if (first === undefined || !first.found) return undefined
    if (first.allowed) return allowedAnyway
    return allowanceOf(rows.map((row) => ({ tokens: row.tokens!, limit: row.lim! })))
  }

  /**
   * Spends one request from `bucket`, or answers how many seconds until one is allowed again.
   * Fails open: when the database cannot answer, the request goes through and a warning is
   * logged. A limiter guards against a caller's excess, and a database hiccup must not turn every
   * caller's requests into 429s; the request itself meets the same database next anyway.
   */
  const take = (bucket: string, rateClass: RateClass) =>
    Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const first = settle(yield* statement(bucket, rateClass, now))
      if (first !== undefined) return first
      const again = settle(yield* statement(bucket, rateClass, now))
      if (again !== undefined) return again
      yield* Effect.logWarning(`rate limit bucket ${bucket} (${rateClass}) has no row after making it; let through`)
      return allowedAnyway
    }).pipe(
      Effect.catchTag("SqlError", (error) => Effect.as(Effect.logWarning("the shared rate limit could not be read; let through", error), allowedAnyway))
    )

  return { take } as const
}
