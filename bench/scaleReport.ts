// Tables and ratios of the parts issue 16 added: framework, runners, failover, tail, lists.
import type { FrameworkResults } from "./floors/framework.js"
import type { ListsResult } from "./lists/lists.js"
import type { LoadResult } from "./lib/load.js"
import { waitsLine } from "./lib/pgWaits.js"
import { round } from "./lib/stats.js"
import type { Ratio } from "./report.js"
import type { FailoverResult } from "./scale/failover.js"
import type { RunnersResult } from "./scale/runners.js"
import type { TailRun } from "./tail/tail.js"

export interface ScaleResults {
  framework?: FrameworkResults
  runners?: RunnersResult
  failover?: FailoverResult
  tail?: Array<TailRun>
  lists?: ListsResult
}

const ratio = (a: number, b: number) => round(a / b, 2)
const others = (statuses: Record<string, number>, errors = 0) =>
  Object.entries(statuses).filter(([s]) => !s.startsWith("2")).map(([s, n]) => `${n}×${s}`).concat(errors > 0 ? [`${errors} errors`] : []).join(" ") || "-"

const loadRow = (name: string, r: LoadResult) =>
  `| ${name} | ${r.clients} | ${r.medianRate} | ${r.p50Ms} | ${r.p99Ms} | ${r.meanMs} | ${r.serverCpuMsPerOp ?? "-"} | ${others(r.statuses, r.errors)} |`

export const frameworkTable = (f: FrameworkResults): string =>
  [
    "| measurement | connections | median ops/s | p50 ms | p99 ms | mean ms | server CPU ms/op | non-2xx |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
    loadRow("floor: bare node:http, small JSON", f.bare),
    loadRow("floor: bare node:http, small JSON", f.bare1),
    loadRow("floor: trivial HttpApi endpoint (tracer off)", f.framework),
    loadRow("floor: trivial HttpApi endpoint (tracer off)", f.framework1),
    loadRow(`GET /contracts/{id} (${round(f.sheet.sheetBytes / 1024, 1)} KB sheet), PostgreSQL`, f.sheet),
    loadRow("GET /contracts/{id}, PostgreSQL", f.sheet1)
  ].join("\n")

export const runnersTable = ({ points, roundFloor }: RunnersResult): string => {
  const one = points.find((p) => p.runners === 1)
  return [
    `Floor: round transaction through pg at ${roundFloor.clients} clients, ${roundFloor.medianRate}/s (p99 ${roundFloor.p99Ms} ms).`,
    "",
    "| runners | reads/s | × one | p50 ms | p99 ms | runners' CPU ms/read | spread commits/s | × one | p99 ms | runners' CPU ms/commit | 200s / rounds | non-2xx | set-up draft-and-sends failed |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ...points.map((p) =>
      `| ${p.runners} | ${p.reads.medianRate} | ${
        one === undefined ? "-" : ratio(p.reads.medianRate, one.reads.medianRate)
      } | ${p.reads.p50Ms} | ${p.reads.p99Ms} | ${p.reads.runnersCpuMsPerOp} | ${p.commits.medianRate} | ${
        one === undefined ? "-" : ratio(p.commits.medianRate, one.commits.medianRate)
      } | ${p.commits.p99Ms} | ${p.commits.runnersCpuMsPerOp} | ${p.commits.okAnswers} / ${p.commits.roundsCommitted} | ${
        others({ ...p.reads.statuses, ...p.commits.statuses }, p.reads.errors + p.commits.errors)
      } | ${p.setupFailures.length} |`
    ),
    "",
    "| runners | PostgreSQL during the reads: backends active, share of them in each wait | during the commits |",
    "|---:|---|---|",
    ...points.map((p) => `| ${p.runners} | ${waitsLine(p.reads.db)} | ${waitsLine(p.commits.db)} |`)
  ].join("\n")
}

