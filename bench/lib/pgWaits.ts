import Pg from "pg"
import { round } from "./stats.js"

export interface PgWaits {
  readonly samples: number
  /** Backends of the database running a statement, on average over the samples. */
  readonly activeMean: number
  /** Of those, the share in each wait ("CPU" when waiting on nothing): what PostgreSQL spends the load on. */
  readonly waits: Record<string, number>
}

/**
 * Samples pg_stat_activity of one database every `everyMs` until stopped: how many of its backends
 * run a statement and what they wait on (a row lock, the WAL flush, the client). A row every
 * request locks shows as Lock waits that grow with the load, whatever the number of runners.
 */
export const sampleWaits = async (url: string, everyMs = 50) => {
  const client = new Pg.Client({ connectionString: url })
  await client.connect()
  const counts: Record<string, number> = {}
  let samples = 0
  let active = 0
  let running = true
  const loop = (async () => {
    while (running) {
      const rows = (await client.query<{ wait: string | null }>(
        `SELECT wait_event_type || ':' || wait_event AS wait FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`
      )).rows
      samples++
      active += rows.length
      for (const { wait } of rows) counts[wait ?? "CPU"] = (counts[wait ?? "CPU"] ?? 0) + 1
      await new Promise((r) => setTimeout(r, everyMs))
    }
  })()
  return async (): Promise<PgWaits> => {
    running = false
    await loop
    await client.end()
    const waits = Object.fromEntries(Object.entries(counts).sort(([, a], [, b]) => b - a).map(([wait, n]) => [wait, round(n / Math.max(1, active), 2)]))
    return { samples, activeMean: round(active / Math.max(1, samples), 1), waits }
  }
}

/** "Lock:transactionid 0.6, CPU 0.3" for a table cell: the waits over 5% of active samples. */
export const waitsLine = (w: PgWaits) =>
  `${w.activeMean} active: ${Object.entries(w.waits).filter(([, share]) => share >= 0.05).map(([wait, share]) => `${wait} ${share}`).join(", ") || "-"}`
