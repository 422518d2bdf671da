import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { AttentionRow, Waiting } from "../Domain/Views/Attention.js"
import { parseJson } from "../Sql/Values.js"

export interface OpenItem {
  readonly relationship: string | null
  readonly counterparty: string
  readonly rows: ReadonlyArray<AttentionRow>
  readonly waiting: Waiting | null
}

/** The feed's rows as the contracts' saves left them (src/Contracts/AttentionRows.ts). */
export class AttentionRepo extends Effect.Service<AttentionRepo>()("Attention/AttentionRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * The person's open items only, through the partial index: what their contracts need now, not
     * every contract they ever sat on. By party, as the seats were read before, so ties in
     * `waiting_on_them` keep their order.
     */
    const openItems = Effect.fnUntraced(function*(person: string, mode: Mode, party: string | undefined) {
      const rows = yield* sql<{ relationship: string | null; counterparty: string; rows: unknown; waiting: unknown }>`
        SELECT relationship, counterparty, rows, waiting FROM attention_items
        WHERE person_id = ${person} AND mode = ${mode} AND open ${party === undefined ? sql`` : sql`AND party_id = ${party}`}
        ORDER BY party_id`
      return rows.map((row): OpenItem => ({
        relationship: row.relationship,
        counterparty: row.counterparty,
        rows: parseJson(row.rows),
        waiting: parseJson(row.waiting)
      }))
    }, Effect.orDie)

    return { openItems } as const
  })
}) {}
