import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Outbound mail (issue 15). A live-mode outbox row is due at `next_attempt_at`: a new row at once
// (`-infinity`), a claimed one when its lease lapses, a failed one after its backoff, one given up
// never (`infinity`). The claim is one statement, so two processes never send the same row. Rows
// already in the outbox are never due: an upgrade does not mail history (as 0009 does not deliver it).
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT '-infinity'`
  yield* sql`UPDATE outbox SET next_attempt_at = 'infinity' WHERE mode = 'live' AND delivered_at IS NULL`
  yield* sql`CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE mode = 'live' AND delivered_at IS NULL`
})
