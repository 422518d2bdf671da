/**
 * The search index of POST /ask without the service, for scripts/evalAsk/cutoff.ts: an in-memory
 * PGlite opened as the service opens it (DatabaseLive on memory://), every migration run, and for
 * each corpus contract the rows the search statement reads (its org, its `contracts` row, a
 * `block_search` row per parsed block, text cut as SaveRows.ts cuts it). Parsing is the service's
 * own rule parser in-process, as scripts/eval-imports-direct.ts runs it.
 */
import { SqlClient } from "@effect/sql"
import * as Migrator from "@effect/sql/Migrator"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import { readFileSync } from "node:fs"
import path from "node:path"
import { migrations } from "../../migrations/index.js"
import { searchParameters, searchSettings, searchStatement } from "../../src/Ask/SearchStatement.js"
import { ServerConfig } from "../../src/Config.js"
import { parseDocument } from "../../src/Domain/Imports/ParseDocument.js"
import { DatabaseLive } from "../../src/Sql/Database.js"
import { testSettings } from "../../test/support/service.js"

/** As src/Engine/SaveRows.ts: the index reads only this much of a block. */
const searchedLength = 50_000
const rowsPerInsert = 1_000

export interface RankedHit {
  readonly file: string
  readonly rank: number
}

/** One org's contracts in the index, and their files back from the contract ids the search returns. */
export interface IndexedOrg {
  readonly org: string
  readonly fileOf: ReadonlyMap<string, string>
  readonly failed: number
}

export const openIndex = async () => {
  const config = Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some("memory://") }))
  const runtime = ManagedRuntime.make(DatabaseLive.pipe(Layer.provide(config)))
  await runtime.runPromise(Migrator.make({})({ loader: Migrator.fromRecord(migrations) }))
  return runtime
}

export type IndexRuntime = Awaited<ReturnType<typeof openIndex>>

/** Parses each file and stores what the search sees of it; a file the parser fails is left out, as its import would fail. */
export const indexOrg = (runtime: IndexRuntime, org: string, corpusDir: string, files: ReadonlyArray<string>): Promise<IndexedOrg> =>
  runtime.runPromise(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`INSERT INTO orgs (id, name, created_at) VALUES (${org}, ${org}, now())`
    const fileOf = new Map<string, string>()
    let failed = 0
    for (const [index, file] of files.entries()) {
      const text = readFileSync(path.join(corpusDir, file), "utf8")
      const outcome = parseDocument({ text, pages: [{ page: 1, start: 0, end: text.length }] })
      if (outcome._tag !== "Parsed") {
        failed++
        continue
      }
      const id = `con_${org}_${index}`
      fileOf.set(id, file)
      yield* sql`
        INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc)
        VALUES (${id}, 'live', ${org}, 'filed', 'import', ${outcome.parse.title}, 'h', 1, now(), now(), '{}'::jsonb)`
      const rows = outcome.parse.blocks.map((block, number) => ({
        contract_id: id,
        block_id: `blk_${number}`,
        mode: "live",
        text: block.text.slice(0, searchedLength).toWellFormed()
      }))
      for (let start = 0; start < rows.length; start += rowsPerInsert) {
        yield* sql`INSERT INTO block_search ${sql.insert(rows.slice(start, start + rowsPerInsert))}`
      }
    }
    return { org, fileOf, failed }
  }))

/** What one question finds: the contracts with every word, and those with any word, each ranked best first. */
export interface Found {
  readonly terms: number
  readonly every: ReadonlyArray<RankedHit>
  readonly any: ReadonlyArray<RankedHit>
}

/**
 * Both forms of the search statement, as src/Ask/Repo.ts runs it (in a transaction with
 * `searchSettings`); which of them an answer uses is decided by the caller, so the old and the
 * new filling rule are measured on the same rows. No terms: nothing searched, as the service refuses.
 */
export const searchBoth = (runtime: IndexRuntime, indexed: IndexedOrg, terms: ReadonlyArray<string>, limit: number): Promise<Found> =>
  runtime.runPromise(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    if (terms.length === 0) return { terms: 0, every: [], any: [] }
    const matching = (allWords: boolean) =>
      sql.withTransaction(Effect.zipRight(
        sql.unsafe(searchSettings),
        sql.unsafe<{ contract_id: string; rank: number | string }>(searchStatement, searchParameters(indexed.org, "live", terms, limit, allWords))
      )).pipe(Effect.map((hits) => hits.map((hit) => ({ file: indexed.fileOf.get(hit.contract_id)!, rank: Number(hit.rank) }))))
    return { terms: terms.length, every: yield* matching(true), any: yield* matching(false) }
  }))

/** Today's src/Ask/Repo.ts: every word; any word only when no contract holds every word (and the question has more than one). */
export const everyThenAny = (found: Found): ReadonlyArray<RankedHit> => found.every.length > 0 || found.terms === 1 ? found.every : found.any

/** The rule before (commit d8881fa): any word fills up to `limit` whenever fewer contracts hold every word. */
export const anyFillsUpToLimit = (found: Found, limit: number): ReadonlyArray<RankedHit> => {
  if (found.every.length === limit || found.terms <= 1) return found.every
  const seen = new Set(found.every.map((hit) => hit.file))
  return [...found.every, ...found.any.filter((hit) => !seen.has(hit.file))].slice(0, limit)
}
