import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Contract } from "../src/Domain/Contract/Contract.js"
import { deadlineColumns, deadlineRowOf } from "../src/Domain/Deadlines/DeadlineRow.js"
import { asId } from "../src/Domain/Contract/Ids.js"
import { parseJson } from "./support/parseJson.js"

// Issue 32. An executed or filed contract's key dates (its expiration, the last day to give notice
// against a renewal) as columns `GET /contracts?expires_before=&notice_before=` filters on, and the
// next moment the deadline scheduler acts at (`next_due`, indexed for its one query: what is due).
// The rows of contracts stored before this migration are computed by the function the save uses.
// `org_id` is the drafting org: in test mode a contract's moments follow that org's sandbox clock,
// each org's offset kept in `sandbox_clocks` (one row per org that moved its test-mode time).
const batch = 200

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE contract_deadlines (
    contract_id text PRIMARY KEY REFERENCES contracts (id),
    org_id text NOT NULL,
    mode text NOT NULL,
    expiration_date text,
    notice_deadline text,
    next_due timestamptz
  )`
  yield* sql`CREATE INDEX contract_deadlines_due ON contract_deadlines (next_due) WHERE next_due IS NOT NULL`
  yield* sql`CREATE INDEX contract_deadlines_org_due ON contract_deadlines (org_id, mode, next_due) WHERE next_due IS NOT NULL`
  yield* sql`CREATE TABLE sandbox_clocks (org_id text PRIMARY KEY REFERENCES orgs (id), offset_ms bigint NOT NULL, updated_at timestamptz NOT NULL)`
  // The columns this migration made: later ones (0023's `window_days`) are added with their defaults.
  const columns = deadlineColumns.filter(([name]) => name !== "window_days")
  const names = columns.map(([name]) => name).join(", ")
  const typed = columns.map(([name, type]) => `${name} ${type}`).join(", ")
  let after = ""
  for (;;) {
    // Letters do not move a date: the document alone is read.
    const contracts = yield* sql<
      { id: string; org_id: string; mode: string; doc: unknown }
    >`SELECT id, org_id, mode, doc FROM contracts WHERE id > ${after} ORDER BY id LIMIT ${batch}`
    if (contracts.length === 0) return
    after = contracts.at(-1)!.id
    // A document written before facts or cancellations were kept has neither: read as none.
    // The table's own id, org and mode are the contract's (a document need not repeat them).
    const rows = contracts.map((row) => ({ row, doc: parseJson<Contract>(row.doc) }))
      .filter(({ doc }) => Array.isArray(doc.facts) && Array.isArray(doc.blocks))
      .map(({ doc, row }) =>
        deadlineRowOf({
          ...doc,
          template: doc.template ?? null,
          cancelled: doc.cancelled ?? null,
          executed_at: doc.executed_at ?? null,
          id: asId("con", row.id),
          org: row.org_id,
          mode: row.mode === "live" ? "live" : "test",
          letters: []
        })
      )
      .filter((row) => row.expiration_date !== null || row.notice_deadline !== null || row.next_due !== null)
    if (rows.length > 0) {
      yield* sql`INSERT INTO contract_deadlines (${sql.literal(names)})
        SELECT ${sql.literal(names)} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.literal(typed)})`
    }
  }
})
