import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// GET /attention reads a page, not every open item of the person (src/Attention.ts). Each item
// learns its most urgent row (best_rank, best_since, best_id), which orders it among the feed's
// groups as the domain's byUrgency does, and its rows' ids, which lead a cursor to it. Times and
// ids are compared under COLLATE "C", the order localeCompare gives them in
// src/Domain/Views/Attention.ts, whatever the database's own collation.
//
// The new columns come from the rows, and the rows from rules SQL cannot run, so the contracts with
// an open item are queued again for the start's backfill (see 0016), which stores them with this
// release's code. A closed item has no rows: its new columns are already right.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE attention_items ADD COLUMN best_rank smallint, ADD COLUMN best_since text, ADD COLUMN best_id text,
    ADD COLUMN row_ids text[] NOT NULL DEFAULT '{}'`
  // Every open item with rows, most urgent first: the groups of a page are walked in this order.
  yield* sql`CREATE INDEX attention_items_order ON attention_items
    (person_id, mode, best_rank, best_since COLLATE "C", best_id COLLATE "C") WHERE open AND best_id IS NOT NULL`
  // One group's items, most urgent first: its best key, whether an item leads it, its whole rows.
  yield* sql`CREATE INDEX attention_items_group ON attention_items
    (person_id, mode, counterparty, coalesce(relationship, ''), best_rank, best_since COLLATE "C", best_id COLLATE "C")
    WHERE open AND best_id IS NOT NULL`
  // A cursor's row to its item. Without fastupdate a save writes its few ids into the index itself,
  // so no read of a cursor scans a pending list of everyone's recent saves.
  yield* sql`CREATE INDEX attention_items_row_ids ON attention_items USING gin (row_ids) WITH (fastupdate = off) WHERE open`
  // The feed's waiting_on_them (an item that waits on the other side is open). Keyed by the person
  // only when something waits, so ANALYZE counts waits per person: keyed by the person alone,
  // PostgreSQL took a person with none, but half the table's items, to have half the table's waits,
  // and scanned the table for them (the bench's lists part, 78 ms a read at 100,000 contracts).
  yield* sql`CREATE INDEX attention_items_waiting ON attention_items ((CASE WHEN waiting IS NOT NULL THEN person_id END), mode, party_id)
    WHERE waiting IS NOT NULL`
  yield* sql`DROP INDEX attention_items_open`
  yield* sql`INSERT INTO attention_pending (contract_id) SELECT DISTINCT contract_id FROM attention_items WHERE open ON CONFLICT DO NOTHING`
})
