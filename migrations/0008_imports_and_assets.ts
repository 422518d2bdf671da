import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Imports and assets (issue 12). An asset row names bytes kept outside the database, by their
// SHA-256 (src/Assets/AssetStore.ts): the bytes land before the row, so a row never lacks bytes.
// An import is one file of a batch on its way to a contract; its state is the parse's progress.
// The org stream holds events that belong to no contract (`import.failed`), read at GET /events.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE assets (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    contract_id text,
    relationship_id text,
    role text NOT NULL,
    filename text NOT NULL,
    content_type text NOT NULL,
    format text NOT NULL,
    pages integer,
    bytes bigint NOT NULL,
    checksum text NOT NULL,
    text_layer text,
    created_by text NOT NULL,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX assets_by_contract ON assets (contract_id, created_at, id) WHERE contract_id IS NOT NULL`
  yield* sql`CREATE INDEX assets_by_relationship ON assets (relationship_id, created_at, id) WHERE relationship_id IS NOT NULL`
  yield* sql`CREATE INDEX assets_by_checksum ON assets (checksum)`
  yield* sql`CREATE TABLE import_batches (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    person_id text NOT NULL,
    actor jsonb NOT NULL,
    already_signed boolean NOT NULL,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE TABLE imports (
    id text PRIMARY KEY,
    batch_id text NOT NULL REFERENCES import_batches (id),
    position integer NOT NULL,
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    person_id text NOT NULL,
    asset_id text NOT NULL REFERENCES assets (id),
    already_signed boolean NOT NULL,
    state text NOT NULL,
    planned_contract_id text NOT NULL,
    contract_id text,
    reason text,
    attempts integer NOT NULL DEFAULT 0,
    summary jsonb,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX imports_by_batch ON imports (batch_id, position)`
  yield* sql`CREATE INDEX imports_unfinished ON imports (state, created_at) WHERE state IN ('queued', 'parsing')`
  yield* sql`CREATE TABLE org_events (
    id text PRIMARY KEY,
    position bigserial NOT NULL UNIQUE,
    org_id text NOT NULL REFERENCES orgs (id),
    mode text NOT NULL,
    type text NOT NULL,
    data jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX org_events_by_org ON org_events (org_id, mode, position)`
})
