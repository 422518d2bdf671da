import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Issue 29. A contract event keeps the W3C `traceparent` of the write that logged it, when that
// write was traced: the webhook delivery it causes runs later, in the delivery engine, and joins
// the request's trace through it (src/Operations/Tracing.ts `withDeliverySpan`). Null otherwise.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE contract_events ADD COLUMN trace_parent text`
})
