import { join } from "node:path"
import type { LoadResult } from "../lib/load.js"
import { pgliteRoundFloor } from "../floors/pgliteFloor.js"
import { serviceFlows } from "./flows.js"
import { type ServiceOptions, startService } from "./service.js"

export interface DurabilityResults {
  /** Spread reply commits (each a round of its own) on the embedded default, fsync on and off. */
  readonly spread: { readonly on: LoadResult; readonly off: LoadResult }
  /** The bare round transaction on PGlite in this process, one client, fsync on and off. */
  readonly floor: { readonly on: LoadResult; readonly off: LoadResult }
  /** What fsync costs: on ÷ off, below 1 when it slows commits. */
  readonly spreadOnToOff: number
  readonly floorOnToOff: number
}

const ratio = (on: LoadResult, off: LoadResult) => Math.round((on.medianRate / off.medianRate) * 100) / 100

/**
 * The price of durable commits on the embedded database: the same spread commits as the
 * `embedded` flow, on a service with EMBEDDED_FSYNC on (the default) and one with it off, then the
 * bare round transaction both ways. Each on its own fresh data directory.
 */
export const durabilityFlow = async (
  options: Omit<ServiceOptions, "env" | "dataDir" | "logFile"> & { readonly scratch: string; readonly logDir: string },
  settings: { readonly durationMs: number; readonly spreadContracts: number; readonly writeClients: number; readonly readConnections: number },
  log: (line: string) => void
): Promise<DurabilityResults> => {
  const spreadWith = async (fsync: "on" | "off") => {
    const service = await startService({
      ...options,
      dataDir: join(options.scratch, `durability-${fsync}`),
      logFile: join(options.logDir, `durability-${fsync}.log`),
      env: { EMBEDDED_FSYNC: fsync },
      // A first start initialises the data directory: slow on a busy machine.
      startTimeoutMs: 180_000
    })
    try {
      const results = await serviceFlows(service, { ...settings, flows: ["spread"] }, (line) => log(`  fsync ${fsync}:${line}`))
      return results.spreadCommits!
    } finally {
      await service.child.stop()
    }
  }
  const spread = { on: await spreadWith("on"), off: await spreadWith("off") }
  const floor = {
    on: await pgliteRoundFloor(join(options.scratch, "durability-floor-on"), 1, settings.durationMs, true),
    off: await pgliteRoundFloor(join(options.scratch, "durability-floor-off"), 1, settings.durationMs, false)
  }
  log(`  round transaction, PGlite at 1: ${floor.on.medianRate}/s fsync on, ${floor.off.medianRate}/s off`)
  return { spread, floor, spreadOnToOff: ratio(spread.on, spread.off), floorOnToOff: ratio(floor.on, floor.off) }
}

export const durabilityTable = (r: DurabilityResults) =>
  [
    "| embedded PGlite, data directory | fsync on (default) | fsync off (EMBEDDED_FSYNC=off) | on ÷ off |",
    "|---|---|---|---|",
    `| spread reply commits, ${r.spread.on.clients} clients | ${r.spread.on.medianRate}/s, p50 ${r.spread.on.p50Ms} ms | ${r.spread.off.medianRate}/s, p50 ${r.spread.off.p50Ms} ms | ${r.spreadOnToOff} |`,
    `| round transaction floor, 1 client | ${r.floor.on.medianRate}/s, p50 ${r.floor.on.p50Ms} ms | ${r.floor.off.medianRate}/s, p50 ${r.floor.off.p50Ms} ms | ${r.floorOnToOff} |`
  ].join("\n")
