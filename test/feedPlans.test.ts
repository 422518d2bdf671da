import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { attentionPage } from "../src/Attention.js"
import { AttentionRepo } from "../src/Attention/Repo.js"
import { AttentionRow } from "../src/Attention/Api.js"
import { groupRows, pageGroups } from "../src/Domain/Views/Attention.js"
import { JsonColumn } from "../src/Sql/Rows.js"
import { databases } from "./support/databases.js"
import { seqScansOf } from "./support/queryPlans.js"
import { type RuntimeOnDatabase, runtimeOnDatabase } from "./support/runtime.js"

/** The seeded items, read the slow way for the reference; decoded, so a seed of the wrong shape fails here. */
const decodeItems = Schema.decodeUnknownSync(
  Schema.Array(Schema.Struct({ relationship: Schema.NullOr(Schema.String), counterparty: Schema.String, rows: JsonColumn(Schema.Array(AttentionRow)) }))
)

for (const database of databases) {
  const count = database.name === "postgres" ? 100_000 : 5_000
  describe(`the feed of a person who holds most of the open rows, at ${count.toLocaleString("en")} contracts (${database.name})`, () => {
    let db: RuntimeOnDatabase<AttentionRepo>
    beforeAll(async () => {
      db = await runtimeOnDatabase(database, AttentionRepo.Default)
      await db.runtime.runPromise(Effect.gen(function*() {
        // One counterparty's whole history, as the bench's lists part seeds it: per_most owes a
        // reply on every contract, ten to a relationship, her rows' ids hashes as real ones are, so
        // her groups interleave in the feed's order; per_ada, across the table, waits on her on each.
        // Rows and waits about as wide as real ones, which moves the planner's costs, and each row
        // the shape a save writes (src/Domain/Views/Attention.ts), since the repository decodes them.
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_1', 'Org 1', timestamptz '2025-12-01')`
        yield* sql`INSERT INTO contracts (id, mode, org_id, state, origin, title, relationship_id, words_hash, head_sequence, created_at, updated_at, doc)
          SELECT 'con_' || i, 'live', 'org_1', 'negotiating', 'template', 'Contract ' || i, 'rel_' || (i / 10), md5(i::text), 2,
            timestamptz '2026-01-01', timestamptz '2026-01-01', '{}'::jsonb
          FROM generate_series(1, ${count}) i`
        yield* sql`INSERT INTO attention_items (contract_id, party_id, person_id, mode, relationship, counterparty, rows, waiting, open, best_rank, best_since, best_id, row_ids)
          SELECT 'con_' || i, 'pty_most_' || i, 'per_most', 'live', 'rel_' || (i / 10), 'org_1',
            jsonb_build_array(jsonb_build_object('id', atn, 'kind', (ARRAY['resign', 'approval', 'sign_wait', 'letter'])[1 + i % 4], 'contract', 'con_' || i,
              'title', 'Contract ' || i, 'state', 'negotiating', 'since', since, 'why_you', repeat('w', 300), 'letter', NULL)),
            NULL, true, i % 4, since, atn, ARRAY[atn]
          FROM generate_series(1, ${count}) i,
            LATERAL (SELECT 'atn_' || left(md5('most_' || i), 24) AS atn, to_char(timestamp '2026-01-01' + (i % 97) * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS since) r
          UNION ALL
          SELECT 'con_' || i, 'pty_ada_' || i, 'per_ada', 'live', 'rel_' || (i / 10), 'per_most@example.com', '[]'::jsonb,
            jsonb_build_object('relationship', 'rel_' || (i / 10), 'counterparty', 'per_most@example.com', 'contract', 'con_' || i, 'since', '2026-01-01T00:00:00.000Z', 'title', repeat('t', 200)),
            true, NULL, NULL, NULL, '{}'
          FROM generate_series(1, ${count}) i`
        yield* sql`ANALYZE attention_items`
        if (database.name === "pglite") yield* sql`SET enable_seqscan = off`
      }))
    }, 300_000)
    afterAll(() => db?.stop())

    it("reads its first pages and a deep one through indexes, each as the domain's rules page the whole feed", async () => {
      const { pages, scans } = await db.runtime.runPromise(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const repo = yield* AttentionRepo
        const items = yield* sql`
          SELECT relationship, counterparty, rows FROM attention_items WHERE person_id = 'per_most' AND mode = 'live' AND open`
        const groups = groupRows(
          decodeItems(items).flatMap(({ counterparty, relationship, rows }) => rows.map((row) => ({ row, relationship, counterparty })))
        )
        const seat = { person: "per_most", mode: "live" as const, party: undefined }
        const scans: Array<string> = []
        let pages = 0
        // Three pages from the start, then three from a group near the end.
        for (const start of [undefined, groups.at(-5)!.rows[0]!.id]) {
          let cursor = start
          for (let n = 0; n < 3; n++) {
            const page = yield* seqScansOf(attentionPage(repo, seat, 10, cursor))
            expect(page.result).toEqual(pageGroups(groups, 10, cursor))
            scans.push(...page.scans)
            pages++
            cursor = page.result?.next_cursor ?? undefined
            if (cursor === undefined) break
          }
        }
        // Nothing waits on her side, though half the table waits on per_ada: found so through an index too.
        const waiting = yield* seqScansOf(repo.waiting(seat))
        expect(waiting.result).toEqual([])
        scans.push(...waiting.scans)
        return { pages, scans }
      }))
      expect(pages).toBe(6)
      expect(scans).toEqual([])
    })
  })
}
