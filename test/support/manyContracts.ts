import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Fills a migrated, empty database with `count` contracts straight through SQL, shaped as the
 * service stores them: 50 orgs (ten people each) in two modes, 2,000 relationships, two parties a
 * contract plus a removed third on every tenth, two events and a letter each, and feed rows for
 * the parties of every fifth contract (a third of them open) and a busy feed of one person. Then ANALYZE, so the planner sees the sizes.
 */
export const fillContracts = (count: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const mode = (i: string) => sql.literal(`CASE WHEN ${i} % 10 = 9 THEN 'test' ELSE 'live' END`)
    const stateOf = (i: string) => `(ARRAY['draft', 'sent', 'negotiating', 'agreed', 'executed', 'cancelled', 'filed'])[1 + ${i} % 7]`
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
        ${sql.literal(stateOf("i"))},
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
    // Feed items are stored as the save stores them: one `letter` row, with its best key and id,
    // each row whole as src/Domain/Views/Attention.ts makes it, since the feed's repository decodes them.
    const iso = (time: string) => sql.literal(`to_char(${time}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
    const row = (i: string, kind: string) =>
      sql.literal(`jsonb_build_object('id', id, 'kind', ${kind}, 'contract', contract_id, 'title', 'Contract ' || (${i}), 'state', ${stateOf(`(${i})`)},
        'since', since, 'why_you', 'The other side wrote; your reply is owed.', 'letter', NULL)`)
    const items = sql.literal(`attention_items (contract_id, party_id, person_id, mode, relationship, counterparty, rows, waiting, open,
      best_rank, best_since, best_id, row_ids)`)
    yield* sql`INSERT INTO ${items}
      SELECT contract_id, party_id, person_id, mode, relationship, counterparty,
        CASE WHEN open THEN jsonb_build_array(${row("i", "'letter'")}) ELSE '[]'::jsonb END,
        NULL, open, CASE WHEN open THEN 3 END, CASE WHEN open THEN since END, CASE WHEN open THEN id END,
        CASE WHEN open THEN ARRAY[id] ELSE '{}' END
      FROM (
        SELECT i, 'con_' || lpad(i::text, 7, '0') AS contract_id, 'pty_' || i || '_' || k AS party_id,
          'per_' || ((i + k) % 50 + 50 * ((i / 50) % 10)) AS person_id, ${mode("i")} AS mode, 'rel_' || (i % 2000) AS relationship,
          'org_' || ((i + 1 - k) % 50) AS counterparty, i % 3 = 0 AS open, 'atn_' || left(md5(i || '_' || k), 24) AS id,
          ${iso("timestamp '2026-01-02' + i * interval '1 minute'")} AS since
        FROM generate_series(1, ${count}) i, generate_series(0, 1) k WHERE i % 5 = 0
      ) f`
    // One busy feed, per_feed's, on every 25th contract (all live): groups of one to dozens of items
    // (a relationship and one of twenty counterparties, some without a relationship), every kind at
    // five times, so ids break ties, and among them items that only wait on the other side or are
    // closed. Its parties are not in contract_parties: the feed reads only attention_items, and the
    // lists keep the seats above.
    yield* sql`INSERT INTO ${items}
      SELECT contract_id, party_id, 'per_feed', 'live', relationship, counterparty,
        CASE WHEN has_row THEN jsonb_build_array(${row("25 * j", "kind")}) ELSE '[]'::jsonb END,
        CASE WHEN j % 7 = 0 THEN jsonb_build_object('relationship', relationship, 'counterparty', counterparty, 'contract', contract_id, 'since', since) END,
        has_row OR j % 7 = 0, CASE WHEN has_row THEN rank END, CASE WHEN has_row THEN since END, CASE WHEN has_row THEN id END,
        CASE WHEN has_row THEN ARRAY[id] ELSE '{}' END
      FROM (
        SELECT j, 'con_' || lpad((25 * j)::text, 7, '0') AS contract_id, 'pty_feed_' || j AS party_id,
          CASE WHEN j % 13 = 0 THEN NULL ELSE 'rel_' || (j % 3) END AS relationship, 'org_' || floor(sqrt(j % 400))::int AS counterparty,
          j % 7 <> 0 AND j % 17 <> 0 AS has_row, j % 4 AS rank, (ARRAY['resign', 'approval', 'sign_wait', 'letter'])[1 + j % 4] AS kind,
          'atn_' || left(md5('feed_' || j), 24) AS id, ${iso("timestamp '2026-01-01' + (j % 5) * interval '1 hour'")} AS since
        FROM generate_series(1, ${count} / 25) j
      ) f`
    yield* sql`ANALYZE`
  })
