import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

export interface StoredKey {
  readonly request_hash: string
  readonly status: number | null
  readonly body: string | null
  readonly created_at: Date
  readonly locked_until: Date | null
}

export class IdempotencyRepo extends Effect.Service<IdempotencyRepo>()("Idempotency/IdempotencyRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** Claims the key for a new request; false when a row already holds it. */
    const claim = Effect.fnUntraced(
      function*(scope: string, key: string, requestHash: string, now: Date, lockedUntil: Date) {
        const rows = yield* sql`
          INSERT INTO idempotency_keys (scope, key, request_hash, created_at, locked_until)
          VALUES (${scope}, ${key}, ${requestHash}, ${now}, ${lockedUntil})
          ON CONFLICT (scope, key) DO NOTHING
          RETURNING key`
        return rows.length === 1
      },
      Effect.orDie
    )

    const find = Effect.fnUntraced(function*(scope: string, key: string) {
      const rows = yield* sql<StoredKey>`
        SELECT request_hash, status, body, created_at, locked_until
        FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`
      return Option.fromNullable(rows[0])
    }, Effect.orDie)

    /** Removes a row only if it is still the one we looked at, so two retries cannot both take over. */
    const forget = Effect.fnUntraced(function*(scope: string, key: string, createdAt: Date) {
      yield* sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND created_at = ${createdAt}`
    }, Effect.orDie)

    const release = Effect.fnUntraced(function*(scope: string, key: string) {
      yield* sql`DELETE FROM idempotency_keys WHERE scope = ${scope} AND key = ${key} AND status IS NULL`
    }, Effect.orDie)

    const complete = Effect.fnUntraced(
      function*(scope: string, key: string, status: number, body: string) {
        yield* sql`
          UPDATE idempotency_keys SET status = ${status}, body = ${body}, locked_until = NULL
          WHERE scope = ${scope} AND key = ${key}`
      },
      Effect.orDie
    )

    return { claim, find, forget, release, complete } as const
  })
}) {}
