import { join } from "node:path"
import Pg from "pg"
import { expectJson, keepAliveAgent, request } from "../lib/http.js"
import { freshDatabase } from "../lib/postgres.js"
import { RawConnection } from "../lib/rawClient.js"
import { quantile, round } from "../lib/stats.js"
import type { Where } from "../scale/runners.js"
import { draftAndSend, type Seat, twoSides } from "../service/actors.js"
import { startService } from "../service/service.js"
import { seedTables, type SeedTables, seedUpTo } from "./seed.js"

export interface ListsSettings {
  readonly sizes: ReadonlyArray<number>
  /** Sequential requests per route and size, unless the time budget runs out first. */
  readonly requests: number
  readonly budgetMs: number
  /** Shapes of history: copies so many to a relationship, or null for all in the template's one. */
  readonly perRelationship: ReadonlyArray<number | null>
}

export interface RouteLatency {
  readonly route: string
  readonly requests: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly maxMs: number
  readonly statuses: Record<string, number>
  /** What one answer held (contracts; the feed's rows in all its groups), and its size. */
  readonly items: number
  readonly bytes: number
  /** Sequential scans PostgreSQL counted on each table while the route ran (its statistics lag up to a few seconds), and rows they read per request. */
  readonly seqScans: Record<string, { readonly scans: number; readonly rowsPerRequest: number }>
}

export interface ListPoint {
  readonly contracts: number
  readonly seedSeconds: number
  readonly routes: ReadonlyArray<RouteLatency>
}

export interface ListShape {
  readonly shape: string
  readonly tables: SeedTables
  readonly points: ReadonlyArray<ListPoint>
}

export interface ListsResult {
  readonly shapes: ReadonlyArray<ListShape>
}

const watched = ["contracts", "contract_parties", "contract_events", "contract_letters", "attention_items"]

const scanCounts = async (client: Pg.Client) =>
  new Map(
    (await client.query<{ relname: string; seq_scan: string; seq_tup_read: string }>(
      `SELECT relname, seq_scan, seq_tup_read FROM pg_stat_user_tables WHERE relname = ANY($1)`,
      [watched]
    )).rows.map((r) => [r.relname, { scans: Number(r.seq_scan), rows: Number(r.seq_tup_read) }])
  )

/** One route, requested `settings.requests` times one after another on one keep-alive connection. */
const sequential = async (
  base: string,
  route: { name: string; path: string; seat: Seat; items: (body: any) => number },
  settings: ListsSettings,
  stats: Pg.Client
): Promise<RouteLatency> => {
  const agent = keepAliveAgent(1)
  const sample = await request(base, route.path, { agent, headers: route.seat.headers })
  agent.destroy()
  const items = sample.status === 200 ? route.items(JSON.parse(sample.text)) : -1
  const url = new URL(base)
  const connection = new RawConnection(url.hostname, Number(url.port))
  const statuses: Record<string, number> = {}
  const latencies: Array<number> = []
  const before = await scanCounts(stats)
  const deadline = performance.now() + settings.budgetMs
  while (latencies.length < settings.requests && performance.now() < deadline) {
    const began = performance.now()
    const status = await connection.request("GET", route.path, route.seat.headers)
    latencies.push(performance.now() - began)
    statuses[status] = (statuses[status] ?? 0) + 1
  }
  connection.close()
  // A backend reports its statistics when idle for a moment: wait for them.
  await new Promise((r) => setTimeout(r, 1500))
  const after = await scanCounts(stats)
  const sorted = Float64Array.from(latencies).sort()
  return {
    route: route.name,
    requests: latencies.length,
    p50Ms: round(quantile(sorted, 0.5), 2),
    p99Ms: round(quantile(sorted, 0.99), 2),
    maxMs: round(quantile(sorted, 1), 2),
    statuses,
    items,
    bytes: Buffer.byteLength(sample.text),
    seqScans: Object.fromEntries(watched.map((table) => {
      const [a, b] = [after.get(table), before.get(table)]
      return [table, { scans: (a?.scans ?? 0) - (b?.scans ?? 0), rowsPerRequest: round(((a?.rows ?? 0) - (b?.rows ?? 0)) / latencies.length, 0) }]
    }))
  }
}

