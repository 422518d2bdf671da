import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Issue 27. Every row a key writes belongs to one mode, marks too: a mark is kept per person and
// mode. A mark stored before this release was set by a key of either mode, which nothing recorded,
// so it is kept in both: neither mode loses the mark it had, and from now on each changes its own.
//
// One email names at most one person of any org, since a Send to it reaches that person's seat.
// The unique index on the lower-cased email makes two admin calls at once unable to both succeed.
// People of orgs who already shared an email keep their rows (keys act for them, their seats
// stand), but only the oldest holds the email, as a Send already chose it: the others are marked
// `email_shared` and left out of the index. External people (no org) are not org people: untouched.
//
// A replay re-sends what its endpoint did not acknowledge, so it looks up the delivered rows.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE people_marks ADD COLUMN mode text`
  yield* sql`UPDATE people_marks SET mode = 'live'`
  yield* sql`ALTER TABLE people_marks DROP CONSTRAINT people_marks_pkey`
  yield* sql`INSERT INTO people_marks (person_id, mode, kind, text, content_type, data, checksum, updated_at)
    SELECT person_id, 'test', kind, text, content_type, data, checksum, updated_at FROM people_marks`
  yield* sql`ALTER TABLE people_marks ALTER COLUMN mode SET NOT NULL`
  yield* sql`ALTER TABLE people_marks ADD PRIMARY KEY (person_id, mode)`

  yield* sql`ALTER TABLE people ADD COLUMN email_shared boolean NOT NULL DEFAULT false`
  yield* sql`UPDATE people p SET email_shared = true
    WHERE p.org_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM people q WHERE q.org_id IS NOT NULL AND lower(q.email) = lower(p.email) AND (q.created_at, q.id) < (p.created_at, p.id))`
  yield* sql`CREATE UNIQUE INDEX people_email_once ON people (lower(email)) WHERE org_id IS NOT NULL AND NOT email_shared`

  yield* sql`CREATE INDEX webhook_deliveries_delivered ON webhook_deliveries (endpoint_id, event_id) WHERE state = 'delivered'`
})
