import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE relationships (
    id text PRIMARY KEY,
    mode text NOT NULL,
    org_id text NOT NULL REFERENCES orgs (id),
    counterparty_key text NOT NULL,
    counterparty_org text REFERENCES orgs (id),
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX contracts_by_relationship ON contracts (relationship_id)`
  yield* sql`CREATE TABLE outbox (
    id text PRIMARY KEY,
    mode text NOT NULL,
    contract_id text NOT NULL REFERENCES contracts (id),
    org_id text NOT NULL,
    to_email text NOT NULL,
    to_org text,
    subject text NOT NULL,
    text text NOT NULL,
    link text,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX outbox_by_org ON outbox (org_id, mode, created_at DESC)`
  yield* sql`CREATE INDEX outbox_by_recipient_org ON outbox (to_org, mode, created_at DESC)`
  yield* sql`CREATE INDEX people_by_email ON people (lower(email))`
  yield* sql`CREATE TABLE ask_index (ask_id text PRIMARY KEY, contract_id text NOT NULL REFERENCES contracts (id))`
  yield* sql`ALTER TABLE contract_parties ADD COLUMN guest_token_hash text`
  yield* sql`CREATE UNIQUE INDEX contract_parties_by_guest_token ON contract_parties (guest_token_hash)`
})
