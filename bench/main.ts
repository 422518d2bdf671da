// npm run bench [-- --quick] [--only=floors,postgres,embedded,memory,imports,webhooks,ask,page,pdf,durability,tracing,framework,runners,failover,tail,lists]
//   [--flows=drafting,get,spread,hot] [--profile] [--service-log=file|pipe|off] [--seconds=N]
//   [--service-node-flags=--perf-basic-prof-only-functions,…]
//
// Measures the physical floors and the service side by side in one run and prints ratios: on a
// shared machine absolute numbers drift from run to run, ratios taken in the same run much less.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { flows, profile, quick, serviceLog, serviceNodeFlags, settings, wanted } from "./args.js"
import { httpFloor } from "./floors/httpFloor.js"
import { pgRoundFloor } from "./floors/pgFloor.js"
import { pgliteRoundFloor } from "./floors/pgliteFloor.js"
import { describeMachine } from "./lib/machine.js"
import { freshDatabase } from "./lib/postgres.js"
import { askTable, importTable, memoryTable, ratios, ratioTable, type Results, throughputTable, webhookTable } from "./report.js"
import { runScaleParts } from "./scaleParts.js"
import { type ScaleResults, scaleRatios, scaleTables } from "./scaleReport.js"
import { askFlow } from "./service/ask.js"
import { serviceFlows } from "./service/flows.js"
import { hostileSegmentTable } from "./service/hostileSegment.js"
import { importFlow } from "./service/imports.js"
import { memoryFlow } from "./service/memory.js"
import { startService } from "./service/service.js"
import { pageFlow, type PageResults, pageTable } from "./service/page.js"
import { pdfFlow, type PdfResults, pdfTable } from "./service/pdf.js"
import { type DurabilityResults, durabilityFlow, durabilityTable } from "./service/durability.js"
import { tracingFlow, type TracingResults, tracingTable } from "./service/tracing.js"
import { webhookFlow } from "./service/webhooks.js"

