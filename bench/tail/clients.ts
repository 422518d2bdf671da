import autocannon from "autocannon"
import { execFile, spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import type { Child } from "../lib/child.js"
import { runLoad } from "../lib/load.js"
import { connectionPool } from "../lib/rawClient.js"
import { quantile, round } from "../lib/stats.js"

/** What the server's loop probe (bench/tail/loopProbe.ts) saw during one run. */
export interface LoopStats {
  readonly seconds: number
  readonly loopDelay: { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number; readonly meanMs: number }
  readonly gc: Record<string, { readonly count: number; readonly totalMs: number; readonly maxMs: number }>
  /** Connections the server accepted in the window, and from the first to the last. */
  readonly accepted: { readonly count: number; readonly overMs: number }
  /** Inside the server: from a request's "request" event to its response's "finish". */
  readonly requestToFinish: { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number }
  /** From a response's "finish" to the next request on the same connection: the client's turn and the wait to be read. */
  readonly finishToNextRequest: { readonly p50Ms: number; readonly p99Ms: number; readonly maxMs: number }
}

/** Reads the loop probe's lines from a child's stdout; `window` resets it, runs `work`, and returns what it saw meanwhile. */
export const loopWatcher = () => {
  let waiting: ((stats: LoopStats) => void) | undefined
  const read = (child: Child) =>
    new Promise<LoopStats>((resolve) => {
      waiting = resolve
      child.process.kill("SIGUSR2")
    })
  return {
    onLine: (line: string) => {
      if (line.startsWith("BENCH_LOOP ")) waiting?.(JSON.parse(line.slice("BENCH_LOOP ".length)) as LoopStats)
    },
    window: async <A>(child: Child, work: () => Promise<A>): Promise<{ result: A; loop: LoopStats }> => {
      await read(child)
      const result = await work()
      return { result, loop: await read(child) }
    }
  }
}

export interface ClientRun {
  readonly client: "bench" | "autocannon" | "autocannon, warm" | "wrk"
  readonly connections: number
  readonly rate: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly maxMs: number
  readonly meanMs: number
  readonly non2xx: number
  /** Bench client only: requests answered per connection in the measured window, fewest and most, and Jain's index (1 = perfectly even). */
  readonly fairness?: { readonly min: number; readonly median: number; readonly max: number; readonly jain: number }
  /** Each connection's first request, which waits for the server to accept the connection: median and slowest. */
  readonly firstRequest?: { readonly p50Ms: number; readonly maxMs: number }
}

export interface Target {
  readonly base: string
  readonly path: (n: number) => string
  readonly headers: Record<string, string>
}

/** The bench's own closed-loop client (bench/lib/rawClient.ts), with each connection's count in the measured window. */
export const benchClient = async (target: Target, connections: number, durationMs: number, serverPid: number): Promise<ClientRun> => {
  const pool = connectionPool(target.base, connections)
  const answered = new Array<number>(connections).fill(0)
  // Each connection's first request, in the warm-up: it waits for the server to accept the connection.
  const firsts = new Array<number>(connections)
  const warmupMs = 1000
  const from = performance.now() + warmupMs
  const to = from + durationMs
  let next = 0
  const result = await runLoad({
    clients: connections,
    durationMs,
    warmupMs,
    serverPid,
    op: async (client) => {
      const began = performance.now()
      const status = await pool.at(client).request("GET", target.path(next++), target.headers)
      const now = performance.now()
      if (now >= from && now <= to) answered[client]!++
      firsts[client] ??= now - began
      return status
    }
  })
  pool.close()
  const firstLatencies = summary(firsts.filter((ms) => ms !== undefined))
  const sorted = [...answered].sort((a, b) => a - b)
  const sum = answered.reduce((a, b) => a + b, 0)
  const squares = answered.reduce((a, b) => a + b * b, 0)
  return {
    client: "bench",
    connections,
    rate: result.medianRate,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    maxMs: result.maxMs,
    meanMs: result.meanMs,
    non2xx: Object.entries(result.statuses).filter(([s]) => !s.startsWith("2")).reduce((a, [, n]) => a + n, 0) + result.errors,
    fairness: {
      min: sorted[0]!,
      median: sorted[Math.floor(connections / 2)]!,
      max: sorted[connections - 1]!,
      jain: round((sum * sum) / (connections * squares), 3)
    },
    firstRequest: { p50Ms: firstLatencies.p50Ms, maxMs: firstLatencies.maxMs }
  }
}

/** Latency figures over a list of ms, sorted here. */
const summary = (latencies: Array<number>) => {
  const sorted = Float64Array.from(latencies).sort()
  return {
    p50Ms: round(quantile(sorted, 0.5), 2),
    p99Ms: round(quantile(sorted, 0.99), 2),
    maxMs: round(quantile(sorted, 1), 2),
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length), 2)
  }
}

