import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { EmbeddedDatabase } from "../Sql/Database.js"

export interface StoredKey {
  readonly request_hash: string
  readonly status: number | null
  readonly body: string | null
  readonly created_at: Date
  readonly locked_until: Date | null
  /** Set by a contract write in its own statement: the write is stored, whatever became of its answer. */
  readonly contract_id: string | null
  readonly result: unknown
}

export class IdempotencyRepo extends Effect.Service<IdempotencyRepo>()("Idempotency/IdempotencyRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // Set in a statement's RETURNING, so it holds for that statement's own transaction: its commit
    // returns without waiting for the WAL to reach the disk (a flush: 0.25 ms on this machine quiet, 2 ms loaded).
    // Only where commits flush at all: PGlite in memory runs with fsync off.
    const flushLaterIf = (condition: string) =>
      sql.literal(
        `set_config('synchronous_commit', CASE WHEN current_setting('fsync') = 'on' AND ${condition} THEN 'off' ELSE current_setting('synchronous_commit') END, true)`
      )
    // The embedded database on a data directory has no WAL writer: a commit left unflushed lives in
    // this process's memory until a later commit flushes it, so a crash of the process (a SIGKILL,
    // not only a power cut) loses it. An answer already sent must not be lost that way
    // (test/torture/crash.test.ts); on a PostgreSQL server its WAL writer flushes it within moments.
    const embedded = Option.isSome(yield* EmbeddedDatabase)
    const answerFlushLater = embedded ? sql.literal("current_setting('synchronous_commit')") : flushLaterIf("contract_id IS NOT NULL")
    const flushLater = flushLaterIf("true")

    /**
     * Claims the key for a new request; false when a row already holds it. The claim commits
     * without waiting for its WAL flush: a claim lost to a database crash is a key never used, and
     * whatever the request then stores commits synchronously, flushing the claim before it.
     */
    const claim = Effect.fnUntraced(
      function*(scope: string, key: string, requestHash: string, now: Date, lockedUntil: Date, successStatus: number) {
        const rows = yield* sql`
          INSERT INTO idempotency_keys (scope, key, request_hash, created_at, locked_until, success_status)
          VALUES (${scope}, ${key}, ${requestHash}, ${now}, ${lockedUntil}, ${successStatus})
          ON CONFLICT (scope, key) DO NOTHING
          RETURNING key, ${flushLater}`
        return rows.length === 1
      },
      Effect.orDie
    )

    const find = Effect.fnUntraced(function*(scope: string, key: string) {
      const rows = yield* sql<StoredKey>`
        SELECT request_hash, status, body, created_at, locked_until, contract_id, result
        FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`
      return Option.fromNullable(rows[0])
    }, Effect.orDie)

    /** Removes a row only if it is still the one we looked at, so two retries cannot both take over. */
    const forget = Effect.fnUntraced(function*(scope: string, key: string, createdAt: Date) {
      yield* sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND created_at = ${createdAt}`
    }, Effect.orDie)

    /**
     * Frees a claim whose request did not finish. A claim whose contract write was stored is kept,
     * with its lease ended, so the next retry resumes it at once instead of writing again.
     */
    const release = Effect.fnUntraced(function*(scope: string, key: string, now: Date) {
      // One round trip: the two halves match exclusive rows (with and without a stored write).
      yield* sql`
        WITH freed AS (
          DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND status IS NULL AND contract_id IS NULL
        )
        UPDATE idempotency_keys SET locked_until = ${now}
        WHERE scope = ${scope} AND key = ${key} AND status IS NULL AND contract_id IS NOT NULL`
    }, Effect.orDie)

    /** Takes over a claim whose lease ran out, if it is still the one we looked at. */
    const retake = Effect.fnUntraced(function*(scope: string, key: string, createdAt: Date, lockedUntil: Date) {
      const rows = yield* sql`
        UPDATE idempotency_keys SET locked_until = ${lockedUntil}
        WHERE scope = ${scope} AND key = ${key} AND created_at = ${createdAt} AND status IS NULL
        RETURNING key`
      return rows.length === 1
    }, Effect.orDie)

    /**
     * Keeps the answer. When the request's contract write is stored on the claim (its result, by
     * the save's own statement), the answer commits without waiting for its WAL flush: lost to a
     * database crash, the next retry resumes from the stored result. Any other answer is the only
     * record of what its request did, and waits for its flush.
     */
    const complete = Effect.fnUntraced(
      function*(scope: string, key: string, status: number, body: string) {
        yield* sql`
          UPDATE idempotency_keys SET status = ${status}, body = ${body}, locked_until = NULL
          WHERE scope = ${scope} AND key = ${key}
          RETURNING ${answerFlushLater}`
      },
      Effect.orDie
    )

    /** Ends the lease of a claim whose write is already stored, so the next retry resumes from it at once. */
    const expireIfStored = Effect.fnUntraced(function*(scope: string, key: string, now: Date) {
      yield* sql`
        UPDATE idempotency_keys SET locked_until = ${now}
        WHERE scope = ${scope} AND key = ${key} AND status IS NULL AND contract_id IS NOT NULL`
    }, Effect.orDie)

    return { claim, find, forget, release, expireIfStored, retake, complete } as const
  })
}) {}
