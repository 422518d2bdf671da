import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startFloor } from "../floors/httpFloor.js"
import { type Child, freePort } from "../lib/child.js"
import { freshDatabase } from "../lib/postgres.js"
import { type Where, seedThrough } from "../scale/runners.js"
import { startService } from "../service/service.js"
import { autocannonClient, benchClient, type ClientRun, hasWrk, type LoopStats, loopWatcher, type Target, wrkClient } from "./clients.js"

export interface TailSettings {
  readonly connections: number
  readonly durationMs: number
  readonly contracts: number
}

export interface TailRun extends ClientRun {
  readonly target: string
  readonly variant: string
  /** The server's event-loop delay and GC pauses during this run. */
  readonly loop: LoopStats
}

const loopProbe = fileURLToPath(new URL("./loopProbe.ts", import.meta.url))

// The service variants the tail is compared across: each on a fresh database with the same contracts.
const variants = [
  { name: "one process (default)", nodeFlags: [], runner: false },
  // A young generation 4× the default (16 MB semi-spaces on 64-bit): fewer, longer scavenges.
  { name: "--max-semi-space-size=64", nodeFlags: ["--max-semi-space-size=64"], runner: false },
  // A cluster runner keeps rate-limit buckets in PostgreSQL: one more statement a request, on one row per org.
  { name: "one runner (RUNNER_ADDRESS)", nodeFlags: [], runner: true }
] as const

/**
 * p50, p99, max and mean at 100 connections, from the bench's client, autocannon (and wrk if present), for the
 * trivial HttpApi endpoint and for GET /contracts/{id} on PostgreSQL, with the server's loop delay and
 * GC pauses over each run, and each connection's share: where the tail comes from.
 */
export const tailFlow = async (where: Where, settings: TailSettings, log: (line: string) => void): Promise<Array<TailRun>> => {
  const runs: Array<TailRun> = []
  // wrk too when this machine has it: the figures came from it.
  const clients = ["bench", "autocannon", ...(hasWrk() ? (["wrk"] as const) : [])] as const
  const measure = async (target: Target, name: string, variant: string, child: Child, watcher: ReturnType<typeof loopWatcher>) => {
    for (const client of clients) {
      const wrkScript = join(where.scratch, "wrk.lua")
      // The independent clients warm the server for a second first, outside the window, as the bench's client does inside its own.
      if (client === "autocannon") await autocannonClient(target, settings.connections, 1000)
      if (client === "wrk") await wrkClient(target, settings.connections, 1000, wrkScript)
      const { loop, result } = await watcher.window(child, async () =>
        client === "bench"
          ? [await benchClient(target, settings.connections, settings.durationMs, child.pid)]
          : client === "autocannon"
          ? autocannonClient(target, settings.connections, settings.durationMs)
          : [await wrkClient(target, settings.connections, settings.durationMs, wrkScript)])
      for (const run of result) {
        runs.push({ ...run, target: name, variant, loop })
        log(
          `  ${name}, ${variant}, ${run.client}: ${run.rate}/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, mean ${run.meanMs} ms, max ${run.maxMs} ms; loop delay p99 ${loop.loopDelay.p99Ms} ms`
        )
      }
    }
  }

  // The bare server too: what node:http itself does with the same clients.
  for (const [server, name] of [["bare", "bare node:http"], ["framework", "trivial HttpApi endpoint"]] as const) {
    const floorWatcher = loopWatcher()
    const floor = await startFloor(where.repo, server, join(where.logDir, `tail-${server}.log`), { preload: [loopProbe], onLine: floorWatcher.onLine })
    try {
      await measure({ base: floor.base, path: floor.path, headers: {} }, name, "-", floor.child, floorWatcher)
    } finally {
      await floor.child.stop()
    }
  }

  for (const variant of variants) {
    const database = await freshDatabase(where.adminUrl, "contracts_bench_tail")
    const watcher = loopWatcher()
    const service = await startService({
      repo: where.repo,
      databaseUrl: database.url,
      dataDir: join(where.scratch, `tail-${runs.length}`),
      logFile: join(where.logDir, `tail-${variant.name.replace(/[^a-z0-9]+/gi, "-")}.log`),
      preload: [loopProbe],
      nodeFlags: variant.nodeFlags,
      onLine: watcher.onLine,
      env: variant.runner ? { RUNNER_ADDRESS: `localhost:${await freePort()}`, ASSET_DIR: join(where.scratch, "tail-assets") } : {}
    })
    try {
      const { contracts, sides } = await seedThrough([service], settings.contracts)
      const target: Target = { base: service.url, path: (n) => `/contracts/${contracts[n % contracts.length]!.id}`, headers: sides.bea.headers }
      await measure(target, "GET /contracts/{id}", variant.name, service.child, watcher)
    } finally {
      await service.child.stop()
      await database.drop()
    }
  }
  return runs
}
