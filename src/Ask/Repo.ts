import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"

export interface Hit {
  readonly contract_id: string
  readonly block_id: string
}

/** Blocks ranked by PostgreSQL's full-text search (the same SQL on PGlite), among the contracts an org may see. */
export class AskRepo extends Effect.Service<AskRepo>()("Ask/AskRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    // Any content word may match (the query's lexemes joined by OR); blocks matching more of them,
    // more often, rank higher. The org sees what it drafted and what it holds a live seat on.
    const search = Effect.fnUntraced(function*(org: string, mode: Mode, terms: ReadonlyArray<string>, limit: number) {
      const rows = yield* sql<Hit>`
        SELECT b.contract_id, b.block_id
        FROM block_search b, CAST(replace(plainto_tsquery('english', ${terms.join(" ")})::text, '&', '|') AS tsquery) AS q
        WHERE b.words @@ q AND b.mode = ${mode} AND b.contract_id IN (
          SELECT c.id FROM contracts c WHERE c.org_id = ${org} AND c.mode = ${mode}
          UNION
          SELECT p.contract_id FROM contract_parties p WHERE p.org_id = ${org} AND p.mode = ${mode} AND p.removed_at IS NULL
        )
        ORDER BY ts_rank(b.words, q) DESC, b.contract_id, b.block_id
        LIMIT ${limit}`
      return rows
    }, Effect.orDie)

    return { search } as const
  })
}) {}
