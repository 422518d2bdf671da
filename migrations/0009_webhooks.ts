import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Webhooks (issue 13). An endpoint keeps its secrets readable: every attempt is signed afresh.
// A delivery is one event owed to one endpoint, with its schedule. The logs are the outbox: a row
// written from now on starts `fanned_out = false` and the webhook engine turns it into deliveries;
// rows already in the logs count as fanned out, so an upgrade does not deliver history.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE webhook_endpoints (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    person_id text NOT NULL REFERENCES people (id),
    key_id text,
    url text NOT NULL,
    events jsonb NOT NULL,
    state text NOT NULL,
    secret text NOT NULL,
    previous_secret text,
    previous_secret_until timestamptz,
    nonces jsonb NOT NULL,
    verification_reason text,
    verified_at timestamptz,
    consecutive_failures integer NOT NULL DEFAULT 0,
    failing_since timestamptz,
    last_delivery jsonb,
    created_at timestamptz NOT NULL,
    deleted_at timestamptz
  )`
  yield* sql`CREATE INDEX webhook_endpoints_by_org ON webhook_endpoints (org_id, mode, created_at, id) WHERE deleted_at IS NULL`
  yield* sql`CREATE TABLE webhook_deliveries (
    id text PRIMARY KEY,
    endpoint_id text NOT NULL REFERENCES webhook_endpoints (id),
    event_id text NOT NULL,
    stream text NOT NULL,
    contract_id text,
    replay boolean NOT NULL,
    state text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    first_attempt_at timestamptz,
    next_attempt_at timestamptz,
    last_status integer,
    last_error text,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (endpoint_id, event_id) WHERE NOT replay`
  yield* sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`
  yield* sql`CREATE INDEX webhook_deliveries_pending_by_endpoint ON webhook_deliveries (endpoint_id) WHERE state = 'pending'`
  for (const log of ["contract_events", "org_events"]) {
    yield* sql`ALTER TABLE ${sql(log)} ADD COLUMN fanned_out boolean NOT NULL DEFAULT true`
    yield* sql`ALTER TABLE ${sql(log)} ALTER COLUMN fanned_out SET DEFAULT false`
    yield* sql`CREATE INDEX ${sql(`${log}_unfanned`)} ON ${sql(log)} (created_at, id) WHERE NOT fanned_out`
  }
  yield* sql`CREATE INDEX contract_events_by_created ON contract_events (created_at, id)`
  // A mail about an endpoint belongs to no contract.
  yield* sql`ALTER TABLE outbox ALTER COLUMN contract_id DROP NOT NULL`
})
