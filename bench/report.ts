import type { LoadResult } from "./lib/load.js"
import { round } from "./lib/stats.js"
import type { AskResults } from "./service/ask.js"
import { planLine } from "./service/askPlans.js"
import type { ServiceResults } from "./service/flows.js"
import type { ImportResults, ImportRun } from "./service/imports.js"
import type { MemoryPoint, MemoryResults } from "./service/memory.js"
import type { WebhookResults } from "./service/webhooks.js"

/** The floors measured in this run: all of them with `floors`, only the bare node:http ones when the ask flow runs without it. */
export interface Floors {
  readonly http100: LoadResult
  /** One connection: the round trip of one request with nothing queued before it. */
  readonly http1?: LoadResult
  readonly pg1?: LoadResult
  readonly pg32?: LoadResult
  readonly pglite1?: LoadResult
  readonly pglite32?: LoadResult
}

export interface Results {
  readonly floors?: Floors
  readonly service: { postgres?: ServiceResults; embedded?: ServiceResults }
  readonly memory: { postgres?: MemoryResults; embedded?: MemoryResults }
  readonly imports?: { postgres?: ImportResults; embedded?: ImportResults }
  readonly webhooks?: { postgres?: WebhookResults; embedded?: WebhookResults }
  readonly ask?: { postgres?: AskResults; embedded?: AskResults }
}

export interface Ratio {
  readonly name: string
  readonly value: number
  readonly target: string
  /** Undefined for a figure with no target: a ratio to read, not a pass mark. */
  readonly met?: boolean
}

const others = (r: LoadResult) =>
  Object.entries(r.statuses).filter(([s]) => !s.startsWith("2")).map(([s, n]) => `${n}×${s}`).concat(r.errors > 0 ? [`${r.errors} errors`] : []).join(" ") ||
  "-"

const row = (name: string, db: string, r: LoadResult | undefined) =>
  r === undefined ? [] : [`| ${name} | ${db} | ${r.clients} | ${r.medianRate} | ${r.p50Ms} | ${r.p99Ms} | ${r.serverCpuMsPerOp ?? "-"} | ${others(r)} |`]

/** The table of throughput and latency, one row per measurement. */
export const throughputTable = (results: Results): string => {
  const f = results.floors
  const lines = [
    "| measurement | database | clients | median ops/s | p50 ms | p99 ms | server CPU ms/op | non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|---|",
    ...row("floor: bare node:http, small JSON", "-", f?.http100),
    ...row("floor: bare node:http, small JSON", "-", f?.http1),
    ...row("floor: round transaction (pg)", "PostgreSQL", f?.pg1),
    ...row("floor: round transaction (pg)", "PostgreSQL", f?.pg32),
    ...row("floor: round transaction (in-process)", "PGlite", f?.pglite1),
    ...row("floor: round transaction (in-process)", "PGlite", f?.pglite32)
  ]
  for (const [db, s] of [["PostgreSQL", results.service.postgres], ["embedded PGlite", results.service.embedded]] as const) {
    if (s === undefined) continue
    lines.push(
      ...row("reply commits, spread over contracts", db, s.spreadCommits),
      ...row("reply commits, one hot contract", db, s.hotCommits),
      ...row("GET /contracts/{id}", db, s.getSheet),
      ...row("GET /contracts/{id}, one connection", db, s.getSheetOne),
      ...row("drafting POST /contracts", db, s.drafting)
    )
  }
  return lines.join("\n")
}

/** The memory table: heap (after a forced GC) and RSS at each point, and growth per 1,000 contracts. */
export const memoryTable = (results: Results): string => {
  const lines = [
    "| database | point | contracts | at s | heap used MB | RSS MB | heap MB / 1,000 contracts | RSS MB / 1,000 contracts |",
    "|---|---|---:|---:|---:|---:|---:|---:|"
  ]
  for (const [db, m] of [["PostgreSQL", results.memory.postgres], ["embedded PGlite", results.memory.embedded]] as const) {
    if (m === undefined) continue
    const line = (label: string, p: MemoryPoint, per?: { rss: number; heapUsed: number }) =>
      `| ${db} | ${label} | ${p.contracts} | ${p.atSeconds} | ${p.heapUsedMb} | ${p.rssMb} | ${per?.heapUsed ?? "-"} | ${per?.rss ?? "-"} |`
    const perAt = (p: MemoryPoint) => ({
      heapUsed: round((p.heapUsedMb - m.before.heapUsedMb) / (p.contracts / 1000), 2),
      rss: round((p.rssMb - m.before.rssMb) / (p.contracts / 1000), 2)
    })
    lines.push(
      line("before", m.before),
      line(`live (all ${m.live.contracts} entities in memory${m.live.allStillLive ? "" : ": NO, some idled out"})`, m.live, m.perThousand.live),
      ...m.curve.slice(1).map((p) => line("while drafting", p, perAt(p))),
      line("right after", m.rightAfter, m.perThousand.rightAfter),
      line(`after passivation (+${m.secondsToPassivate} s)`, { ...m.afterPassivation, contracts: m.contracts }, m.perThousand.afterPassivation)
    )
  }
  return lines.join("\n")
}

