import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** How far each sandbox org's test-mode time runs ahead of the service's: one row per org that moved it. */
export class SandboxRepo extends Effect.Service<SandboxRepo>()("Sandbox/Repo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const offsetOf = (org: string) =>
      Effect.map(
        sql<{ offset_ms: string | number }>`SELECT offset_ms FROM sandbox_clocks WHERE org_id = ${org}`,
        (rows) => (rows[0] === undefined ? 0 : Number(rows[0].offset_ms))
      ).pipe(Effect.orDie)

    /** Moves the org's offset forward by `byMs` (> 0) in one statement, so two advances at once both land. Answers the offset that stands. */
    const advance = (org: string, byMs: number, at: Date) =>
      Effect.map(
        sql<{ offset_ms: string | number }>`
          INSERT INTO sandbox_clocks (org_id, offset_ms, updated_at) VALUES (${org}, ${byMs}, ${at})
          ON CONFLICT (org_id) DO UPDATE SET offset_ms = sandbox_clocks.offset_ms + excluded.offset_ms, updated_at = excluded.updated_at
          RETURNING offset_ms`,
        (rows) => Number(rows[0]!.offset_ms)
      ).pipe(Effect.orDie)

    return { offsetOf, advance } as const
  })
}) {}
