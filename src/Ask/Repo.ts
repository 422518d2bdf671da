import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import { searchParameters, searchSettings, searchStatement } from "./SearchStatement.js"

export interface Hit {
  readonly contract_id: string
  readonly block_id: string
}

/** The best block of each contract an org may see, ranked by PostgreSQL's full-text search (the same SQL on PGlite). */
export class AskRepo extends Effect.Service<AskRepo>()("Ask/AskRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const matching = (org: string, mode: Mode, terms: ReadonlyArray<string>, limit: number, allWords: boolean) =>
      sql.unsafe<Hit>(searchStatement, searchParameters(org, mode, terms, limit, allWords))

    // Contracts with every word first: ranking only those is what keeps a common word cheap at
    // scale. Any word fills the rest when fewer than `limit` contracts hold them all.
    const search = (org: string, mode: Mode, terms: ReadonlyArray<string>, limit: number) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql.unsafe(searchSettings)
        const all = yield* matching(org, mode, terms, limit, true)
        if (all.length === limit || terms.length === 1) return all
        const seen = new Set(all.map((hit) => hit.contract_id))
        const any = yield* matching(org, mode, terms, limit, false)
        return [...all, ...any.filter((hit) => !seen.has(hit.contract_id))].slice(0, limit)
      })).pipe(Effect.orDie)

    return { search } as const
  })
}) {}
