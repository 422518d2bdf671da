import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option, Schema } from "effect"
import { attentionPage } from "../src/Attention.js"
import { AttentionRepo } from "../src/Attention/Repo.js"
import type { ListFilter } from "../src/Engine/ListConditions.js"
import { ContractsRepo } from "../src/Engine/Repo.js"
import { RelationshipsRepo } from "../src/Relationships/Repo.js"
import { AttentionRow } from "../src/Attention/Api.js"
import { groupRows, pageGroups } from "../src/Domain/Views/Attention.js"
import { JsonColumn } from "../src/Sql/Rows.js"
import { databases } from "./support/databases.js"
import { fillContracts } from "./support/manyContracts.js"
import { seqScansOf } from "./support/queryPlans.js"
import { type RuntimeOnDatabase, runtimeOnDatabase } from "./support/runtime.js"

const listFilter = (overrides: Partial<ListFilter>): ListFilter => ({
  org: "org_7",
  mode: "live",
  states: undefined,
  origins: undefined,
  relationship: undefined,
  updatedSince: undefined,
  after: undefined,
  limit: 10,
  ...overrides
})

/** The seeded feed items, read the slow way for the reference; decoded, so a seed of the wrong shape fails here. */
const decodeItems = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({
  relationship: Schema.NullOr(Schema.String),
  counterparty: Schema.String,
  rows: JsonColumn(Schema.Array(AttentionRow)),
  waiting: Schema.NullOr(JsonColumn(Schema.Unknown))
})))

