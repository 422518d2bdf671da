import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { FactRow, Titled } from "../Domain/Ask/FactMatch.js"
import type { Filter } from "../Domain/Ask/Reading.js"
import { factPageStatement, factsStatement, titlesHoldingStatement, titlesStatement } from "./FactStatements.js"
import { searchParameters, searchSettings, searchStatement } from "./SearchStatement.js"

export interface Hit {
  readonly contract_id: string
  readonly block_id: string
  /** PostgreSQL's `ts_rank` of the block for the question's words. */
  readonly rank: number
}

/** A row as the driver gives it: numeric columns may arrive as text, booleans as anything truthy. */
const factRowOf = (row: FactRow): FactRow => ({
  ...row,
  in_renewal: row.in_renewal === true,
  amount_min: row.amount_min === null ? null : Number(row.amount_min),
  amount_max: row.amount_max === null ? null : Number(row.amount_max)
})

/** The best block of each contract an org may see, ranked by PostgreSQL's full-text search (the same SQL on PGlite); and the facts and titles of its contracts. */
export class AskRepo extends Effect.Service<AskRepo>()("Ask/AskRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const matching = (org: string, mode: Mode, terms: ReadonlyArray<string>, limit: number, allWords: boolean) =>
      Effect.map(
        sql.unsafe<Hit>(searchStatement, searchParameters(org, mode, terms, limit, allWords)),
        (hits) => hits.map((hit) => ({ ...hit, rank: Number(hit.rank) }))
      )

    // Contracts with every word first: ranking only those is what keeps a common word cheap at
    // scale. Any word fills the rest only when no contract holds them all: a block with every word
    // of the question says more than any block with some of them.
    const search = (org: string, mode: Mode, terms: ReadonlyArray<string>, limit: number) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql.unsafe(searchSettings)
        const all = yield* matching(org, mode, terms, limit, true)
        if (all.length > 0 || terms.length === 1) return all
        return yield* matching(org, mode, terms, limit, false)
      })).pipe(Effect.orDie)

    // The same join decision as the search: without statistics PGlite would loop over the facts per contract.
    const facts = (org: string, mode: Mode, filter: Exclude<Filter, { kind: "agreement_kind" }>) => {
      const { parameters, statement } = factsStatement(org, mode, filter)
      return sql.withTransaction(Effect.zipRight(
        sql.unsafe(searchSettings),
        Effect.map(sql.unsafe<FactRow>(statement, parameters), (rows) => rows.map(factRowOf))
      )).pipe(Effect.orDie)
    }

    const factPage = (org: string, mode: Mode, filter: Parameters<typeof factPageStatement>[2], limit: number) => {
      const { parameters, statement } = factPageStatement(org, mode, filter, limit)
      return sql.withTransaction(Effect.zipRight(
        sql.unsafe(searchSettings),
        Effect.map(sql.unsafe<FactRow & { readonly total: number | string }>(statement, parameters), (rows) => ({
          rows: rows.map(factRowOf),
          total: rows.length === 0 ? 0 : Number(rows[0]!.total)
        }))
      )).pipe(Effect.orDie)
    }

    const titles = (org: string, mode: Mode) => sql.unsafe<Titled>(titlesStatement, [org, mode]).pipe(Effect.orDie)

    // Words are letters and digits only (TitleMatch.ts), so none is a LIKE wildcard.
    const titlesHolding = (org: string, mode: Mode, words: ReadonlyArray<string>) =>
      words.length === 0
        ? Effect.succeed([])
        : sql.unsafe<Titled>(titlesHoldingStatement, [org, mode, `{${words.map((word) => `"%${word}%"`).join(",")}}`]).pipe(Effect.orDie)

    return { search, facts, factPage, titles, titlesHolding } as const
  })
}) {}