/** One shape of history, on its own database: every size seeded in turn, each route measured at each. */
const oneShape = async (where: Where, settings: ListsSettings, perRelationship: number | undefined, log: (line: string) => void): Promise<ListShape> => {
  const shape = perRelationship === undefined ? "one relationship holds them all" : `${perRelationship} contracts a relationship`
  log(`  ${shape}`)
  const database = await freshDatabase(where.adminUrl, "contracts_bench_lists")
  const service = await startService({
    repo: where.repo,
    databaseUrl: database.url,
    dataDir: join(where.scratch, `lists-${perRelationship ?? "one"}`),
    logFile: join(where.logDir, `lists-${perRelationship ?? "one"}.log`)
  })
  const stats = new Pg.Client({ connectionString: database.url })
  try {
    await stats.connect()
    const agent = keepAliveAgent(2)
    const { ada, bea } = await twoSides(service.url, agent)
    const template = await draftAndSend(service.url, agent, ada, bea)
    const sheet = await expectJson(200, request(service.url, `/contracts/${template.id}`, { agent, headers: ada.headers }), "sheet")
    const tables = await seedTables(stats, template.id)
    log(`  template ${template.id}: rows copied per contract ${JSON.stringify(tables.copied)}; not copied: ${tables.skipped.join(", ")}`)
    // Copy g was last updated g minutes before the template: the newest 30 copies and the template.
    const updatedAt = (await stats.query<{ updated_at: Date }>("SELECT updated_at FROM contracts WHERE id = $1", [template.id])).rows[0]!.updated_at
    const since = new Date(updatedAt.getTime() - 30.5 * 60_000).toISOString()
    const routes = [
      // The feed's data are groups (one per relationship and counterparty), each with its rows.
      { name: "GET /attention", path: "/attention", seat: bea, items: (b: any) => b.data.reduce((n: number, g: any) => n + g.rows.length, 0) },
      { name: "GET /contracts?updated_since=", path: `/contracts?updated_since=${encodeURIComponent(since)}`, seat: ada, items: (b: any) => b.data.length },
      { name: "GET /relationships/{id}", path: `/relationships/${sheet.relationship}`, seat: ada, items: (b: any) => b.contracts.length }
    ]
    const points: Array<ListPoint> = []
    let have = 1
    for (const size of settings.sizes) {
      const seedSeconds = round(await seedUpTo(database.url, template.id, tables, have, size, perRelationship, log), 1)
      have = size
      const measured: Array<RouteLatency> = []
      for (const route of routes) {
        const latency = await sequential(service.url, route, settings, stats)
        measured.push(latency)
        log(`  ${size} contracts, ${route.name}: p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms over ${latency.requests}, ${latency.items} items`)
      }
      points.push({ contracts: size, seedSeconds, routes: measured })
    }
    agent.destroy()
    return { shape, tables, points }
  } finally {
    await stats.end().catch(() => undefined)
    await service.child.stop()
    await database.drop()
  }
}

/**
 * GET /attention, GET /contracts?updated_since= and GET /relationships/{id} at 1,000, 10,000 and
 * 100,000 contracts between the same two orgs: one real contract sent through the API, copied by
 * SQL, in each shape of history the settings name.
 */
export const listsFlow = async (where: Where, settings: ListsSettings, log: (line: string) => void): Promise<ListsResult> => {
  const shapes: Array<ListShape> = []
  for (const perRelationship of settings.perRelationship) shapes.push(await oneShape(where, settings, perRelationship ?? undefined, log))
  return { shapes }
}