export const failoverTable = (f: FailoverResult): string =>
  [
    "| contracts | on the killed runner (shards) | its locks freed ms | survivors hold all 300 ms | its contracts write again: median ms | last ms | others' contracts: last ms | probe answers | load: 200s each second | load non-2xx | 200s acknowledged / rounds | set-up draft-and-sends failed |",
    "|---:|---|---:|---:|---:|---:|---:|---|---|---|---|---:|",
    `| ${f.contracts} | ${f.victimContracts} (${f.victimShards}) | ${f.locksFreedMs} | ${f.shardsTakenMs} | ${f.victimFirstWriteP50Ms} | ${f.victimFirstWriteMaxMs} | ${f.othersFirstWriteMaxMs} | ${
      Object.entries(f.probeStatuses).map(([s, n]) => `${n}×${s === "-1" ? "error" : s}`).join(" ")
    } | ${[...f.load.perSecond.slice(0, f.load.leadSeconds), "*kill*", ...f.load.perSecond.slice(f.load.leadSeconds)].join(" ")} | ${
      others(f.load.statuses, f.load.errors)
    } | ${f.acknowledged} / ${f.roundsCommitted} | ${f.setupFailures.length} |`
  ].join("\n")

const gcOf = (run: TailRun, kind: string) => {
  const g = run.loop.gc[kind]
  return g === undefined ? "0" : `${g.count}, ${g.totalMs} ms, max ${g.maxMs}`
}

/** The tail as each client saw it, then what the server saw during the same windows. */
export const tailTable = (runs: ReadonlyArray<TailRun>): string =>
  [
    "| target | server | client | ops/s | p50 ms | p99 ms | max ms | mean ms | p99 / mean | first request on a connection: p50 / max ms | answers per connection: min / median / max (Jain) | non-2xx |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ...runs.map((r) =>
      `| ${r.target} | ${r.variant} | ${r.client} | ${r.rate} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.meanMs} | ${ratio(r.p99Ms, r.meanMs)} | ${
        r.firstRequest === undefined ? "-" : `${r.firstRequest.p50Ms} / ${r.firstRequest.maxMs}`
      } | ${r.fairness === undefined ? "-" : `${r.fairness.min} / ${r.fairness.median} / ${r.fairness.max} (${r.fairness.jain})`} | ${r.non2xx} |`
    ),
    "",
    "| target | server | client | connections accepted, over ms | in the server, request to finish: p50 / p99 / max ms | finish to the next request on its connection: p99 / max ms | loop delay p99 / max ms | scavenges: n, total, max ms | mark-sweeps: n, total, max ms |",
    "|---|---|---|---|---|---|---|---|---|",
    // "autocannon, warm" is the same window as "autocannon": one row of server figures for both.
    ...runs.filter((r) => r.client !== "autocannon, warm").map((r) => {
      const l = r.loop
      return `| ${r.target} | ${r.variant} | ${r.client} | ${l.accepted.count}, ${l.accepted.overMs} | ${l.requestToFinish.p50Ms} / ${l.requestToFinish.p99Ms} / ${l.requestToFinish.maxMs} | ${l.finishToNextRequest.p99Ms} / ${l.finishToNextRequest.maxMs} | ${l.loopDelay.p99Ms} / ${l.loopDelay.maxMs} | ${
        gcOf(r, "scavenge")
      } | ${gcOf(r, "markSweep")} |`
    })
  ].join("\n")

export const listsTable = (l: ListsResult): string => {
  const scans = (seq: Record<string, { scans: number; rowsPerRequest: number }>) =>
    Object.entries(seq).filter(([, s]) => s.scans > 0).map(([table, s]) => `${table} ${s.scans} (${s.rowsPerRequest} rows/req)`).join(", ") || "none"
  const first = l.shapes[0]
  return [
    first === undefined ?
      "" :
      `Seeded by SQL from one contract sent through the API; rows per contract: ${
        Object.entries(first.tables.copied).map(([t, n]) => `${t} ${n}`).join(", ")
      }.`,
    "",
    "| history | route | contracts | requests | p50 ms | p99 ms | max ms | items in the answer | KB | sequential scans during the run |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ...l.shapes.flatMap((shape) =>
      shape.points.flatMap((p) =>
        p.routes.map((r) =>
          `| ${shape.shape} | ${r.route} | ${p.contracts} | ${r.requests} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.items} | ${round(r.bytes / 1024, 1)} | ${
            scans(r.seqScans)
          } |`
        )
      )
    )
  ].join("\n")
}

