import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Issue 33: the write engine stops writing HTTP answers. An idempotency claim now carries, from
// the moment the HTTP edge makes it, the status its route answers a success with; a contract write
// whose result is the request's whole answer stores that result on the claim and finishes it with
// this status, so the engine keeps the result and never chooses a status. Claims made before this
// release are all finished or abandoned by the time it runs (a claim's lease is a minute).
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE idempotency_keys ADD COLUMN success_status smallint`
})
