import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { migrations } from "../migrations/index.js"
import { backfillAttention } from "../src/Engine/AttentionBackfill.js"
import { attentionItemOf } from "../src/Engine/AttentionRows.js"
import { ContractsRepo } from "../src/Engine/Repo.js"
import type { Contract } from "../src/Domain/Contract/Contract.js"
import { type AttentionRow, byUrgency, rowsFor } from "../src/Domain/Views/Attention.js"
import { databases } from "./support/databases.js"
import { accept, ada, at, bea, commit, counter, minute, ok, partyOf, sent, sign, world } from "./domain/fixtures.js"
import { type RuntimeOnDatabase, runtimeOnDatabase } from "./support/runtime.js"

/** Ada signed, the words moved under her signature, then Beta countered again: she owes a letter and a new signature. */
const twoRowsForAda = (): Contract => {
  const w = world()
  const opened = counter(sent(w), bea, w)
  const held = ok(sign(commit(opened.contract, bea, at(w, 2)).contract, ada, at(w, 3))).contract
  const landed = commit(accept(held, ada, w, opened.ask), ada, at(w, 5)).contract
  return commit(counter(landed, bea, at(w, 6), "Newer words.").contract, bea, at(w, 7)).contract
}

describe("an item's place in the feed", () => {
  it("is its most urgent row's kind, time and id, with every row's id, whatever order the rows come in", () => {
    const contract = twoRowsForAda()
    const party = partyOf(contract, "per_ada")
    const [letter, resign] = rowsFor(contract, party)
    expect([letter!.kind, resign!.kind]).toEqual(["letter", "resign"])
    expect(attentionItemOf(contract, party)).toMatchObject({
      open: true,
      best_rank: 0,
      best_since: resign!.since,
      best_id: resign!.id,
      row_ids: [letter!.id, resign!.id]
    })
    // Beta's side owes nothing and only waits: open, but with no place among the groups.
    expect(attentionItemOf(contract, partyOf(contract, "per_bea"))).toMatchObject({ open: true, best_rank: null, best_since: null, best_id: null, row_ids: [] })
  })

  it("orders times and ids as PostgreSQL's COLLATE \"C\" does, by their bytes", () => {
    const row = (n: number): AttentionRow => ({
      id: `atn_${createHash("sha256").update(String(n)).digest("hex").slice(0, 24)}`,
      kind: "letter",
      contract: "con_x",
      title: "T",
      state: "negotiating",
      since: minute(n % 7 === 0 ? 0 : (n * 7919) % 100_000),
      why_you: "",
      letter: null
    })
    const rows = Array.from({ length: 2_000 }, (_, n) => row(n))
    const bytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
    const sorted = [...rows].sort(byUrgency).map((r) => r.id)
    expect(sorted).toEqual([...rows].sort((a, b) => bytes(a.since, b.since) || bytes(a.id, b.id)).map((r) => r.id))
  })
})

for (const database of databases) {
  describe(`the feed's order for contracts stored before it (${database.name})`, () => {
    let db: RuntimeOnDatabase<ContractsRepo>
    beforeAll(async () => {
      db = await runtimeOnDatabase(database, ContractsRepo.Default)
    })
    afterAll(() => db?.stop())

    it("is filled by 0018's queue and the start's backfill as the save fills it", async () => {
      const { afterBackfill, afterMigration, queued, saved } = await db.runtime.runPromise(Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const repo = yield* ContractsRepo
        const contract = twoRowsForAda()
        yield* sql`INSERT INTO orgs (id, name, created_at) VALUES ('org_acme', 'Acme', now()), ('org_beta', 'Beta', now())`
        yield* sql`INSERT INTO people (id, org_id, mode, name, email, created_at)
          SELECT id, org_id, NULL, id, id || '@example.test', now() FROM (VALUES ('per_ada', 'org_acme'), ('per_bea', 'org_beta')) p (id, org_id)`
        yield* repo.save(null, contract, [])
        const read = sql<{ party_id: string; best_rank: number | null; best_since: string | null; best_id: string | null; row_ids: ReadonlyArray<string> }>`
          SELECT party_id, best_rank, best_since, best_id, row_ids FROM attention_items ORDER BY party_id`
        const saved = yield* read
        // The database as it was before 0018, then 0018 on it.
        yield* sql`DROP INDEX attention_items_order, attention_items_group, attention_items_row_ids, attention_items_waiting`
        yield* sql`ALTER TABLE attention_items DROP COLUMN best_rank, DROP COLUMN best_since, DROP COLUMN best_id, DROP COLUMN row_ids`
        yield* sql`CREATE INDEX attention_items_open ON attention_items (person_id, mode, party_id) WHERE open`
        yield* migrations["0018_attention_order"]
        const queued = yield* sql<{ contract_id: string }>`SELECT contract_id FROM attention_pending`
        const afterMigration = yield* read
        yield* backfillAttention
        return { afterBackfill: yield* read, afterMigration, queued: queued.map((row) => row.contract_id), saved }
      }))
      const numeric = (items: typeof saved) => items.map((item) => ({ ...item, best_rank: item.best_rank === null ? null : Number(item.best_rank) }))
      const contract = twoRowsForAda()
      expect(numeric(saved)).toEqual(
        contract.parties.map((party) => {
          const item = attentionItemOf(contract, party)
          return { party_id: party.id, best_rank: item.best_rank, best_since: item.best_since, best_id: item.best_id, row_ids: item.row_ids }
        }).sort((a, b) => (a.party_id < b.party_id ? -1 : 1))
      )
      expect(saved.some((item) => item.row_ids.length === 2)).toBe(true)
      expect(queued).toEqual([contract.id])
      expect(afterMigration.every((item) => item.best_id === null && item.row_ids.length === 0)).toBe(true)
      expect(numeric(afterBackfill)).toEqual(numeric(saved))
    })
  })
}
