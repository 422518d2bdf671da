import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Issue 31. `POST /ask` answers a question about a fact ("governed by the laws of New York",
// "renew automatically", "expire before 2020") from the facts themselves: one row per fact of
// every contract, written by the statement that saves the contract, so a question reads the facts
// of an org's contracts without reading their documents. `block` is where the fact first stands,
// the block an answer cites. Contracts stored before this migration get their rows here.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE contract_facts (
    contract_id text NOT NULL REFERENCES contracts (id),
    fact_id text NOT NULL,
    mode text NOT NULL,
    name text NOT NULL,
    kind text NOT NULL,
    value text NOT NULL,
    block_id text,
    PRIMARY KEY (contract_id, fact_id)
  )`
  yield* sql`CREATE INDEX contract_facts_by_kind ON contract_facts (mode, kind)`
  yield* sql`INSERT INTO contract_facts (contract_id, fact_id, mode, name, kind, value, block_id)
    SELECT c.id, f->>'id', c.mode, f->>'name', f->>'kind', f->>'value', f->'spans'->0->>'block'
    FROM contracts c, jsonb_array_elements(c.doc->'facts') AS f`
})
