import { createServer } from "node:http"
import { join } from "node:path"
import type { LoadResult } from "../lib/load.js"
import { freshDatabase } from "../lib/postgres.js"
import { serviceFlows } from "./flows.js"
import { startService } from "./service.js"

export interface TracingRun {
  readonly off: LoadResult
  readonly on: LoadResult
  /** Spans the collector received during the run with tracing on: proof they were made and sent. */
  readonly spansReceived: number
  /** commits/s with tracing on ÷ off: below 1 is what tracing costs. */
  readonly onToOff: number
  /** Server CPU per commit, on ÷ off: above 1 is what tracing costs, steadier than a rate on a shared machine. */
  readonly cpuOnToOff: number | null
}

export type TracingResults = { readonly postgres?: TracingRun; readonly embedded?: TracingRun }

/** A throwaway OTLP/HTTP collector: takes every export, counts its spans, keeps nothing. */
const collector = async () => {
  let spans = 0
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      spans += (Buffer.concat(chunks).toString("utf8").match(/"spanId"/g) ?? []).length
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    spans: () => spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * The price of tracing: the same spread reply commits (each a round of its own) on a service with
 * OTEL_EXPORTER_OTLP_ENDPOINT set, exporting every span to a collector on loopback, and on one
 * without it, each on a fresh database. Both export nothing else and log at the default level.
 */
export const tracingFlow = async (
  options: { readonly repo: string; readonly adminUrl: string; readonly scratch: string; readonly logDir: string },
  db: "postgres" | "embedded",
  settings: { readonly durationMs: number; readonly spreadContracts: number; readonly writeClients: number; readonly readConnections: number },
  log: (line: string) => void
): Promise<TracingRun> => {
  const otlp = await collector()
  const spreadWith = async (tracing: "on" | "off") => {
    const database = db === "postgres" ? await freshDatabase(options.adminUrl, `contracts_bench_tracing_${tracing}`) : undefined
    const service = await startService({
      repo: options.repo,
      databaseUrl: database?.url,
      dataDir: join(options.scratch, `tracing-${db}-${tracing}`),
      logFile: join(options.logDir, `tracing-${db}-${tracing}.log`),
      // fsync off on both sides: spans cost CPU, and a commit waiting on the disk would hide it (fsync has its own flow).
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: tracing === "on" ? otlp.endpoint : undefined, EMBEDDED_FSYNC: "off" },
      startTimeoutMs: 180_000
    })
    try {
      // At least 8 s even in a quick run: a commit takes most of a second under load, and the rate is a median of one-second windows.
      const durationMs = Math.max(settings.durationMs, 8000)
      const results = await serviceFlows(service, { ...settings, durationMs, flows: ["spread"] }, (line) => log(`  tracing ${tracing}:${line}`))
      return results.spreadCommits!
    } finally {
      await service.child.stop()
      await database?.drop()
    }
  }
  try {
    const off = await spreadWith("off")
    const on = await spreadWith("on")
    const cpu = on.serverCpuMsPerOp !== undefined && off.serverCpuMsPerOp !== undefined ? round2(on.serverCpuMsPerOp / off.serverCpuMsPerOp) : null
    const run = { off, on, spansReceived: otlp.spans(), onToOff: round2(on.medianRate / off.medianRate), cpuOnToOff: cpu }
    log(`  spread commits: ${off.medianRate}/s off, ${on.medianRate}/s on (${run.onToOff}×), CPU per commit ${cpu}×, ${run.spansReceived} spans exported`)
    return run
  } finally {
    await otlp.close()
  }
}

export const tracingTable = (results: TracingResults) =>
  [
    "| spread reply commits | tracing off: commits/s, p50 / p99 | tracing on (OTLP/HTTP): commits/s, p50 / p99 | on ÷ off (rate) | on ÷ off (CPU per commit) |",
    "|---|---|---|---|---|",
    ...(["postgres", "embedded"] as const).flatMap((db) => {
      const r = results[db]
      return r === undefined ? [] : [
        `| ${
          db === "postgres" ? "PostgreSQL" : "PGlite"
        }, ${r.on.clients} clients | ${r.off.medianRate}/s, ${r.off.p50Ms} / ${r.off.p99Ms} ms | ${r.on.medianRate}/s, ${r.on.p50Ms} / ${r.on.p99Ms} ms | ${r.onToOff} | ${
          r.cpuOnToOff ?? "n/a"
        } |`
      ]
    })
  ].join("\n")
