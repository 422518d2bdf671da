import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { decodeRows, SqlNumber } from "../Sql/Rows.js"
import { iso } from "../Sql/Values.js"

/** A live-mode outbox row claimed for one attempt; `delivery_attempts` counts this one. */
export const Outgoing = Schema.Struct({
  id: Schema.String,
  contract_id: Schema.NullOr(Schema.String),
  to_email: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  link: Schema.NullOr(Schema.String),
  delivery_attempts: SqlNumber
})
export type Outgoing = typeof Outgoing.Type

/** The outbox as outbound mail empties it: only live-mode rows are ever claimed. */
export class OutboxRepo extends Effect.Service<OutboxRepo>()("Mail/OutboxRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * Claims up to `limit` due rows, oldest first, in one statement: each claim counts an attempt and
     * pushes the row's due time out by `leaseMs`, so no other process takes it meanwhile, and a
     * process that dies mid-attempt leaves it due again when the lease lapses.
     */
    const claim = (now: number, leaseMs: number, limit: number, maxAttempts: number) =>
      Effect.flatMap(
        Effect.orDie(sql`
          WITH claimed AS (
            UPDATE outbox SET delivery_attempts = delivery_attempts + 1, next_attempt_at = ${iso(now + leaseMs)}
            WHERE id IN (
              SELECT id FROM outbox
              WHERE mode = 'live' AND delivered_at IS NULL AND delivery_attempts < ${maxAttempts} AND next_attempt_at <= ${iso(now)}
              ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
            RETURNING id, contract_id, to_email, subject, text, link, delivery_attempts, created_at
          )
          SELECT * FROM claimed ORDER BY created_at, id`),
        decodeRows(Outgoing)
      )

    // A mail that left is recorded even if its lease lapsed meanwhile: it did leave.
    const delivered = (row: Outgoing, now: number) =>
      Effect.orDie(sql`UPDATE outbox SET delivered_at = ${iso(now)}, delivery_error = NULL WHERE id = ${row.id} AND delivered_at IS NULL`)

    /** Records a failed attempt, only over the claim it made; due again at `retryAt`, or never (null: given up). */
    const failed = (row: Outgoing, error: string, retryAt: number | null) =>
      Effect.orDie(sql`
        UPDATE outbox SET delivery_error = ${error}, next_attempt_at = ${retryAt === null ? "infinity" : iso(retryAt)}
        WHERE id = ${row.id} AND delivery_attempts = ${row.delivery_attempts} AND delivered_at IS NULL`)

    return { claim, delivered, failed } as const
  })
}) {}