/** The issue's targets for these parts, as ratios measured in this run. */
export const scaleRatios = (s: ScaleResults): Array<Ratio> => {
  const out: Array<Ratio> = []
  const f = s.framework
  if (f !== undefined) {
    const value = ratio(f.sheet.medianRate, f.framework.medianRate)
    out.push({ name: `GET sheet / trivial HttpApi endpoint at ${f.sheet.clients} connections`, value, target: ">= 0.5", met: value >= 0.5 })
    out.push({ name: "GET sheet / bare node:http (same run)", value: ratio(f.sheet.medianRate, f.bare.medianRate), target: "- (see the floors part)" })
    out.push({
      name: "trivial HttpApi endpoint / bare node:http",
      value: ratio(f.framework.medianRate, f.bare.medianRate),
      target: "- (the framework's own cost)"
    })
  }
  const one = s.runners?.points.find((p) => p.runners === 1)
  if (one !== undefined) {
    const value = ratio(one.commits.medianRate, s.runners!.roundFloor.medianRate)
    out.push({ name: `spread commits through one runner / round transaction at ${one.commits.clients} clients`, value, target: ">= 0.2", met: value >= 0.2 })
  }
  for (const p of s.runners?.points ?? []) {
    if (one === undefined || p.runners === 1) continue
    const reads = ratio(p.reads.medianRate, one.reads.medianRate)
    out.push({
      name: `reads, ${p.runners} runners / one runner`,
      value: reads,
      ...(p.runners === 2 ? { target: ">= 1.6", met: reads >= 1.6 } : { target: "- (near 2 is the ideal on 2 cores)" })
    })
    out.push({ name: `spread commits, ${p.runners} runners / one runner`, value: ratio(p.commits.medianRate, one.commits.medianRate), target: "- (none set)" })
  }
  for (const p of s.runners?.points ?? []) {
    out.push({
      name: `spread commits through ${p.runners} runner(s): every 200 one round (${p.commits.okAnswers} / ${p.commits.roundsCommitted})`,
      value: p.commits.roundsCommitted - p.commits.okAnswers,
      target: "0",
      met: p.commits.roundsCommitted === p.commits.okAnswers
    })
  }
  if (s.failover !== undefined) {
    const seconds = round(s.failover.victimFirstWriteMaxMs / 1000, 1)
    out.push({
      name: `failover: SIGKILL to the last of the killed runner's ${s.failover.victimContracts} contracts writing again (s)`,
      value: seconds,
      target: "< 20 (the test's bound)",
      met: seconds < 20
    })
    const lost = s.failover.acknowledged - s.failover.roundsCommitted
    out.push({
      name: `failover: acknowledged writes lost (${s.failover.acknowledged} acknowledged, ${s.failover.roundsCommitted} rounds)`,
      value: Math.max(0, lost),
      target: "0",
      met: lost <= 0
    })
  }
  for (const r of s.tail ?? []) {
    const value = ratio(r.p99Ms, r.meanMs)
    out.push({ name: `p99 / mean at ${r.connections} connections: ${r.target}, ${r.variant}, ${r.client}`, value, target: "<= 5", met: value <= 5 })
  }
  for (const shape of s.lists?.shapes ?? []) {
    const [first, last] = [shape.points[0], shape.points[shape.points.length - 1]]
    if (first === undefined || last === undefined || first === last) continue
    for (const route of last.routes) {
      const base = first.routes.find((r) => r.route === route.route)!
      const value = ratio(route.p50Ms, base.p50Ms)
      out.push({
        name: `${route.route} p50 at ${last.contracts} / at ${first.contracts} contracts, ${shape.shape} (${route.p50Ms} / ${base.p50Ms} ms)`,
        value,
        target: "<= 1.5",
        met: value <= 1.5
      })
    }
  }
  return out
}

/** Every table for the parts that ran. */
export const scaleTables = (s: ScaleResults): Array<string> => [
  ...(s.framework === undefined ? [] : [frameworkTable(s.framework)]),
  ...(s.runners === undefined ? [] : [runnersTable(s.runners)]),
  ...(s.failover === undefined ? [] : [failoverTable(s.failover)]),
  ...(s.tail === undefined ? [] : [tailTable(s.tail)]),
  ...(s.lists === undefined ? [] : [listsTable(s.lists)])
]
