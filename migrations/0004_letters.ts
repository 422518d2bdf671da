import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Letters are append-only and a negotiation can run to hundreds of them: kept inside the contract
// document, every commit rewrote them all. They are rows now, written once; the document keeps the rest.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE contract_letters (
    contract_id text NOT NULL REFERENCES contracts (id),
    ordinal integer NOT NULL,
    letter jsonb NOT NULL,
    PRIMARY KEY (contract_id, ordinal)
  )`
  yield* sql`
    INSERT INTO contract_letters (contract_id, ordinal, letter)
    SELECT c.id, l.ordinal, l.letter
    FROM contracts c, jsonb_array_elements(c.doc -> 'letters') WITH ORDINALITY AS l (letter, ordinal)`
  yield* sql`UPDATE contracts SET doc = doc - 'letters' WHERE doc -> 'letters' IS NOT NULL`
})
