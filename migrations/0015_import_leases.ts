import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Several runners (issue 16). An import being parsed is leased to one runner: its address (or
// `alone`) and the time the lease runs out. A runner takes an import only when it is `queued` or
// its lease ran out, so a live parse is never taken; a dead runner's imports are taken by another
// once their leases run out. Rows from before carry no lease, so any runner may take them.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE imports ADD COLUMN lease_holder text, ADD COLUMN lease_until timestamptz`
})
