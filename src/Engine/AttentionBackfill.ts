import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { attentionColumns, openItemsOf } from "./AttentionRows.js"
import { ContractsRepo } from "./Repo.js"

const batch = 100

/**
 * Gives the contracts queued in `attention_pending` their feed rows: those stored before the rows
 * existed, and every contract again after a migration that changes the rules (see
 * migrations/0016_attention_and_relationship_rows.ts). It runs at start, with this release's
 * rules over documents already migrated to this release's shape. Each batch holds its contracts'
 * rows locked while it reads and writes them, so a save of one of them waits, then writes its own
 * rows over these; runners starting together skip each other's queued rows and share the work.
 */
export const backfillAttention = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const repo = yield* ContractsRepo
  const names = attentionColumns.split(", ").map((column) => column.split(" ")[0]).join(", ")
  const step = sql.withTransaction(Effect.gen(function*() {
    const queued = yield* sql<{ id: string }>`
      SELECT c.id FROM attention_pending q JOIN contracts c ON c.id = q.contract_id
      ORDER BY q.contract_id LIMIT ${batch}
      FOR UPDATE OF q SKIP LOCKED FOR UPDATE OF c`
    if (queued.length === 0) return false
    const ids = queued.map((row) => row.id)
    const items = (yield* repo.loadMany(ids)).flatMap(openItemsOf)
    yield* sql`DELETE FROM attention_items WHERE contract_id IN ${sql.in(ids)}`
    if (items.length > 0) {
      yield* sql`INSERT INTO attention_items (${sql.literal(names)})
        SELECT ${sql.literal(names)} FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb) AS r(${sql.literal(attentionColumns)})`
    }
    yield* sql`DELETE FROM attention_pending WHERE contract_id IN ${sql.in(ids)}`
    return true
  }))
  while (yield* step) {
    // Batch after batch until nothing is left that another runner is not already doing.
  }
}).pipe(Effect.orDie)
