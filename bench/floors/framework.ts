import { join } from "node:path"
import type { LoadResult } from "../lib/load.js"
import { freshDatabase } from "../lib/postgres.js"
import type { Where } from "../scale/runners.js"
import { serviceFlows } from "../service/flows.js"
import { startService } from "../service/service.js"
import { httpFloor } from "./httpFloor.js"

export interface FrameworkSettings {
  readonly durationMs: number
  readonly readConnections: number
  readonly contracts: number
}

export interface FrameworkResults {
  readonly bare: LoadResult
  readonly bare1: LoadResult
  readonly framework: LoadResult
  readonly framework1: LoadResult
  /** GET /contracts/{id}, the sheet as the counterparty reads it (the `get` flow), on PostgreSQL. */
  readonly sheet: LoadResult & { readonly sheetBytes: number }
  readonly sheet1: LoadResult
}

/** Both floors and the sheet read, each at 100 connections and at one, in one run: how much of a read is Effect's and how much ours. */
export const frameworkFlow = async (where: Where, settings: FrameworkSettings, log: (line: string) => void): Promise<FrameworkResults> => {
  const floor = async (server: "bare" | "framework", connections: number) => {
    const result = await httpFloor(
      where.repo,
      connections,
      connections === 1 ? settings.durationMs / 2 : settings.durationMs,
      join(where.logDir, `${server}-${connections}.log`),
      server
    )
    log(
      `  ${
        server === "bare" ? "bare node:http" : "trivial HttpApi endpoint"
      } at ${connections}: ${result.medianRate}/s, p50 ${result.p50Ms} ms, CPU ${result.serverCpuMsPerOp} ms/op`
    )
    return result
  }
  const bare = await floor("bare", settings.readConnections)
  const bare1 = await floor("bare", 1)
  const framework = await floor("framework", settings.readConnections)
  const framework1 = await floor("framework", 1)
  const database = await freshDatabase(where.adminUrl, "contracts_bench_framework")
  const service = await startService({
    repo: where.repo,
    databaseUrl: database.url,
    dataDir: join(where.scratch, "framework"),
    logFile: join(where.logDir, "framework-service.log")
  })
  try {
    const flows = await serviceFlows(service, {
      flows: ["get"],
      durationMs: settings.durationMs,
      spreadContracts: settings.contracts,
      writeClients: 32,
      readConnections: settings.readConnections
    }, log)
    return { bare, bare1, framework, framework1, sheet: flows.getSheet!, sheet1: flows.getSheetOne! }
  } finally {
    await service.child.stop()
    await database.drop()
  }
}
