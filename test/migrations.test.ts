import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import * as Migrator from "@effect/sql/Migrator"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import { migrations } from "../migrations/index.js"
import { AdminRepo } from "../src/Admin/Repo.js"
import { ServerConfig } from "../src/Config.js"
import { ContractsRepo } from "../src/Engine/Repo.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { databases, type TestDatabase } from "./support/databases.js"
import { testSettings } from "./support/service.js"

const migrate = (names: ReadonlyArray<keyof typeof migrations>) =>
  Migrator.make({})({ loader: Migrator.fromRecord(Object.fromEntries(names.map((name) => [name, migrations[name]]))) })

/** Runs one test on an unmigrated database of its own: each starts from the migrations it names. */
const onFreshDatabase = async (database: TestDatabase, test: Effect.Effect<void, unknown, SqlClient.SqlClient>) => {
  const made = await database.create({ empty: true })
  const runtime = ManagedRuntime.make(DatabaseLive.pipe(Layer.provide(Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(made.url) })))))
  try {
    await runtime.runPromise(test)
  } finally {
    await runtime.dispose()
    await made.drop()
  }
}

for (const database of databases) {
  describe(`migrations (${database.name})`, () => {
    it("0004 moves the letters of existing contracts out of their documents into rows, in order", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate(["0001_foundation", "0002_negotiation", "0003_signatures"])
          const letters = [{ id: "let_a", ordinal: 1 }, { id: "let_b", ordinal: 2 }]
          const doc = { id: "con_old", title: "Old", head_sequence: 3, letters }
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_old', 'Old Ltd', now())`
          yield* sql`
          INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc)
          VALUES ('con_old', 'live', 'org_old', 'negotiating', 'template', 'Old', 'h', 3, now(), now(), ${JSON.stringify(doc)}::jsonb)`
          yield* sql`
          INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc)
          VALUES ('con_new', 'live', 'org_old', 'draft', 'template', 'New', 'h', 1, now(), now(), ${JSON.stringify({ id: "con_new", letters: [] })}::jsonb)`
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          const repo = yield* Effect.provide(ContractsRepo, ContractsRepo.Default)
          expect(Option.getOrThrow(yield* repo.load("con_old"))).toEqual(doc)
          expect(Option.getOrThrow(yield* repo.load("con_new"))).toEqual({ id: "con_new", letters: [] })
          const left = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM contracts WHERE doc -> 'letters' IS NOT NULL`
          expect(left[0]!.n).toBe(0)
        })
      ))

    it("0007 records on every stored party the side that brought it in: Send recipients by the drafting side, others by their own", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate(["0001_foundation", "0002_negotiation", "0003_signatures", "0004_letters", "0005_idempotent_writes", "0006_key_last4"])
          const party = (id: string, side: string, joined_after: number) => ({ id, side, joined_after, org: null, capacity: ["negotiator"] })
          const parties = [
            party("pty_drafter", "drafter", 0),
            party("pty_recipient", "counterparty", 0),
            party("pty_their_invitee", "counterparty", 2),
            party("pty_our_invitee", "drafter", 3)
          ]
          const insert = (id: string, doc: unknown) =>
            sql`
            INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc)
            VALUES (${id}, 'live', 'org_old', 'negotiating', 'template', 'Old', 'h', 3, now(), now(), ${JSON.stringify(doc)}::jsonb)`
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_old', 'Old Ltd', now())`
          yield* insert("con_parties", { id: "con_parties", parties })
          yield* insert("con_none", { id: "con_none" })
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          const repo = yield* Effect.provide(ContractsRepo, ContractsRepo.Default)
          const migrated = Option.getOrThrow(yield* repo.load("con_parties"))
          expect(migrated.parties).toEqual([
            { ...parties[0], brought_by: "drafter" },
            { ...parties[1], brought_by: "drafter" },
            { ...parties[2], brought_by: "counterparty" },
            { ...parties[3], brought_by: "drafter" }
          ])
          expect(Option.getOrThrow(yield* repo.load("con_none"))).toEqual({ id: "con_none", letters: [] })
        })
      ))

    it("0006 lists a key made before it with last4 null, and a key made after it with its last four", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate(["0001_foundation", "0002_negotiation", "0003_signatures", "0004_letters", "0005_idempotent_writes"])
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_old', 'Old Ltd', now() - interval '1 day')`
          yield* sql`
          INSERT INTO api_keys (id, org_id, mode, secret_hash, scopes, pinned_version, created_at)
          VALUES ('key_old', 'org_old', 'live', 'h', '["contracts:read"]'::jsonb, '2026-08-24', now() - interval '1 day')`
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          const repo = yield* Effect.provide(AdminRepo, AdminRepo.Default)
          const added = yield* repo.addKey("org_old", "test", ["contracts:read"])
          const rows = yield* repo.listKeys("org_old", 10, undefined)
          expect(rows.map((row) => [row.id, row.last4])).toEqual([["key_old", null], [added.id, added.key.slice(-4)]])
        })
      ))

    it("0019 keeps a stored mark in both modes, and gives an email two org people shared to the older one alone", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate((Object.keys(migrations) as Array<keyof typeof migrations>).filter((name) => name < "0019"))
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_a', 'A', now()), ('org_b', 'B', now())`
          yield* sql`INSERT INTO people (id, org_id, mode, name, email, created_at) VALUES
            ('per_old', 'org_a', NULL, 'Old', 'pat@x.test', '2026-01-01'), ('per_new', 'org_b', NULL, 'New', 'PAT@x.test', '2026-02-01'),
            ('per_guest', NULL, 'test', 'Guest', 'pat@x.test', '2026-03-01')`
          yield* sql`INSERT INTO people_marks (person_id, kind, text, checksum, updated_at) VALUES ('per_old', 'typed', 'Pat', 'sha256:p', now())`
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          expect(yield* sql`SELECT mode, text FROM people_marks WHERE person_id = 'per_old' ORDER BY mode`).toEqual([
            { mode: "live", text: "Pat" },
            { mode: "test", text: "Pat" }
          ])
          expect(yield* sql`SELECT id, email_shared FROM people ORDER BY id`).toEqual([
            { id: "per_guest", email_shared: false },
            { id: "per_new", email_shared: true },
            { id: "per_old", email_shared: false }
          ])
          const third = yield* Effect.either(sql`INSERT INTO people (id, org_id, name, email, created_at) VALUES ('per_c', 'org_b', 'C', 'pat@X.test', now())`)
          expect(third._tag).toBe("Left")
        })
      ))

    it("0021 indexes the facts of every stored contract with the block each first stands in, its reading and its sums", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate((Object.keys(migrations) as Array<keyof typeof migrations>).filter((name) => name < "0021"))
          const facts = [
            { id: "fct_law", name: "governing_law", kind: "jurisdiction", value: "the State of New York", spans: [{ block: "blk_9", start: 3, end: 24 }] },
            { id: "fct_fee", name: "fees", kind: "money", value: "$1,500", spans: [] },
            { id: "fct_term", name: "renewal_term", kind: "term", value: "one (1) year", spans: [{ block: "blk_2", start: 0, end: 12 }] }
          ]
          const blocks = [{ id: "blk_2", text: "It renews for one (1) year at a time." }, { id: "blk_9", text: "12. Law. the State of New York governs." }]
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_old', 'Old Ltd', now())`
          for (const [id, doc] of [["con_facts", { id: "con_facts", facts, blocks }], ["con_bare", { id: "con_bare", facts: [] }]] as const) {
            yield* sql`
            INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc)
            VALUES (${id}, 'test', 'org_old', 'draft', 'template', 'Old', 'h', 1, now(), now(), ${JSON.stringify(doc)}::jsonb)`
          }
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          // Computed as a save computes them: whether the fact's block speaks of renewal, its reading, a sum's columns.
          const rows = yield* sql`SELECT contract_id, fact_id, mode, value, block_id, in_renewal, reading, currency, amount_max::float AS amount_max
            FROM contract_facts ORDER BY fact_id`
          const row = (fact_id: string, value: string, block_id: string | null, more: Record<string, unknown> = {}) => ({
            contract_id: "con_facts",
            fact_id,
            mode: "test",
            value,
            block_id,
            in_renewal: false,
            reading: null,
            currency: null,
            amount_max: null,
            ...more
          })
          expect(rows).toEqual([
            row("fct_fee", "$1,500", null, { currency: "USD", amount_max: 1500 }),
            row("fct_law", "the State of New York", "blk_9"),
            row("fct_term", "one (1) year", "blk_2", { in_renewal: true, reading: "P1Y" })
          ])
        })
      ))

    it("0022 keeps the key dates of every stored contract, and when an executed one is next due, as a save would", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate((Object.keys(migrations) as Array<keyof typeof migrations>).filter((name) => name < "0022"))
          const facts = [
            { id: "fct_start", name: "effective_date", kind: "date", value: "1 March 2026", missing: false, spans: [] },
            { id: "fct_end", name: "expiration_date", kind: "date", value: "28 February 2027", missing: false, spans: [] },
            { id: "fct_renew", name: "renewal_term", kind: "term", value: "one (1) year", missing: false, spans: [] },
            { id: "fct_notice", name: "notice_period", kind: "notice", value: "thirty (30) days", missing: false, spans: [] }
          ]
          const executed = { id: "con_signed", state: "executed", template: null, executed_at: "2026-03-02T10:00:00.000Z", cancelled: null, facts, blocks: [] }
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_old', 'Old Ltd', now())`
          for (const [id, doc] of [["con_signed", executed], ["con_bare", { id: "con_bare", facts: [] }], ["con_old", { id: "con_old" }]] as const) {
            yield* sql`
            INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc)
            VALUES (${id}, 'test', 'org_old', 'draft', 'template', 'Old', 'h', 1, now(), now(), ${JSON.stringify(doc)}::jsonb)`
          }
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          const rows = yield* sql`SELECT contract_id, org_id, mode, expiration_date, notice_deadline, next_due FROM contract_deadlines ORDER BY contract_id`
          // 28 February 2027 less thirty days is 29 January; its window opens sixty days before.
          expect(rows.map((row) => ({ ...row, next_due: new Date(row["next_due"] as string).toISOString() }))).toEqual([
            {
              contract_id: "con_signed",
              org_id: "org_old",
              mode: "test",
              expiration_date: "2027-02-28",
              notice_deadline: "2027-01-29",
              next_due: "2026-11-30T00:00:00.000Z"
            }
          ])
        })
      ))

    it("0023 records each executed amendment by its parent, the first executed where there are two, and counts stored rows with the default window", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate((Object.keys(migrations) as Array<keyof typeof migrations>).filter((name) => name < "0023"))
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_old', 'Old Ltd', now())`
          const contracts = [
            ["con_parent", "executed", { amends: null }],
            ["con_second", "executed", { amends: "con_parent", executed_at: "2026-06-02T10:00:00.000Z" }],
            ["con_first", "executed", { amends: "con_parent", executed_at: "2026-05-02T10:00:00.000Z" }],
            ["con_drafted", "draft", { amends: "con_other" }],
            ["con_older", "executed", { id: "con_older" }]
          ] as const
          for (const [id, state, doc] of contracts) {
            yield* sql`
            INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc)
            VALUES (${id}, 'test', 'org_old', ${state}, 'api', 'Old', 'h', 1, now(), now(), ${JSON.stringify(doc)}::jsonb)`
          }
          yield* sql`INSERT INTO contract_deadlines (contract_id, org_id, mode, expiration_date, notice_deadline, next_due)
            VALUES ('con_parent', 'org_old', 'test', '2027-02-28', '2027-01-29', '2026-11-30T00:00:00Z')`
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          const amendments = yield* sql`SELECT parent_id, amendment_id FROM contract_amendments ORDER BY parent_id`
          expect(amendments).toEqual([{ parent_id: "con_parent", amendment_id: "con_first" }])
          expect(yield* sql`SELECT contract_id, window_days FROM contract_deadlines`).toEqual([{ contract_id: "con_parent", window_days: 60 }])
          expect(yield* sql`SELECT count(*)::int AS n FROM org_settings`).toEqual([{ n: 0 }])
        })
      ))

    it("0025 moves the words, facts, baseline, asks and signatures of every stored contract into columns of their own, keeping null and absent apart, and its last writes into rows", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          yield* migrate((Object.keys(migrations) as Array<keyof typeof migrations>).filter((name) => name < "0025"))
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_old', 'Old Ltd', now())`
          const sent = {
            id: "con_sent",
            title: "Sent",
            blocks: [{ id: "blk_1", kind: "clause", text: "The Term is two years." }],
            facts: [{ id: "fct_term", value: "two years" }],
            baseline: { blocks: [{ id: "blk_1", kind: "clause", text: "The Term is one year." }], facts: [] },
            asks: [],
            signatures: [{ id: "sig_1" }],
            parties: [{ id: "pty_1" }]
          }
          const drafted = { id: "con_drafted", blocks: [], facts: [], baseline: null, asks: [], signatures: [] }
          const bare = { id: "con_bare", title: "Bare" }
          // The sent contract's last two writes were saved by its revisions 4 and 5.
          const recentWrites = [{ id: "wrt_a", result: { letter: "let_1" } }, { id: "wrt_b", result: null }]
          for (const doc of [sent, drafted, bare]) {
            const recent = doc === sent ? recentWrites : []
            yield* sql`
            INSERT INTO contracts (id, mode, org_id, state, origin, title, words_hash, head_sequence, created_at, updated_at, doc, revision, recent_writes)
            VALUES (${doc.id}, 'test', 'org_old', 'draft', 'api', 'Old', 'h', 1, now(), now(), ${JSON.stringify(doc)}::jsonb, 5,
              ${JSON.stringify(recent)}::jsonb)`
          }
          yield* migrate(Object.keys(migrations) as Array<keyof typeof migrations>)
          const repo = yield* Effect.provide(ContractsRepo, ContractsRepo.Default)
          for (const doc of [sent, drafted, bare]) {
            const loaded = Option.getOrThrow(yield* repo.loadForWriter(doc.id))
            expect(loaded.contract).toStrictEqual({ ...doc, letters: [] })
            expect(loaded.recentWrites).toEqual(doc === sent ? recentWrites : [])
          }
          expect(yield* sql`SELECT revision, write_id FROM contract_writes ORDER BY revision`).toEqual([
            { revision: 4, write_id: "wrt_a" },
            { revision: 5, write_id: "wrt_b" }
          ])
          // The documents keep none of the parts; a missing baseline stays SQL NULL, a null one JSON null.
          const left = yield* sql`
            SELECT id, (SELECT count(*)::int FROM jsonb_object_keys(doc) k WHERE k IN ('blocks', 'facts', 'baseline', 'asks', 'signatures')) AS keys,
              baseline IS NULL AS absent, jsonb_typeof(baseline) AS baseline
            FROM contracts ORDER BY id`
          expect(left).toEqual([
            { id: "con_bare", keys: 0, absent: true, baseline: null },
            { id: "con_drafted", keys: 0, absent: false, baseline: "null" },
            { id: "con_sent", keys: 0, absent: false, baseline: "object" }
          ])
        })
      ))
  })
}
