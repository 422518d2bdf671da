// Copies of one real contract, made by SQL: 100,000 contracts through the API would take hours.
// Every row of every table that holds the template's contract_id is copied (the contract, its
// parties, letters, events, search blocks, feed rows, mail...), with the ids of the contract's own
// records suffixed so each copy is a contract of its own, and the same orgs, people and relationship.
import Pg from "pg"

/** Records that belong to one contract: each copy gets its own. Orgs, people, relationships and templates are shared. */
const ownIds = "\\m(con|pty|evt|let|msg|atn|ask|sig|dec|thr|gtk|whd)_([0-9A-Za-z]+)"

/**
 * Tables holding a contract_id that are not copied: a request's idempotency record and queues are
 * not the contract's, and block_search (POST /ask's index, 15 rows a contract under a GIN index)
 * no list route reads, while filling it would take most of the seeding time.
 */
const skipped = new Set(["idempotency_keys", "attention_pending", "imports", "ingress_messages", "webhook_deliveries", "assets", "block_search"])

export interface SeedTables {
  /** The tables the copies went into, with the template's rows in each. */
  readonly copied: Record<string, number>
  readonly skipped: ReadonlyArray<string>
  /** Each copied table's columns but generated ones (block_search.words), which PostgreSQL computes. */
  readonly columns: Record<string, ReadonlyArray<string>>
  /** The template's relationship, copied when copies are spread over relationships of their own. */
  readonly relationship: string
}

