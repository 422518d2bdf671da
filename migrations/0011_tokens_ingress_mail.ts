import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Agents and mail (issue 15). A person token is one person's credential in one mode, stored as
// its hash like an API key. An org has one ingress address per mode; every message that reaches
// one is kept (its bytes as an `eml` asset) until a person accepts or rejects it. Live-mode mail
// leaves through SMTP when the server has a relay: the outbox row records when it did.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE person_tokens (
    id text PRIMARY KEY,
    person_id text NOT NULL REFERENCES people (id),
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    secret_hash text NOT NULL UNIQUE,
    last4 text NOT NULL,
    scopes jsonb NOT NULL,
    pinned_version text NOT NULL,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz
  )`
  yield* sql`CREATE INDEX person_tokens_by_person ON person_tokens (person_id, created_at, id)`
  yield* sql`CREATE TABLE ingress_addresses (
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    local_part text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (org_id, mode)
  )`
  yield* sql`CREATE TABLE ingress_messages (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    recipient text NOT NULL,
    envelope_from text,
    asset_id text NOT NULL,
    reading jsonb NOT NULL,
    state text NOT NULL,
    decided_by text,
    decided_at timestamptz,
    decided_key text,
    import_id text,
    contract_id text,
    letter_id text,
    received_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX ingress_messages_by_org ON ingress_messages (org_id, mode, received_at DESC, id DESC)`
  // An import made from a forwarded mail: its contract's origin is `email`, which wins over `import`.
  yield* sql`ALTER TABLE imports ADD COLUMN origin text`
  yield* sql`ALTER TABLE outbox ADD COLUMN delivered_at timestamptz`
  yield* sql`ALTER TABLE outbox ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0`
  yield* sql`ALTER TABLE outbox ADD COLUMN delivery_error text`
})
