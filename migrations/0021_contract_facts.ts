import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { factColumns, factIndexRows } from "../src/Domain/Ask/FactIndex.js"
import type { Fact } from "../src/Domain/Words/Fact.js"
import { parseJson } from "./support/parseJson.js"

// Issue 31. `POST /ask` answers a question about a fact ("governed by the laws of New York",
// "renew automatically", "expire before 2020") from the facts themselves: one row per fact of
// every contract, written by the statement that saves the contract, so a question filters stored
// columns instead of reading documents. `block_id` is where the fact first stands (the block an
// answer cites), `in_renewal` whether that block speaks of renewal, `reading` the fact's
// normalized reading (an ISO date, `perpetual` or a duration), a money fact's sums in columns. The rows of contracts stored before
// this migration are computed here by the same pure function the save uses, a batch at a time.
const batch = 200

interface StoredFacts {
  readonly id: string
  readonly mode: string
  readonly facts: ReadonlyArray<Fact> | null
  readonly blocks: ReadonlyArray<{ readonly id: string; readonly text: string }> | null
}

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
    in_renewal boolean NOT NULL,
    reading text,
    currency text,
    amount_min numeric,
    amount_max numeric,
    PRIMARY KEY (contract_id, fact_id)
  )`
  yield* sql`CREATE INDEX contract_facts_by_kind ON contract_facts (mode, kind)`
  let after = ""
  for (;;) {
    const contracts = yield* sql<StoredFacts>`
      SELECT id, mode, doc->'facts' AS facts, doc->'blocks' AS blocks FROM contracts WHERE id > ${after} ORDER BY id LIMIT ${batch}`
    if (contracts.length === 0) return
    after = contracts.at(-1)!.id
    const rows = contracts.flatMap((contract) =>
      factIndexRows({
        facts: parseJson<StoredFacts["facts"]>(contract.facts) ?? [],
        blocks: parseJson<StoredFacts["blocks"]>(contract.blocks) ?? []
      })
        .map((row) => ({ contract_id: contract.id, mode: contract.mode, ...row }))
    )
    if (rows.length > 0) {
      yield* sql`INSERT INTO contract_facts (${sql.literal(factColumns.map(([name]) => name).join(", "))})
        SELECT ${sql.literal(factColumns.map(([name]) => name).join(", "))} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(${sql.literal(factColumns.map(([name, type]) => `${name} ${type}`).join(", "))})`
    }
  }
})
