import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Fills a migrated, empty database with `count` contracts straight through SQL, shaped as the
 * service stores them: 50 orgs (ten people each) in two modes, 2,000 relationships, two parties a
 * contract plus a removed third on every tenth, two events and a letter each, and feed rows for
 * the parties of every fifth contract (a third of them open). Then ANALYZE, so the planner sees the sizes.
 */
export const fillContracts = (count: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const mode = (i: string) => sql.literal(`CASE WHEN ${i} % 10 = 9 THEN 'test' ELSE 'live' END`)
    const at = (i: string) => sql.literal(`timestamptz '2026-01-01' + ${i} * interval '1 minute'`)
    yield* sql`INSERT INTO orgs (id, name, created_at) SELECT 'org_' || o, 'Org ' || o, timestamptz '2025-12-01' FROM generate_series(0, 49) o`
    yield* sql`INSERT INTO people (id, org_id, mode, name, email, created_at)
      SELECT 'per_' || k, 'org_' || (k % 50), NULL, 'Person ' || k, 'p' || k || '@example.com', timestamptz '2025-12-01'
      FROM generate_series(0, 499) k`
    yield* sql`INSERT INTO relationships (id, mode, org_id, counterparty_key, counterparty_org, created_at)
      SELECT 'rel_' || r, ${mode("r")}, 'org_' || (r % 50), 'org_' || ((r + 1) % 50), 'org_' || ((r + 1) % 50), timestamptz '2025-12-01'
      FROM generate_series(0, 1999) r`
    // A seventh are drafts, with no relationship until their first Send.
    yield* sql`INSERT INTO contracts (id, mode, org_id, state, origin, title, relationship_id, words_hash, head_sequence, created_at, updated_at, doc)
      SELECT 'con_' || lpad(i::text, 7, '0'), ${mode("i")}, 'org_' || (i % 50),
        (ARRAY['draft', 'sent', 'negotiating', 'agreed', 'executed', 'cancelled', 'filed'])[1 + i % 7],
        (ARRAY['manual', 'template', 'prompt', 'api', 'mcp', 'import', 'email'])[1 + (i / 7) % 7],
        'Contract ' || i, CASE WHEN i % 7 = 0 THEN NULL ELSE 'rel_' || (i % 2000) END, md5(i::text), 3,
        ${at("i")}, ${at("i")} + interval '1 day', jsonb_build_object('id', 'con_' || lpad(i::text, 7, '0'), 'title', 'Contract ' || i)
      FROM generate_series(1, ${count}) i`
    // Party k of contract i: the drafter (its org's person), the counterparty (the next org's), and
    // on every tenth contract a counterparty of a third org, since removed.
    yield* sql`INSERT INTO contract_parties (party_id, contract_id, person_id, org_id, mode, side, capacity, removed_at, position, name, email, contract_org, contract_created_at)
      SELECT 'pty_' || i || '_' || k, 'con_' || lpad(i::text, 7, '0'), 'per_' || ((i + k) % 50 + 50 * ((i / 50) % 10)), 'org_' || ((i + k) % 50),
        ${mode("i")}, CASE WHEN k = 0 THEN 'drafter' ELSE 'counterparty' END, '["negotiator", "signer"]'::jsonb,
        CASE WHEN k = 2 THEN ${
      at("i")
    } END, k, 'Person ' || ((i + k) % 50 + 50 * ((i / 50) % 10)), 'p' || ((i + k) % 50 + 50 * ((i / 50) % 10)) || '@example.com',
        'org_' || (i % 50), ${at("i")}
      FROM generate_series(1, ${count}) i, generate_series(0, 2) k WHERE k < 2 OR i % 10 = 0`
    yield* sql`INSERT INTO contract_events (id, contract_id, sequence, position, type, data, created_at)
      SELECT 'evt_' || i || '_' || s, 'con_' || lpad(i::text, 7, '0'), s, 0, 'contract.updated', '{}'::jsonb, ${at("i")}
      FROM generate_series(1, ${count}) i, generate_series(1, 2) s`
    yield* sql`INSERT INTO contract_letters (contract_id, ordinal, letter)
      SELECT 'con_' || lpad(i::text, 7, '0'), 1, jsonb_build_object('id', 'let_' || i) FROM generate_series(1, ${count}) i WHERE i % 7 <> 0`
    yield* sql`INSERT INTO attention_items (contract_id, party_id, person_id, mode, relationship, counterparty, rows, waiting, open)
      SELECT 'con_' || lpad(i::text, 7, '0'), 'pty_' || i || '_' || k, 'per_' || ((i + k) % 50 + 50 * ((i / 50) % 10)), ${mode("i")},
        'rel_' || (i % 2000), 'org_' || ((i + 1 - k) % 50),
        CASE WHEN i % 3 = 0 THEN jsonb_build_array(jsonb_build_object('id', 'atn_' || i || '_' || k, 'kind', 'letter')) ELSE '[]'::jsonb END,
        NULL, i % 3 = 0
      FROM generate_series(1, ${count}) i, generate_series(0, 1) k WHERE i % 5 = 0`
    yield* sql`ANALYZE`
  })