const failures = (failed: Record<string, number>) => Object.entries(failed).map(([reason, n]) => `${n}×${reason}`).join(" ") || "-"

const importRuns = (results: Results) =>
  ([["PostgreSQL", results.imports?.postgres], ["embedded PGlite", results.imports?.embedded]] as const).flatMap(([db, i]) =>
    i === undefined ? [] : [[db, i] as const]
  )

const floorOf = (i: ImportResults, run: ImportRun) => run.format === "scan" ? i.scan.floor : i.floor[run.format]

/** What a batch of scans may add to the service's RSS: per parse, one page's picture and an OCR engine, and two parses run at once. */
const scanGrowthMb = 800

/** Imports: pages per second through POST /imports beside the parse alone, and the service's RSS during the big batch. */
export const importTable = (results: Results): string => {
  const lines = [
    "| measurement | database | files | pages | KB per file | seconds | pages/s | server CPU ms/page | failed |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|"
  ]
  for (const [db, i] of importRuns(results)) {
    for (const run of [i.pdf, i.docx, i.scan.run]) {
      const floor = floorOf(i, run)
      lines.push(
        `| floor: extract + ${run.format === "scan" ? "OCR + " : ""}parse ${run.format.toUpperCase()} in-process | - | ${floor.files} | ${floor.pages} | ${
          round(run.bytesPerFile / 1024, 0)
        } | ${floor.seconds} | ${floor.pagesPerSecond} | - | - |`,
        `| POST /imports, ${run.format.toUpperCase()}, POST to all parsed | ${db} | ${run.files} | ${run.pages} | ${
          round(run.bytesPerFile / 1024, 0)
        } | ${run.seconds} | ${run.pagesPerSecond} | ${run.serverCpuMsPerPage} | ${failures(run.failed)} |`
      )
    }
  }
  lines.push(
    "",
    "| database | files | MB uploaded | pages per file | seconds | RSS before MB | peak RSS MB | peak RSS MB (/proc) | RSS after MB | peak / uploaded | (peak - before) / uploaded | failed |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
  )
  for (const [db, { scan }] of importRuns(results)) {
    const m = scan.memory
    lines.push(
      `| ${db}, scans (OCR) | ${scan.run.files} | ${
        round((scan.run.files * scan.run.bytesPerFile) / 1024 / 1024, 1)
      } | ${scan.run.pagesPerFile} | ${scan.run.seconds} | ${m.beforeRssMb} | ${m.peakRssMb} | ${m.procPeakRssMb} | ${m.afterRssMb} | - | - | ${
        failures(scan.run.failed)
      } |`
    )
  }
  for (const [db, { memory: m }] of importRuns(results)) {
    lines.push(
      `| ${db} | ${m.files} | ${m.uploadedMb} | ${m.pagesPerFile} | ${m.seconds} | ${m.beforeRssMb} | ${m.peakRssMb} | ${m.procPeakRssMb} | ${m.afterRssMb} | ${m.peakPerUploaded} | ${m.growthPerUploaded} | ${
        failures(m.failed)
      } |`
    )
  }
  return lines.join("\n")
}

