import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  // Routes that name only a signature find its contract here.
  yield* sql`CREATE TABLE signature_index (signature_id text PRIMARY KEY, contract_id text NOT NULL REFERENCES contracts (id))`
  // The service's Ed25519 key that signs certificates; made once, on first start.
  yield* sql`CREATE TABLE service_keys (
    id text PRIMARY KEY,
    algorithm text NOT NULL,
    private_pem text NOT NULL,
    public_pem text NOT NULL,
    created_at timestamptz NOT NULL
  )`
  // A person's mark: typed text or an image, checksummed; a signature pins a copy at press time.
  yield* sql`CREATE TABLE people_marks (
    person_id text PRIMARY KEY REFERENCES people (id),
    kind text NOT NULL,
    text text,
    content_type text,
    data text,
    checksum text NOT NULL,
    updated_at timestamptz NOT NULL
  )`
})
