import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Issue 33: commits write only what changed.
// - A contract's words, facts, baseline, asks and signatures leave its document for columns of
//   their own, which a save writes only when its write changed them (src/Engine/StoredParts.ts).
//   A field a stored document lacks stays absent (SQL NULL); a null field stays JSON null.
// - A contract's last writes (0013) become rows, one added by each save and the seventeenth
//   newest deleted, where the whole list was rewritten by every save. Each row is keyed by the
//   revision its save made; the list's entries get the revisions before the stored one, in order.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE contracts ADD COLUMN blocks jsonb, ADD COLUMN facts jsonb, ADD COLUMN baseline jsonb,
    ADD COLUMN asks jsonb, ADD COLUMN signatures jsonb`
  yield* sql`UPDATE contracts SET blocks = doc -> 'blocks', facts = doc -> 'facts', baseline = doc -> 'baseline',
    asks = doc -> 'asks', signatures = doc -> 'signatures',
    doc = doc - 'blocks' - 'facts' - 'baseline' - 'asks' - 'signatures'`
  yield* sql`CREATE TABLE contract_writes (
    contract_id text NOT NULL,
    revision integer NOT NULL,
    write_id text NOT NULL,
    result jsonb NOT NULL,
    PRIMARY KEY (contract_id, revision)
  )`
  yield* sql`INSERT INTO contract_writes (contract_id, revision, write_id, result)
    SELECT c.id, c.revision - jsonb_array_length(c.recent_writes) + w.n::integer, w.entry ->> 'id', coalesce(w.entry -> 'result', 'null'::jsonb)
    FROM contracts c, jsonb_array_elements(c.recent_writes) WITH ORDINALITY AS w(entry, n)`
  yield* sql`ALTER TABLE contracts DROP COLUMN recent_writes`
})
