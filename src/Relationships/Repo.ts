import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"

export class RelationshipsRepo extends Effect.Service<RelationshipsRepo>()("Relationships/RelationshipsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const inUse = Effect.fnUntraced(function*(relationship: string) {
      const rows = yield* sql`SELECT 1 FROM contracts WHERE relationship_id = ${relationship} LIMIT 1`
      return rows.length > 0
    }, Effect.orDie)

    const find = Effect.fnUntraced(function*(id: string) {
      const rows = yield* sql<{ org_id: string; mode: Mode; created_at: Date }>`
        SELECT org_id, mode, created_at FROM relationships WHERE id = ${id}`
      return Option.map(Option.fromNullable(rows[0]), (row) => ({ org: row.org_id, mode: row.mode, created: new Date(row.created_at).toISOString() }))
    }, Effect.orDie)

    return { inUse, find } as const
  })
}) {}
