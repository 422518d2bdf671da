import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Issue 32, its last two rules. An org's settings (`PUT /admin/orgs/{id}/settings`): for now the
// warning window before a notice deadline, one row per org that set it (none is the default, 60
// days). Each deadline row keeps the window its `next_due` was counted with, so the scheduler finds
// the contracts whose org's window has changed since. And an executed amendment, by the parent it
// amends: written by the statement that executes it, read by the scheduler, which tells the parent
// that its dates are no longer acted on. Amendments executed before this migration are found in
// the stored documents.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE org_settings (
    org_id text PRIMARY KEY REFERENCES orgs (id),
    deadline_window_days integer NOT NULL,
    updated_at timestamptz NOT NULL
  )`
  yield* sql`ALTER TABLE contract_deadlines ADD COLUMN window_days integer NOT NULL DEFAULT 60`
  yield* sql`CREATE TABLE contract_amendments (
    parent_id text PRIMARY KEY,
    amendment_id text NOT NULL,
    executed_at timestamptz NOT NULL
  )`
  yield* sql`INSERT INTO contract_amendments (parent_id, amendment_id, executed_at)
    SELECT DISTINCT ON (doc->>'amends') doc->>'amends', id, coalesce((doc->>'executed_at')::timestamptz, updated_at)
    FROM contracts WHERE state = 'executed' AND doc->>'amends' IS NOT NULL
    ORDER BY doc->>'amends', coalesce((doc->>'executed_at')::timestamptz, updated_at), id`
})
