import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Several runners (issue 16). A contract's last few writes, each by the id its message carried and
// with its result, saved by the statement that saves the write. When a runner dies after a write
// and before its answer got back, the cluster sends the same message again to the contract's new
// runner, which finds the id here and answers the stored result instead of writing twice.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE contracts ADD COLUMN recent_writes jsonb NOT NULL DEFAULT '[]'::jsonb`
})