/** Webhooks: deliveries per second from the first commit to the last delivery, and each delivery's lag behind its commit. */
export const webhookTable = (results: Results): string => {
  const lines = [
    "| database | endpoints | contracts | drafts/s | deliveries | seconds | deliveries/s | after the last commit/s | lag p50 ms | lag p99 ms | lag max ms | duplicates | missing | bad signatures |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  ]
  for (const [db, w] of [["PostgreSQL", results.webhooks?.postgres], ["embedded PGlite", results.webhooks?.embedded]] as const) {
    if (w === undefined) continue
    lines.push(
      `| ${db} | ${w.endpoints} | ${w.contracts} | ${w.draftsPerSecond} | ${w.delivered} of ${w.expected} | ${w.seconds} | ${w.deliveriesPerSecond} | ${w.afterDraftsPerSecond} | ${w.lagP50Ms} | ${w.lagP99Ms} | ${w.lagMaxMs} | ${w.duplicates} | ${w.missing} | ${w.badSignatures} |`
    )
  }
  return lines.join("\n")
}

const askRuns = (results: Results) =>
  ([["PostgreSQL", results.ask?.postgres], ["embedded PGlite", results.ask?.embedded]] as const).flatMap(([db, a]) => a === undefined ? [] : [[db, a] as const])

/** POST /ask: the seed, sequential latency, the concurrent run, the streamed form, then each question with its search plan. */
export const askTable = (results: Results): string => {
  const lines = [
    "| database | contracts (other org) | blocks (other org) | seed drafts/s | sequential answers | p50 ms | p90 ms | p99 ms | max ms | server CPU ms/answer | answers checked | cross-org citations |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  ]
  for (const [db, a] of askRuns(results)) {
    const s = a.sequential
    const measured = s === undefined
      ? `**not measured** | - | - | - | - | -`
      : `${s.requests} | ${s.p50Ms} | ${s.p90Ms} | ${s.p99Ms} | ${s.maxMs} | ${s.serverCpuMsPerAnswer}`
    lines.push(
      `| ${db} | ${a.contracts} (${a.otherContracts}) | ${a.blocks} (${a.otherBlocks}) | ${a.draftsPerSecond} | ${measured} | ${a.answersChecked} | ${a.crossOrgCitations} |`
    )
  }
  lines.push(
    "",
    "| database | concurrent clients | answers/s | p50 ms | p99 ms | server CPU ms/answer | non-2xx | streamed: headers p50 ms | first event p50 ms | done p50 ms | done max ms | stream: false between, p50 ms |",
    "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|"
  )
  for (const [db, a] of askRuns(results)) {
    const c = a.concurrent
    const t = a.stream
    if (c === undefined || t === undefined) {
      lines.push(`| ${db} | **not measured** | - | - | - | - | - | - | - | - | - | - |`)
      continue
    }
    lines.push(
      `| ${db} | ${c.clients} | ${c.medianRate} | ${c.p50Ms} | ${c.p99Ms} | ${c.serverCpuMsPerOp ?? "-"} | ${
        others(c)
      } | ${t.headersP50Ms} | ${t.firstEventP50Ms} | ${t.doneP50Ms} | ${t.doneMaxMs} | ${t.jsonP50Ms} |`
    )
  }
  lines.push(
    "",
    "| database | question | terms | answers | p50 ms | max ms | citations | uses block_search_words | rows ranked | execution ms | buffers hit / read |",
    "|---|---|---|---:|---:|---:|---:|---|---:|---:|---|"
  )
  for (const [db, a] of askRuns(results)) {
    for (const q of a.questions) {
      const p = q.plan
      const index = p === undefined ? "-" : p.usesWordsIndex ? (p.wordsIndexLoops > 1 ? `yes, **${p.wordsIndexLoops} times**` : "yes") : "**no**"
      const executed = p === undefined
        ? "- | - | -"
        : p.analyzed
        ? `${p.rankedRows} | ${p.executionMs} | ${p.sharedHit} / ${p.sharedRead}`
        : `${p.rankedRows} (estimate) | not run | -`
      const timed = q.requests === 0 ? "0 | - | - | -" : `${q.requests} | ${q.p50Ms} | ${q.maxMs} | ${q.citations}`
      lines.push(`| ${db} | ${q.question} | ${q.terms.join(" ")} | ${timed} | ${index} | ${executed} |`)
    }
  }
  for (const [db, a] of askRuns(results)) {
    if (a.tooSlow !== undefined) {
      const w = a.tooSlow
      lines.push(
        "",
        `${db}, ${a.contracts} contracts: **not measured**: "${w.question}" ${w.answered ? "took" : "had no answer after"} ${
          round(w.ms / 1000, 1)
        } s in the probe, over the ${w.budgetMs / 1000} s budget of one answer`
      )
    }
    const b = a.beforeAnalyze
    if (b !== undefined) {
      lines.push(
        "",
        `EXPLAIN${
          b.plan.analyzed ? " (ANALYZE, BUFFERS)" : ""
        }, ${db}, ${a.contracts} + ${a.otherContracts} contracts, statistics as the seed left them (the planner believed block_search held ${b.blockSearchEstimate} rows of ${b.blockSearchRows}, contracts ${b.contractsEstimate} of ${b.contractsRows}), "${b.question}": ${
          planLine(b.plan)
        }`
      )
    }
    for (const q of a.questions) {
      if (q.plan === undefined) continue
      lines.push(
        "",
        `EXPLAIN${q.plan.analyzed ? " (ANALYZE, BUFFERS)" : ""}, ${db}, ${a.contracts} + ${a.otherContracts} contracts, ${
          db === "PostgreSQL" ? "after ANALYZE" : "never analyzed"
        }, "${q.question}": ${planLine(q.plan)}`
      )
    }
  }
  return lines.join("\n")
}

const ratio = (a: number, b: number) => round(a / b, 2)

/** Every target from the issue as a ratio measured in this run. */
export const ratios = (results: Results): Array<Ratio> => {
  const out: Array<Ratio> = []
  const f = results.floors
  const targets = (label: string, s: ServiceResults | undefined, floor1: LoadResult | undefined, floor32: LoadResult | undefined) => {
    if (s === undefined) return
    if (floor32 !== undefined && s.spreadCommits !== undefined) {
      const value = ratio(s.spreadCommits.medianRate, floor32.medianRate)
      out.push({ name: `${label}: spread reply commits / round transaction at 32 clients`, value, target: ">= 0.5", met: value >= 0.5 })
    }
    if (floor1 !== undefined && s.hotCommits !== undefined) {
      const value = ratio(s.hotCommits.medianRate, floor1.medianRate)
      const serialised = s.hotCommits.roundsCommitted === s.hotCommits.okAnswers
      out.push({
        name: `${label}: hot-contract commits / round transaction at 1 client (${s.hotCommits.okAnswers} answered 200, ${s.hotCommits.roundsCommitted} rounds)`,
        value,
        target: ">= 0.3, every commit its own round",
        met: value >= 0.3 && serialised
      })
    }
    if (s.getSheet === undefined) return
    if (f?.http100 !== undefined) {
      const value = ratio(s.getSheet.medianRate, f.http100.medianRate)
      out.push({ name: `${label}: GET sheet / bare node:http at 100 connections`, value, target: ">= 0.35", met: value >= 0.35 })
    }
    out.push({ name: `${label}: GET sheet p99 (ms)`, value: s.getSheet.p99Ms, target: "<= 25", met: s.getSheet.p99Ms <= 25 })
  }
  targets("PostgreSQL", results.service.postgres, f?.pg1, f?.pg32)
  targets("embedded", results.service.embedded, f?.pglite1, f?.pglite32)

  const pg = results.service.postgres
  const em = results.service.embedded
  if (pg !== undefined && em !== undefined) {
    for (
      const [name, key] of [["spread commits", "spreadCommits"], ["hot commits", "hotCommits"], ["GET sheet", "getSheet"], ["drafting", "drafting"]] as const
    ) {
      const [e, p] = [em[key], pg[key]]
      if (e === undefined || p === undefined) continue
      const value = ratio(e.medianRate, p.medianRate)
      out.push({ name: `embedded / PostgreSQL: ${name}`, value, target: ">= 0.5", met: value >= 0.5 })
    }
  }
  for (const [label, m] of [["PostgreSQL", results.memory.postgres], ["embedded", results.memory.embedded]] as const) {
    if (m === undefined) continue
    // Sub-linear: past the live set, drafting more contracts adds next to nothing, because idle ones passivate.
    const value = ratio(m.perThousand.rightAfter.heapUsed, m.perThousand.live.heapUsed)
    out.push({
      name:
        `${label}: heap per 1,000 contracts after ${m.contracts} / with all ${m.live.contracts} live (${m.perThousand.rightAfter.heapUsed} / ${m.perThousand.live.heapUsed} MB)`,
      value,
      target: "<= 0.25 (sub-linear)",
      met: value <= 0.25 && m.live.allStillLive
    })
    out.push({
      name: `${label}: heap per 1,000 contracts once all passivated (MB)`,
      value: m.perThousand.afterPassivation.heapUsed,
      target: "near 0",
      met: m.perThousand.afterPassivation.heapUsed <= 0.1 * m.perThousand.live.heapUsed
    })
  }
  for (const [label, i] of [["PostgreSQL", results.imports?.postgres], ["embedded", results.imports?.embedded]] as const) {
    if (i === undefined) continue
    for (const run of [i.pdf, i.docx, i.scan.run]) {
      // The service's own work on top of the parse (upload, sniffing, storing, the contract's first write) should not halve it.
      const value = ratio(run.pagesPerSecond, floorOf(i, run).pagesPerSecond)
      out.push({
        name: `${label}: ${run.format.toUpperCase()} import pages/s / extract + ${
          run.format === "scan" ? "OCR + " : ""
        }parse in-process (${run.pagesPerSecond} / ${floorOf(i, run).pagesPerSecond})`,
        value,
        target: ">= 0.5, none failed",
        met: value >= 0.5 && Object.keys(run.failed).length === 0
      })
    }
    // OCR holds one page's picture per parse (300 dpi: 8 million pixels, drawn in colour, read in grey) and Tesseract's own memory.
    const scanGrowth = round(i.scan.memory.peakRssMb - i.scan.memory.beforeRssMb, 1)
    out.push({
      name: `${label}: RSS growth while ${i.scan.run.files} scans of ${i.scan.run.pagesPerFile} pages are read (MB)`,
      value: scanGrowth,
      target: `<= ${scanGrowthMb} (two parses at once, one page each)`,
      met: scanGrowth <= scanGrowthMb && Object.keys(i.scan.run.failed).length === 0
    })
    // Uploads stream to disk and parses run two at a time: a 100-file batch must not hold its files in memory.
    const m = i.memory
    out.push({
      name: `${label}: RSS growth in a ${m.files}-file batch / bytes uploaded (${round(m.peakRssMb - m.beforeRssMb, 1)} / ${m.uploadedMb} MB)`,
      value: m.growthPerUploaded,
      target: "<= 0.5, none failed",
      met: m.growthPerUploaded <= 0.5 && Object.keys(m.failed).length === 0
    })
  }
  for (const [label, a] of [["PostgreSQL", results.ask?.postgres], ["embedded", results.ask?.embedded]] as const) {
    if (a === undefined) continue
    // No target is set for POST /ask: these say how many bare round trips an answer costs, and what share of the bare server's rate it keeps.
    const s = a.sequential
    if (s === undefined) {
      const w = a.tooSlow!
      out.push({
        name: `${label}: POST /ask, slowest answer in the probe (s), ${a.contracts} contracts: not measured further`,
        value: round(w.ms / 1000, 1),
        target: `<= ${w.budgetMs / 1000} (the bench's budget)`,
        met: false
      })
    }
    if (f?.http1 !== undefined && s !== undefined) {
      out.push({
        name: `${label}: POST /ask p50 / bare node:http round trip at 1 connection (${s.p50Ms} / ${f.http1.p50Ms} ms, ${a.contracts} contracts)`,
        value: ratio(s.p50Ms, f.http1.p50Ms),
        target: "- (none set)"
      })
    }
    const c = a.concurrent
    if (f?.http100 !== undefined && c !== undefined) {
      out.push({
        name: `${label}: POST /ask answers/s at ${c.clients} clients / bare node:http at 100 connections (${c.medianRate} / ${f.http100.medianRate})`,
        value: round(c.medianRate / f.http100.medianRate, 4),
        target: "- (none set)"
      })
    }
    const getSheet = results.service[label === "PostgreSQL" ? "postgres" : "embedded"]?.getSheet
    if (getSheet !== undefined && c !== undefined) {
      out.push({
        name: `${label}: POST /ask answers/s / GET sheet at 100 connections (${c.medianRate} / ${getSheet.medianRate})`,
        value: round(c.medianRate / getSheet.medianRate, 3),
        target: "- (none set)"
      })
    }
    out.push({
      name: `${label}: POST /ask citations of the other org's contracts (${a.answersChecked} answers checked)`,
      value: a.crossOrgCitations,
      target: "0",
      met: a.crossOrgCitations === 0
    })
  }
  return out
}

export const ratioTable = (list: ReadonlyArray<Ratio>): string =>
  [
    "| ratio | value | target | met |",
    "|---|---:|---|---|",
    ...list.map((r) => `| ${r.name} | ${r.value} | ${r.target} | ${r.met === undefined ? "-" : r.met ? "yes" : "**no**"} |`)
  ].join("\n")