const repo = fileURLToPath(new URL("..", import.meta.url))
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const stamp = new Date().toISOString().replace(/[:.]/g, "-")
const resultsDir = join(repo, "bench/results")
const logDir = join(resultsDir, `${stamp}-logs`)
const profileDir = profile ? join(resultsDir, `${stamp}-profiles`) : undefined
mkdirSync(logDir, { recursive: true })
const scratch = mkdtempSync(join(os.tmpdir(), "contracts-bench-"))
const log = (line: string) => console.log(line)
// The package does not export its package.json, so read it from node_modules.
const pgliteVersion = () => JSON.parse(readFileSync(join(repo, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version as string

const main = async () => {
  const machine = await describeMachine(adminUrl, pgliteVersion())
  log(
    `bench (${
      quick ? "quick" : "full"
    }, service log: ${serviceLog}): ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, node ${machine.node}, PostgreSQL ${machine.postgres}, load ${
      machine.loadAverage.join(" ")
    }`
  )
  const results: Results & { floors?: Results["floors"]; page: { postgres?: PageResults; embedded?: PageResults } } = {
    service: {},
    memory: {},
    imports: {},
    webhooks: {},
    ask: {},
    page: {}
  }

  // The ask flow's ratios are to the bare node:http floors: measured for it even when `floors` is not wanted.
  if (wanted("floors") || wanted("ask")) {
    log(wanted("floors") ? "floors" : "floors (bare node:http only, for the ask flow's ratios)")
    const http100 = await httpFloor(repo, settings.readConnections, settings.durationMs, join(logDir, "bare-http.log"))
    log(`  bare node:http at ${settings.readConnections}: ${http100.medianRate}/s`)
    const http1 = await httpFloor(repo, 1, settings.durationMs / 2, join(logDir, "bare-http-1.log"))
    log(`  bare node:http at 1: ${http1.medianRate}/s, p50 ${http1.p50Ms} ms`)
    results.floors = { http100, http1 }
  }

  if (wanted("floors")) {
    const floorDb = await freshDatabase(adminUrl, "contracts_bench_floor")
    const pg1 = await pgRoundFloor(floorDb.url, 1, settings.durationMs)
    const pg32 = await pgRoundFloor(floorDb.url, settings.writeClients, settings.durationMs)
    await floorDb.drop()
    log(`  round transaction, PostgreSQL: ${pg1.medianRate}/s at 1, ${pg32.medianRate}/s at ${settings.writeClients}`)
    const pglite1 = await pgliteRoundFloor(join(scratch, "floor-1"), 1, settings.durationMs)
    const pglite32 = await pgliteRoundFloor(join(scratch, "floor-32"), settings.writeClients, settings.durationMs)
    log(`  round transaction, PGlite: ${pglite1.medianRate}/s at 1, ${pglite32.medianRate}/s at ${settings.writeClients}`)
    results.floors = { ...results.floors!, pg1, pg32, pglite1, pglite32 }
  }

  for (const db of ["postgres", "embedded"] as const) {
    if (!wanted(db)) continue
    log(`service on ${db === "postgres" ? "PostgreSQL" : "embedded PGlite"}`)
    const database = db === "postgres" ? await freshDatabase(adminUrl, "contracts_bench_service") : undefined
    const service = await startService({
      repo,
      databaseUrl: database?.url,
      dataDir: join(scratch, `service-${db}`),
      logFile: join(logDir, `service-${db}.log`),
      log: serviceLog,
      nodeFlags: serviceNodeFlags,
      ...(profileDir === undefined ? {} : { profileDir: join(profileDir, db) })
    })
    try {
      results.service[db] = await serviceFlows(service, { ...settings, flows }, log)
    } finally {
      await service.child.stop()
      await database?.drop()
    }
  }

  if (wanted("memory")) {
    for (const db of ["postgres", "embedded"] as const) {
      log(`memory on ${db === "postgres" ? "PostgreSQL" : "embedded PGlite"}, CONTRACT_IDLE_SECONDS=${settings.idleSeconds}`)
      const database = db === "postgres" ? await freshDatabase(adminUrl, "contracts_bench_memory") : undefined
      try {
        results.memory[db] = await memoryFlow(
          { repo, databaseUrl: database?.url, dataDir: join(scratch, `memory-${db}`), logFile: join(logDir, `memory-${db}.log`) },
          { contracts: settings.memoryContracts, checkpoints: settings.checkpoints, idleSeconds: settings.idleSeconds, clients: settings.writeClients },
          log
        )
      } finally {
        await database?.drop()
      }
    }
  }

  if (wanted("imports")) {
    log("segmenting hostile text, beside ordinary text of the same length")
    log(hostileSegmentTable())
    // Quick runs it on the embedded default only, to stay short: the parse, not the database, sets its pace.
    for (const db of quick ? (["embedded"] as const) : (["postgres", "embedded"] as const)) {
      log(`imports on ${db === "postgres" ? "PostgreSQL" : "embedded PGlite"}`)
      const database = db === "postgres" ? await freshDatabase(adminUrl, "contracts_bench_imports") : undefined
      try {
        results.imports![db] = await importFlow(
          { repo, databaseUrl: database?.url, dataDir: join(scratch, `imports-${db}`), logFile: join(logDir, `imports-${db}.log`) },
          scratch,
          settings.imports,
          log
        )
      } finally {
        await database?.drop()
      }
    }
  }

  if (wanted("webhooks")) {
    // Both databases even with --quick: each delivery is a few statements, so the database sets the pace.
    for (const db of ["postgres", "embedded"] as const) {
      log(`webhooks on ${db === "postgres" ? "PostgreSQL" : "embedded PGlite"}`)
      const database = db === "postgres" ? await freshDatabase(adminUrl, "contracts_bench_webhooks") : undefined
      try {
        results.webhooks![db] = await webhookFlow(
          { repo, databaseUrl: database?.url, dataDir: join(scratch, `webhooks-${db}`), logFile: join(logDir, `webhooks-${db}.log`) },
          settings.webhooks,
          log
        )
      } finally {
        await database?.drop()
      }
    }
  }

  if (wanted("ask")) {
    // Both databases even with --quick: the search is the database's, and PGlite runs it in the service's process.
    for (const db of ["postgres", "embedded"] as const) {
      log(`ask on ${db === "postgres" ? "PostgreSQL" : "embedded PGlite"}`)
      const database = db === "postgres" ? await freshDatabase(adminUrl, "contracts_bench_ask") : undefined
      try {
        results.ask![db] = await askFlow(
          { repo, databaseUrl: database?.url, dataDir: join(scratch, `ask-${db}`), logFile: join(logDir, `ask-${db}.log`) },
          settings.ask,
          join(logDir, `ask-${db}-explain.txt`),
          log
        )
      } finally {
        await database?.drop()
      }
    }
  }

  if (wanted("page")) {
    for (const db of ["postgres", "embedded"] as const) {
      log(`the guest's page on ${db === "postgres" ? "PostgreSQL" : "embedded PGlite"}`)
      const database = db === "postgres" ? await freshDatabase(adminUrl, "contracts_bench_page") : undefined
      try {
        results.page[db] = await pageFlow(
          { repo, databaseUrl: database?.url, dataDir: join(scratch, `page-${db}`), logFile: join(logDir, `page-${db}.log`) },
          { clauses: 60, requests: quick ? 200 : 1000 },
          log
        )
      } finally {
        await database?.drop()
      }
    }
  }

  // In process, no database: the PDF's pace is pdf-lib's and the font's.
  let pdf: PdfResults | undefined
  if (wanted("pdf")) {
    log("the executed PDF, rendered in process")
    pdf = await pdfFlow({ clauses: 60, durationMs: settings.durationMs }, log)
  }

  // Embedded only: PostgreSQL's fsync is its server's setting, not the service's.
  let durability: DurabilityResults | undefined
  if (wanted("durability")) {
    log("durable commits on embedded PGlite: EMBEDDED_FSYNC on beside off")
    durability = await durabilityFlow({ repo, databaseUrl: undefined, scratch, logDir }, settings, log)
  }

  // Quick runs it on the embedded default only; a full run on both databases.
  const tracing: { -readonly [K in keyof TracingResults]: TracingResults[K] } = {}
  if (wanted("tracing")) {
    for (const db of quick ? (["embedded"] as const) : (["postgres", "embedded"] as const)) {
      log(`tracing on ${db === "postgres" ? "PostgreSQL" : "embedded PGlite"}: OTEL_EXPORTER_OTLP_ENDPOINT set beside unset`)
      tracing[db] = await tracingFlow({ repo, adminUrl, scratch, logDir }, db, settings, log)
    }
  }

  const scale: ScaleResults = {}
  const scaleSettings = await runScaleParts(wanted, quick, { repo, adminUrl, scratch, logDir }, scale, log)
  const list = [...ratios(results), ...scaleRatios(scale)]
  const file = join(resultsDir, `${stamp}.json`)
  const run = {
    startedAt: stamp,
    mode: quick ? "quick" : "full",
    settings: { ...settings, serviceLog, scale: scaleSettings },
    machine,
    results: { ...results, scale, durability, tracing, pdf }
  }
  writeFileSync(file, JSON.stringify({ ...run, ratios: list }, null, 2))
  log("")
  if (results.floors !== undefined || results.service.postgres !== undefined || results.service.embedded !== undefined) {
    log(throughputTable(results))
    log("")
  }
  if (results.memory.postgres !== undefined || results.memory.embedded !== undefined) {
    log(memoryTable(results))
    log("")
  }
  if (results.imports?.postgres !== undefined || results.imports?.embedded !== undefined) {
    log(importTable(results))
    log("")
  }
  if (results.webhooks?.postgres !== undefined || results.webhooks?.embedded !== undefined) {
    log(webhookTable(results))
    log("")
  }
  if (results.ask?.postgres !== undefined || results.ask?.embedded !== undefined) {
    log(askTable(results))
    log("")
  }
  if (results.page.postgres !== undefined || results.page.embedded !== undefined) {
    log(pageTable(results.page))
    log("")
  }
  if (pdf !== undefined) {
    log(pdfTable(pdf))
    log("")
  }
  if (durability !== undefined) {
    log(durabilityTable(durability))
    log("")
  }
  if (tracing.postgres !== undefined || tracing.embedded !== undefined) {
    log(tracingTable(tracing))
    log("")
  }
  for (const table of scaleTables(scale)) {
    log(table)
    log("")
  }
  if (list.length > 0) {
    log(ratioTable(list))
    log("")
  }
  log(`results: ${file}`)
  if (profileDir !== undefined) log(`CPU profiles: ${profileDir}`)
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(() => rmSync(scratch, { recursive: true, force: true }))