/** The tables copied for the template, and its row count in each. */
export const seedTables = async (client: Pg.Client, template: string): Promise<SeedTables> => {
  const tables = (await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'contract_id' ORDER BY table_name`
  )).rows.map((r) => r.table_name)
  const copied: Record<string, number> = { contracts: 1 }
  for (const table of tables) {
    if (skipped.has(table)) continue
    const rows = Number((await client.query(`SELECT count(*) FROM ${table} WHERE contract_id = $1`, [template])).rows[0].count)
    if (rows > 0) copied[table] = rows
  }
  const columns: Record<string, Array<string>> = {}
  const relationship = (await client.query<{ relationship_id: string }>("SELECT relationship_id FROM contracts WHERE id = $1", [template])).rows[0]!
    .relationship_id
  for (const table of [...Object.keys(copied), "relationships"]) {
    columns[table] ??= (await client.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      [table]
    )).rows.map((r) => `"${r.column_name}"`)
  }
  return { copied, skipped: tables.filter((t) => skipped.has(t)), columns, relationship }
}

/**
 * Copies `from` .. `to - 1` of the template. Copy g is created and last updated g minutes before the
 * template (columns and document alike), so `updated_since` can pick the newest few at any size.
 * With `perRelationship`, copies come `perRelationship` to a relationship (the template's first),
 * each relationship its own row, as an org's history with many counterparties; without, all share
 * the template's, as one counterparty's whole history.
 */
export const seedCopies = async (
  client: Pg.Client,
  template: string,
  tables: SeedTables,
  from: number,
  to: number,
  perRelationship: number | undefined
) => {
  const minutesBefore = (column: string) => `t.${column} - g * interval '1 minute'`
  const relationshipOf = perRelationship === undefined
    ? "0"
    : `g / ${perRelationship}`
  const isoOf = (expression: string) => `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
  await client.query("BEGIN")
  try {
    if (perRelationship !== undefined) {
      // Relationship n > 0 is the template's id suffixed with n, first needed by copy n × perRelationship.
      const names = tables.columns.relationships!
      await client.query(
        `INSERT INTO relationships (${names.join(", ")}) SELECT ${names.map((c) => `r.${c}`).join(", ")}
         FROM relationships t, generate_series($2::int, $3::int) n,
           jsonb_populate_record(NULL::relationships, jsonb_set(to_jsonb(t), '{id}', to_jsonb(t.id || 'r' || n))) r WHERE t.id = $1`,
        [tables.relationship, Math.max(1, Math.ceil(from / perRelationship)), Math.floor((to - 1) / perRelationship)]
      )
    }
    for (const table of Object.keys(tables.copied)) {
      const names = tables.columns[table]!.map((c) => `r.${c}`).join(", ")
      const ownRelationship =
        `regexp_replace(to_jsonb(t)::text, '${tables.relationship}', '${tables.relationship}' || CASE WHEN ${relationshipOf} = 0 THEN '' ELSE 'r' || ${relationshipOf} END, 'g')`
      const renamed = `regexp_replace(${ownRelationship}, '${ownIds}', '\\1_\\2z' || g, 'g')::jsonb`
      const row = table === "contracts"
        ? `jsonb_set(jsonb_set(${renamed} || jsonb_build_object('created_at', ${minutesBefore("created_at")}, 'updated_at', ${minutesBefore("updated_at")}),
             '{doc,created_at}', to_jsonb(${isoOf(minutesBefore("created_at"))})), '{doc,updated_at}', to_jsonb(${isoOf(minutesBefore("updated_at"))}))`
        : tables.columns[table]!.includes("\"contract_created_at\"")
        // A party row keeps its contract's time, which the seats' list walks.
        ? `${renamed} || jsonb_build_object('contract_created_at', ${minutesBefore("contract_created_at")})`
        : renamed
      const key = table === "contracts" ? "id" : "contract_id"
      await client.query(
        `INSERT INTO ${table} (${tables.columns[table]!.join(", ")}) SELECT ${names}
         FROM ${table} t, generate_series($2::int, $3::int) g, jsonb_populate_record(NULL::${table}, ${row}) r WHERE t.${key} = $1`,
        [template, from, to - 1]
      )
    }
    if (tables.copied.attention_items !== undefined) await hashedRowIds(client, template, from, to)
    await client.query("COMMIT")
  } catch (error) {
    await client.query("ROLLBACK")
    throw error
  }
}

/**
 * A feed row's id is a hash of its condition, so a feed's rows come in no order related to their
 * contracts. Suffixed copies of one id would sort by the copy number's digits, grouping some
 * relationships' rows together and scattering others', which no real feed does: each copy's row ids
 * become hashes of the suffixed ids, in the rows, their ids' index and each item's most urgent row.
 */
const hashedRowIds = (client: Pg.Client, template: string, from: number, to: number) => {
  const hashed = (id: string) => `'atn_' || substr(md5(${id}), 1, 24)`
  return client.query(
    `UPDATE attention_items a SET
       best_id = ${hashed("a.best_id")},
       row_ids = ARRAY(SELECT ${hashed("x")} FROM unnest(a.row_ids) x),
       rows = (SELECT coalesce(jsonb_agg(jsonb_set(r, '{id}', to_jsonb(${hashed("r ->> 'id'")}))), '[]'::jsonb) FROM jsonb_array_elements(a.rows) r)
     WHERE a.contract_id IN (SELECT regexp_replace($1, '${ownIds}', '\\1_\\2z' || g) FROM generate_series($2::int, $3::int) g)`,
    [template, from, to - 1]
  )
}

/** Seeds up to `total` contracts (the template counts as one) in batches, then refreshes the planner's statistics. */
export const seedUpTo = async (
  url: string,
  template: string,
  tables: SeedTables,
  have: number,
  total: number,
  perRelationship: number | undefined,
  log: (line: string) => void
) => {
  const client = new Pg.Client({ connectionString: url })
  await client.connect()
  try {
    const began = performance.now()
    for (let from = have; from < total; from += 5000) await seedCopies(client, template, tables, from, Math.min(total, from + 5000), perRelationship)
    await client.query("ANALYZE")
    const seconds = (performance.now() - began) / 1000
    log(`    seeded ${total - have} copies by SQL in ${seconds.toFixed(1)} s (${Math.round((total - have) / seconds)}/s)`)
    return seconds
  } finally {
    await client.end()
  }
}
