// Loaded into a server for the tail flow only (node --import this file). It watches the event loop's
// delay (perf_hooks' histogram, timers 10 ms apart), every GC pause (PerformanceObserver "gc"), and
// the HTTP server's connections and requests: when each connection was accepted, how long each
// request took from its "request" event to its response's "finish", and the gap between a response
// and the next request on the same connection. On SIGUSR2 it prints what it saw since the last
// SIGUSR2 on one line to the bench and starts afresh, so the bench reads one load window: whether the
// tail is the loop stalled (GC, a long task), a request slow inside the server, or a wait outside it.
import http from "node:http"
import { constants, monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks"
import { probeLine } from "../lib/probeLine.js"

const delay = monitorEventLoopDelay({ resolution: 10 })
delay.enable()

const kinds: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: "scavenge",
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "markSweep",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakCallbacks"
}
let gc: Record<string, { count: number; totalMs: number; maxMs: number }> = {}
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = kinds[(entry as { detail?: { kind?: number } }).detail?.kind ?? 0] ?? "other"
    const seen = gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 }
    seen.count++
    seen.totalMs += entry.duration
    seen.maxMs = Math.max(seen.maxMs, entry.duration)
  }
}).observe({ entryTypes: ["gc"] })

// Every http.Server's events, whoever made it: the service's server is made deep inside the platform.
let accepted: Array<number> = []
let handled: Array<number> = []
let gaps: Array<number> = []
const lastFinish = new WeakMap<object, number>()
const emit = http.Server.prototype.emit
http.Server.prototype.emit = function(this: http.Server, event: string | symbol, ...args: Array<any>) {
  if (event === "connection") accepted.push(performance.now())
  if (event === "request") {
    const [request, response] = args as [http.IncomingMessage, http.ServerResponse]
    const began = performance.now()
    const previous = lastFinish.get(request.socket)
    if (previous !== undefined) gaps.push(began - previous)
    response.once("finish", () => {
      const finished = performance.now()
      handled.push(finished - began)
      lastFinish.set(request.socket, finished)
    })
  }
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>)
} as typeof emit

const quantiles = (values: Array<number>) => {
  const sorted = Float64Array.from(values).sort()
  const at = (q: number) => sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 10) / 10
  return { p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1) }
}

let since = performance.now()
const ms = (ns: number) => Math.round(ns / 1e4) / 100

process.on("SIGUSR2", () => {
  const seen = {
    seconds: Math.round(performance.now() - since) / 1000,
    // The histogram counts how late each 10 ms timer fired: the loop's longest turns show here.
    loopDelay: { p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max), meanMs: ms(delay.mean) },
    gc: Object.fromEntries(Object.entries(gc).map(([kind, g]) => [kind, { ...g, totalMs: Math.round(g.totalMs), maxMs: Math.round(g.maxMs * 10) / 10 }])),
    // Node accepts one connection per turn of its loop: a client opening many at once waits here.
    accepted: { count: accepted.length, overMs: accepted.length === 0 ? 0 : Math.round(accepted[accepted.length - 1]! - accepted[0]!) },
    requestToFinish: quantiles(handled),
    finishToNextRequest: quantiles(gaps)
  }
  probeLine(`BENCH_LOOP ${JSON.stringify(seen)}`)
  delay.reset()
  gc = {}
  accepted = []
  handled = []
  gaps = []
  since = performance.now()
})