/**
 * autocannon (an independent load generator, run in this process). Each run opens its connections
 * anew, so its figures include each connection's first request, which waits for the server to
 * accept it; `warm` are the same run's figures without them.
 */
export const autocannonClient = async (target: Target, connections: number, durationMs: number): Promise<Array<ClientRun>> => {
  let next = 0
  const seen = new Set<unknown>()
  const firsts: Array<number> = []
  const warm: Array<number> = []
  // The callback form returns the running instance, whose "response" events carry each answer's client and latency.
  const run = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon({
        url: target.base,
        connections,
        duration: seconds,
        timeout: 30,
        headers: target.headers,
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: target.path(next++) }) }]
      }, (error, result) => error ? reject(error) : resolve(result))
      instance.on("response", (client: unknown, _status: number, _bytes: number, ms: number) => {
        if (seen.has(client)) warm.push(ms)
        else {
          seen.add(client)
          firsts.push(ms)
        }
      })
    })
  const r = await run(Math.max(1, Math.round(durationMs / 1000)))
  const firstRequest = { p50Ms: summary(firsts).p50Ms, maxMs: summary(firsts).maxMs }
  return [
    {
      client: "autocannon",
      connections,
      rate: round(r.requests.average, 0),
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      maxMs: r.latency.max,
      meanMs: round(r.latency.mean, 2),
      non2xx: r.non2xx + r.errors,
      firstRequest
    },
    { client: "autocannon, warm", connections, rate: round(r.requests.average, 0), ...summary(warm), non2xx: r.non2xx + r.errors }
  ]
}

/** Whether `wrk` (the C load generator the issue measured with) is on this machine: it is used when it is, never installed by the bench. */
export const hasWrk = () => spawnSync("wrk", ["--version"]).error === undefined

// wrk's Lua hooks: each request's path from the list, the target's headers, and the summary as one JSON line (wrk counts in µs).
const wrkScript = (target: Target) =>
  `local paths = {${Array.from({ length: 1000 }, (_, n) => JSON.stringify(target.path(n))).join(",")}}
local i = 0
${Object.entries(target.headers).map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`).join("\n")}
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"seconds":%f,"p50":%f,"p99":%f,"max":%f,"mean":%f,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000, latency.mean / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`

/** wrk with two threads, as the issue ran it. */
export const wrkClient = async (target: Target, connections: number, durationMs: number, scriptFile: string): Promise<ClientRun> => {
  writeFileSync(scriptFile, wrkScript(target))
  const run = (seconds: number) =>
    new Promise<string>((resolve, reject) =>
      execFile(
        "wrk",
        ["-t2", `-c${connections}`, `-d${seconds}s`, "--timeout", "30s", "-s", scriptFile, target.base],
        (error, stdout) => error === null ? resolve(stdout) : reject(error)
      )
    )
  const out = await run(Math.max(1, Math.round(durationMs / 1000)))
  const line = out.split("\n").find((l) => l.startsWith("WRK "))
  if (line === undefined) throw new Error(`wrk printed no summary: ${out}`)
  const w = JSON.parse(line.slice(4)) as {
    requests: number
    seconds: number
    p50: number
    p99: number
    max: number
    mean: number
    non2xx: number
    errors: number
  }
  return {
    client: "wrk",
    connections,
    rate: round(w.requests / w.seconds, 0),
    p50Ms: round(w.p50, 2),
    p99Ms: round(w.p99, 2),
    maxMs: round(w.max, 2),
    meanMs: round(w.mean, 2),
    non2xx: w.non2xx + w.errors
  }
}
