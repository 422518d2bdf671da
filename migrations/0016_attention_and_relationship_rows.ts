import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

// The attention feed and GET /relationships/{id} read indexed rows instead of whole documents
// (issue 16), so their cost follows what they answer rather than a person's or an org's history.
//
// attention_items: one row per party that has, or once had, something in its feed, kept by the
// statement that saves the contract; `open` marks those with rows or a contract waiting on the
// other side, and only those are in the feed's index. The rows come from the pure rules in
// src/Domain/Views/Attention.ts, which SQL cannot run, so existing contracts are queued in
// attention_pending and given their rows at start, after every migration, by the code of the
// release (src/Engine/AttentionBackfill.ts): rows computed here would be the rules of this
// migration applied to documents of this migration's shape. A later change to those rules
// queues every contract again the same way.
//
// contract_parties learns each party's name, email and place in the contract's list, which the
// relationship's people are read from; the documents give them to existing rows here. It also
// learns its contract's org and creation time, for GET /contracts.
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE contract_parties ADD COLUMN position integer, ADD COLUMN name text, ADD COLUMN email text`
  yield* sql`
    UPDATE contract_parties p SET position = e.ordinal - 1, name = e.party ->> 'name', email = e.party ->> 'email'
    FROM contracts c,
      jsonb_array_elements(CASE WHEN jsonb_typeof(c.doc -> 'parties') = 'array' THEN c.doc -> 'parties' END) WITH ORDINALITY AS e (party, ordinal)
    WHERE c.id = p.contract_id AND e.party ->> 'id' = p.party_id`
  yield* sql`CREATE INDEX contract_parties_by_contract ON contract_parties (contract_id, position)`
  // GET /contracts lists an org's own contracts and those it holds a seat on elsewhere. The second
  // half is indexed by itself (the party's contract's org, which never changes), so a page reads
  // the org's seats on other orgs' contracts, not every seat it holds on its own.
  yield* sql`ALTER TABLE contract_parties ADD COLUMN contract_org text, ADD COLUMN contract_created_at timestamptz`
  yield* sql`UPDATE contract_parties p SET contract_org = c.org_id, contract_created_at = c.created_at FROM contracts c WHERE c.id = p.contract_id`
  yield* sql`CREATE INDEX contract_parties_seated_elsewhere ON contract_parties (org_id, mode, contract_created_at DESC, contract_id DESC)
    WHERE removed_at IS NULL AND org_id <> contract_org`
  yield* sql`CREATE TABLE attention_items (
    contract_id text NOT NULL REFERENCES contracts (id),
    party_id text NOT NULL,
    person_id text NOT NULL,
    mode text NOT NULL,
    relationship text,
    counterparty text NOT NULL,
    rows jsonb NOT NULL,
    waiting jsonb,
    open boolean NOT NULL,
    PRIMARY KEY (contract_id, party_id)
  )`
  yield* sql`CREATE INDEX attention_items_open ON attention_items (person_id, mode, party_id) WHERE open`
  yield* sql`CREATE TABLE attention_pending (contract_id text PRIMARY KEY REFERENCES contracts (id))`
  yield* sql`INSERT INTO attention_pending (contract_id) SELECT id FROM contracts`
})
