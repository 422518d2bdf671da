import type { SqlClient, SqlError } from "@effect/sql"
import { Effect } from "effect"
import type { RateLimits } from "../Config.js"
import type { RateClass } from "../Http/Policy.js"
import { type Allowance, allowanceOf, classesOf, limitOf, minute } from "./Allowance.js"

interface Row {
  /** False when a charged class had no row yet: the statement made it, full, and took nothing. */
  readonly found: boolean
  readonly granted: number
  readonly tokens: number | null
  readonly lim: number | null
}

/** How many requests' worth a batch took (each one token of every charged class), or the refusal. */
export type Batch = number | Allowance

/**
 * The statement over `shared_rate_limits` (migrations/0014), refilling and spending as in memory
 * (src/RateLimit/Allowance.ts). It locks the request's rows in class order (so two runners charging
 * `write` and `send_sign` never deadlock), refills them to `now`, adds back the `returned` tokens a
 * runner took and did not spend, and takes the same count `granted` = min(`want`, whole tokens of the
 * poorest class) from every class, only if each holds one. Locked, a row read is the latest
 * committed, so two runners never take the same token. A statement cannot read a row it creates, so
 * the first batch of a bucket and class makes its row and asks again: two statements, once per row.
 * `now` is the caller's Effect clock; a bucket's time never runs backward, since runners' clocks
 * differ a little and an earlier `now` would otherwise take back tokens already refilled.
 */
export const sharedRows = (sql: SqlClient.SqlClient, limits: RateLimits) => {
  const statement = (bucket: string, rateClass: RateClass, want: number, returned: number, now: number) => {
    const wanted = JSON.stringify(classesOf(rateClass).map((cls) => ({ class: cls, lim: limitOf(limits, cls) })))
    return sql<Row>`
      WITH wanted AS (
        SELECT class, lim FROM jsonb_to_recordset(${wanted}::jsonb) AS w(class text, lim double precision)
      ), held AS (
        SELECT b.class, w.lim,
          least(w.lim, b.tokens + ${returned}::double precision + greatest(0, ${now}::bigint - b.at) * w.lim / ${minute}::double precision) AS tokens
        FROM shared_rate_limits b JOIN wanted w ON w.class = b.class
        WHERE b.bucket = ${bucket}
        ORDER BY b.class
        FOR UPDATE OF b
      ), verdict AS (
        SELECT count(*) = (SELECT count(*) FROM wanted) AS found,
          CASE WHEN min(tokens) >= 1 THEN least(${want}::double precision, floor(min(tokens))) ELSE 0 END AS granted
        FROM held
      ), created AS (
        INSERT INTO shared_rate_limits (bucket, class, tokens, at)
        SELECT ${bucket}, w.class, w.lim, ${now}::bigint FROM wanted w
        WHERE NOT EXISTS (SELECT 1 FROM held h WHERE h.class = w.class)
        ON CONFLICT (bucket, class) DO NOTHING
      ), taken AS (
        UPDATE shared_rate_limits b
        SET tokens = h.tokens - v.granted, at = greatest(b.at, ${now}::bigint)
        FROM held h, verdict v
        WHERE v.found AND b.bucket = ${bucket} AND b.class = h.class
      )
      SELECT v.found, v.granted, h.tokens, h.lim FROM verdict v LEFT JOIN held h ON true`
  }

  const settle = (rows: ReadonlyArray<Row>): Batch | undefined => {
    const first = rows[0]
    if (first === undefined || !first.found) return undefined
    if (first.granted >= 1) return first.granted
    return allowanceOf(rows.map((row) => ({ tokens: row.tokens!, limit: row.lim! })))
  }

  /** Takes a batch of up to `want` requests' worth from `bucket`, giving back `returned` first. */
  return (bucket: string, rateClass: RateClass, want: number, returned: number, now: number): Effect.Effect<Batch, SqlError.SqlError> =>
    Effect.gen(function*() {
      // A row just made took nothing, so what is given back is still to give: the second statement does.
      const first = settle(yield* statement(bucket, rateClass, want, returned, now))
      if (first !== undefined) return first
      const again = settle(yield* statement(bucket, rateClass, want, returned, now))
      if (again !== undefined) return again
      yield* Effect.logWarning(`rate limit bucket ${bucket} (${rateClass}) has no row after making it; let through`)
      // One request's worth, spent by this request at once: it goes through and nothing is held.
      return 1
    })
}