for (const database of databases) {
  // PGlite is the embedded, single-user store: it proves the same queries on a smaller fill, quickly.
  const count = database.name === "postgres" ? 100_000 : 5_000
  describe(`query plans of the list reads at ${count.toLocaleString("en")} contracts (${database.name})`, () => {
    let db: RuntimeOnDatabase<ContractsRepo | AttentionRepo | RelationshipsRepo>
    beforeAll(async () => {
      db = await runtimeOnDatabase(database, Layer.mergeAll(ContractsRepo.Default, AttentionRepo.Default, RelationshipsRepo.Default))
      const started = Date.now()
      await db.runtime.runPromise(fillContracts(count))
      console.log(`filled ${count} contracts in ${Date.now() - started} ms`)
      // At 5,000 rows a sequential scan is a fair choice for the planner; what the embedded suite
      // proves is that an index serves each query. PGlite is one session, so this holds for its plans.
      if (database.name === "pglite") await db.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SET enable_seqscan = off`))
    }, 300_000)
    afterAll(() => db?.stop())

    const run = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | ContractsRepo | AttentionRepo | RelationshipsRepo>) => db.runtime.runPromise(effect)

    it("GET /contracts: every filter and the cursor read through indexes", async () => {
      // Contract i was made i minutes into 2026 and updated a day later (test/support/manyContracts.ts).
      const minute = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000)
      const half = Math.floor(count / 2)
      const plans = await run(Effect.gen(function*() {
        const repo = yield* ContractsRepo
        const cursor = { created_at: minute(half).toISOString(), id: `con_${String(half).padStart(7, "0")}` }
        const filters = [
          listFilter({}),
          listFilter({ states: ["negotiating", "agreed"] }),
          listFilter({ relationship: "rel_7" }),
          listFilter({ updatedSince: minute(count - 5_000) }),
          listFilter({ after: cursor }),
          listFilter({ origins: ["import"] }),
          listFilter({ states: ["sent", "negotiating"], relationship: "rel_57", updatedSince: minute(half / 10), after: cursor })
        ]
        return yield* Effect.forEach(filters, (filter) => seqScansOf(repo.list(filter)))
      }))
      expect(plans.map(({ result }) => result.length > 0)).toEqual([true, true, true, true, true, true, true])
      expect(plans.flatMap(({ scans }) => scans)).toEqual([])
    })

    it("GET /contracts?updated_since= reads through indexes when the org's seats are nearly all on its own contracts", async () => {
      // The list's second half walks the org's seats on others' contracts. An org that drafted most
      // of what it sits on has few such seats, but PostgreSQL, taking the org and "not its own
      // contract" as independent, expects half of its seats there, and once planned a scan of every
      // contract for the updated_at condition when few contracts matched it (a drafting org's 100,000
      // contracts in the bench). Seats whose party rows call the contract the org's stand in for them.
      // Contract i was updated a day after its minute: the first time is after every update, the second before all.
      const times = [new Date(Date.UTC(2026, 0, 3) + count * 60_000), new Date(Date.UTC(2025, 0, 1))]
      const { result, scans } = await run(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const repo = yield* ContractsRepo
        yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_drafter', 'Drafter', timestamptz '2025-12-01')`
        yield* sql`INSERT INTO contract_parties (party_id, contract_id, person_id, org_id, mode, side, capacity, removed_at, contract_org, contract_created_at)
          SELECT 'pty_drafter_' || id, id, 'per_7', 'org_drafter', mode, 'drafter', '["signer"]'::jsonb, NULL, 'org_drafter', created_at
          FROM contracts WHERE mode = 'live'`
        yield* sql`ANALYZE contract_parties`
        const planned = yield* Effect.forEach(times, (since) => seqScansOf(repo.list(listFilter({ org: "org_drafter", updatedSince: since }))))
        yield* sql`DELETE FROM contract_parties WHERE org_id = 'org_drafter'`
        yield* sql`DELETE FROM orgs WHERE id = 'org_drafter'`
        yield* sql`ANALYZE contract_parties`
        return { result: planned.flatMap((plan) => plan.result), scans: planned.flatMap((plan) => plan.scans) }
      }))
      expect(result).toEqual([])
      expect(scans).toEqual([])
    })

    it("GET /me of a guest link reads its one seat through the key, however many seats its person holds", async () => {
      // A guest's person may sit on many contracts; /me once read the first 1,000 and looked for the link's among them.
      const { seats, scans, held } = await run(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const repo = yield* ContractsRepo
        yield* sql`INSERT INTO people (id, org_id, mode, name, email, created_at)
          VALUES ('per_guest', NULL, 'live', 'Guest', 'guest@example.com', timestamptz '2025-12-01')`
        yield* sql`INSERT INTO contract_parties (party_id, contract_id, person_id, org_id, mode, side, capacity, removed_at, contract_org, contract_created_at)
          SELECT 'pty_guest_' || id, id, 'per_guest', NULL, mode, 'counterparty', '["signer"]'::jsonb, NULL, org_id, created_at
          FROM contracts WHERE mode = 'live'`
        yield* sql`ANALYZE contract_parties`
        const [last] = yield* sql<{ party_id: string; held: number }>`
          SELECT max(party_id) AS party_id, count(*)::int AS held FROM contract_parties WHERE person_id = 'per_guest'`
        const planned = yield* seqScansOf(repo.partiesOf("per_guest", "live", undefined, 1, last!.party_id))
        yield* sql`DELETE FROM contract_parties WHERE person_id = 'per_guest'`
        yield* sql`DELETE FROM people WHERE id = 'per_guest'`
        yield* sql`ANALYZE contract_parties`
        return { seats: planned.result.map((seat) => seat.party === last!.party_id), scans: planned.scans, held: last!.held }
      }))
      expect(held).toBeGreaterThan(1_000)
      expect(seats).toEqual([true])
      expect(scans).toEqual([])
    })

    it("GET /contracts lists the org's own contracts and its live seats elsewhere, newest first, each once", async () => {
      const { listed, expected } = await run(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const repo = yield* ContractsRepo
        // A second seat of org_7 on org_6's newest contract, and a removed one on org_5's: listed once, and not at all.
        const [[twice], [removed]] = yield* Effect.all([
          sql<{ id: string }>`SELECT id FROM contracts WHERE org_id = 'org_6' AND mode = 'live' ORDER BY created_at DESC LIMIT 1`,
          sql<{ id: string }>`SELECT id FROM contracts WHERE org_id = 'org_5' AND mode = 'live' ORDER BY created_at DESC LIMIT 1`
        ])
        yield* sql`INSERT INTO contract_parties (party_id, contract_id, person_id, org_id, mode, side, capacity, removed_at, contract_org, contract_created_at)
          SELECT 'pty_twice', id, 'per_7', 'org_7', mode, 'counterparty', '["signer"]'::jsonb, NULL, org_id, created_at FROM contracts WHERE id = ${twice!.id}
          UNION ALL
          SELECT 'pty_removed', id, 'per_7', 'org_7', mode, 'counterparty', '["signer"]'::jsonb, updated_at, org_id, created_at FROM contracts WHERE id = ${
          removed!.id
        }`
        // What the list means, said the slow way: the org's own, or any live seat of the org.
        const expected = yield* sql<{ id: string }>`
          SELECT c.id FROM contracts c WHERE c.mode = 'live' AND (c.org_id = 'org_7' OR EXISTS (
            SELECT 1 FROM contract_parties p WHERE p.contract_id = c.id AND p.org_id = 'org_7' AND p.removed_at IS NULL))
          ORDER BY c.created_at DESC, c.id DESC LIMIT 41`
        const listed = yield* repo.list(listFilter({ limit: 40 }))
        // The filled documents hold only an id and a title: the cursor's time comes from the row.
        const [last] = yield* sql<{ created_at: Date }>`SELECT created_at FROM contracts WHERE id = ${listed[39]!.id}`
        const next = yield* repo.list(listFilter({ limit: 40, after: { created_at: new Date(last!.created_at).toISOString(), id: listed[39]!.id } }))
        yield* sql`DELETE FROM contract_parties WHERE party_id IN ('pty_twice', 'pty_removed')`
        return { listed: [...listed.slice(0, 40), ...next.slice(0, 1)].map((c) => c.id), expected: expected.map((row) => row.id) }
      }))
      expect(listed).toEqual(expected)
      expect(new Set(listed).size).toBe(listed.length)
    })

    it("GET /contracts/{id}/events reads one contract's events through its index", async () => {
      const { result, scans } = await run(Effect.flatMap(ContractsRepo, (repo) => seqScansOf(repo.events("con_0001234", 0, 1))))
      expect(result).toMatchObject({ data: [{ sequence: 1 }], has_more: true })
      expect(scans).toEqual([])
    })

    it("GET /attention pages a big feed through indexes, each page as the domain's rules page the whole feed", async () => {
      const { pages, scans } = await run(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const repo = yield* AttentionRepo
        const scans: Array<string> = []
        const pages: Array<number> = []
        // per_feed's whole feed, and one seat of it as its guest link reads it.
        for (const party of [undefined, "pty_feed_1"]) {
          const seat = { person: "per_feed", mode: "live" as const, party }
          const only = party === undefined ? sql`` : sql`AND party_id = ${party}`
          // The reference, the slow way: every open item, grouped and paged in memory.
          const items = decodeItems(
            yield* sql`
            SELECT relationship, counterparty, rows, waiting FROM attention_items WHERE person_id = 'per_feed' AND mode = 'live' AND open ${only}
            ORDER BY party_id`
          )
          const groups = groupRows(items.flatMap(({ counterparty, relationship, rows }) => rows.map((row) => ({ row, relationship, counterparty }))))
          for (const limit of [1, 3, 10, 100]) {
            let cursor = undefined as string | undefined
            do {
              const page = yield* seqScansOf(attentionPage(repo, seat, limit, cursor))
              expect(page.result).toEqual(pageGroups(groups, limit, cursor))
              scans.push(...page.scans)
              cursor = page.result?.next_cursor ?? undefined
              pages.push(limit)
            } while (cursor !== undefined)
          }
          const waiting = yield* seqScansOf(repo.waiting(seat))
          expect(waiting.result).toEqual(items.flatMap(({ waiting }) => (waiting === null ? [] : [waiting])))
          scans.push(...waiting.scans)
        }
        expect(yield* attentionPage(repo, { person: "per_feed", mode: "live", party: "pty_feed_2" }, 10, "atn_nope")).toBeNull()
        return { pages, scans }
      }))
      // Every group is a page at limit 1: the feed holds dozens, and the guest's seat one.
      expect(pages.filter((limit) => limit === 1).length).toBeGreaterThan(count === 5_000 ? 30 : 60)
      expect(scans).toEqual([])
    })

    it("GET /relationships/{id} reads the relationship's contracts and parties through indexes, for either org and no other", async () => {
      // rel_10: org_10 drafts, org_11 is the counterparty, and org_12's party on each contract was removed.
      const { result, scans } = await run(Effect.gen(function*() {
        const repo = yield* RelationshipsRepo
        return yield* seqScansOf(Effect.all([
          repo.find("rel_10"),
          repo.contractsSeenBy("rel_10", "org_10", "live"),
          repo.contractsSeenBy("rel_10", "org_11", "live"),
          repo.contractsSeenBy("rel_10", "org_12", "live")
        ]))
      }))
      const [found, drafter, counterparty, removed] = result
      expect(Option.isSome(found)).toBe(true)
      const contracts = new Set(drafter.map(({ contract }) => contract.id))
      // Contract i is in rel_(i % 2000), but for the drafts (every seventh), which have no relationship yet.
      expect(contracts.size).toBe(Array.from({ length: count }, (_, i) => i + 1).filter((i) => i % 2000 === 10 && i % 7 !== 0).length)
      // Every party is listed, the removed one too, in the contract's order.
      expect(drafter.map(({ person }) => Number(person!.id.slice("per_".length)) % 50)).toEqual([...contracts].flatMap(() => [10, 11, 12]))
      expect(counterparty).toEqual(drafter)
      expect(removed).toEqual([])
      expect(scans).toEqual([])
    })
  })
}
