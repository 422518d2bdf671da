import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE orgs (
    id text PRIMARY KEY,
    name text NOT NULL,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE TABLE people (
    id text PRIMARY KEY,
    org_id text REFERENCES orgs (id),
    mode text,
    name text NOT NULL,
    email text NOT NULL,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE UNIQUE INDEX people_org_email ON people (org_id, lower(email)) WHERE org_id IS NOT NULL`
  yield* sql`CREATE TABLE api_keys (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    secret_hash text NOT NULL UNIQUE,
    scopes jsonb NOT NULL,
    pinned_version text NOT NULL,
    created_at timestamptz NOT NULL,
    revoked_at timestamptz
  )`
  yield* sql`CREATE TABLE contracts (
    id text PRIMARY KEY,
    mode text NOT NULL,
    org_id text NOT NULL REFERENCES orgs (id),
    state text NOT NULL,
    origin text NOT NULL,
    title text NOT NULL,
    relationship_id text,
    words_hash text NOT NULL,
    head_sequence integer NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    doc jsonb NOT NULL
  )`
  yield* sql`CREATE INDEX contracts_by_org ON contracts (org_id, mode, created_at DESC, id DESC)`
  yield* sql`CREATE TABLE contract_parties (
    party_id text PRIMARY KEY,
    contract_id text NOT NULL REFERENCES contracts (id),
    person_id text NOT NULL REFERENCES people (id),
    org_id text REFERENCES orgs (id),
    mode text NOT NULL,
    side text NOT NULL,
    capacity jsonb NOT NULL,
    removed_at timestamptz
  )`
  yield* sql`CREATE INDEX contract_parties_by_person ON contract_parties (person_id, contract_id)`
  yield* sql`CREATE INDEX contract_parties_by_org ON contract_parties (org_id, mode, contract_id)`
  yield* sql`CREATE TABLE contract_events (
    id text PRIMARY KEY,
    contract_id text NOT NULL REFERENCES contracts (id),
    sequence integer NOT NULL,
    position smallint NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX contract_events_by_sequence ON contract_events (contract_id, sequence, position)`
  yield* sql`CREATE TABLE idempotency_keys (
    scope text NOT NULL,
    key text NOT NULL,
    request_hash text NOT NULL,
    status integer,
    body text,
    created_at timestamptz NOT NULL,
    locked_until timestamptz,
    PRIMARY KEY (scope, key)
  )`
})
