import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// A contract write stores its result on its idempotency claim in the same statement, so a retry
// after the answer was lost (a crash, a failure after the write) resumes instead of writing twice.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE idempotency_keys ADD COLUMN contract_id text`
  yield* sql`ALTER TABLE idempotency_keys ADD COLUMN result jsonb`
})
