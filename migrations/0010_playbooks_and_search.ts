import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// Playbooks and questions (issue 14). A playbook is an org's setting, shared by its live and
// test modes; a rule keeps its id across saves that name it. The search index holds one row per
// block of every contract, kept by the same statement that saves the contract; its words are
// PostgreSQL's English text search vector, capped so that no block can make a save fail.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE playbook_rules (
    id text PRIMARY KEY,
    org_id text NOT NULL REFERENCES orgs (id),
    position integer NOT NULL,
    term text NOT NULL,
    rule jsonb NOT NULL,
    created_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX playbook_rules_by_org ON playbook_rules (org_id, position)`
  yield* sql`CREATE TABLE block_search (
    contract_id text NOT NULL REFERENCES contracts (id),
    block_id text NOT NULL,
    mode text NOT NULL,
    text text NOT NULL,
    words tsvector GENERATED ALWAYS AS (to_tsvector('english', left(text, 50000))) STORED,
    PRIMARY KEY (contract_id, block_id)
  )`
  yield* sql`CREATE INDEX block_search_words ON block_search USING gin (words)`
  yield* sql`INSERT INTO block_search (contract_id, block_id, mode, text)
    SELECT c.id, b->>'id', c.mode, b->>'text' FROM contracts c, jsonb_array_elements(c.doc->'blocks') AS b`
})
