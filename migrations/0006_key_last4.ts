import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// An operator tells keys apart by their last four characters, as Stripe's dashboard shows them. Only
// the hash of a secret is kept, so the four are stored beside it at creation; older keys have none.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE api_keys ADD COLUMN last4 text`
})
