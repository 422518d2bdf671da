import { SqlClient } from "@effect/sql"
import { Clock, Duration, Effect, Metric, Option } from "effect"
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks"
import { DatabasePool } from "../Sql/Database.js"
import {
  databasePingSeconds,
  databaseUp,
  eventLoopDelayMax,
  eventLoopDelayP50,
  eventLoopDelayP99,
  heapTotalBytes,
  heapUsedBytes,
  importsByState,
  poolConnections,
  poolMax,
  residentBytes,
  webhookBacklog,
  webhookBacklogAge
} from "./Metrics.js"

// Gauges read when Prometheus scrapes rather than kept up to date on every change: what they
// describe (a table's due rows, the heap) costs nothing until someone asks.

/** A scrape waits this long for the database before it answers without the database's gauges. */
const databaseDeadline = Duration.seconds(3)

const unfinishedImportStates = ["queued", "parsing"] as const

/** The gauges a scrape leaves out when the database did not answer: a stale value would mislead. */
export const databaseGaugeNames: ReadonlySet<string> = new Set([
  "cns_database_ping_seconds",
  "cns_webhook_backlog",
  "cns_webhook_backlog_oldest_seconds",
  "cns_imports"
])

// One monitor per process, sampling from the first service's start: the event loop is the process's.
let loopDelay: IntervalHistogram | undefined
export const watchEventLoop = () => {
  if (loopDelay !== undefined) return
  loopDelay = monitorEventLoopDelay({ resolution: 10 })
  loopDelay.enable()
}

const nanosToSeconds = (nanos: number) => nanos / 1e9

const processGauges = Effect.suspend(() => {
  const memory = process.memoryUsage()
  const delay = loopDelay
  const sampled = delay !== undefined && delay.count > 0
  const effects = [
    Metric.set(heapUsedBytes, memory.heapUsed),
    Metric.set(heapTotalBytes, memory.heapTotal),
    Metric.set(residentBytes, memory.rss),
    Metric.set(eventLoopDelayP50, sampled ? nanosToSeconds(delay.percentile(50)) : 0),
    Metric.set(eventLoopDelayP99, sampled ? nanosToSeconds(delay.percentile(99)) : 0),
    Metric.set(eventLoopDelayMax, sampled ? nanosToSeconds(delay.max) : 0)
  ]
  // Each scrape reports the delay since the one before.
  delay?.reset()
  return Effect.all(effects, { discard: true })
})

/** The pool's own counts: no statement, so they tell even when the database does not answer. */
const poolGauges = Effect.flatMap(Effect.serviceOption(DatabasePool), (pool) => {
  if (Option.isNone(pool)) return Effect.void
  const counts = pool.value.counts()
  return Effect.all([
    Metric.set(Metric.tagged(poolConnections, "state", "open"), counts.total),
    Metric.set(Metric.tagged(poolConnections, "state", "idle"), counts.idle),
    Metric.set(Metric.tagged(poolConnections, "state", "waiting"), counts.waiting),
    Metric.set(poolMax, counts.max)
  ], { discard: true })
})

/** Three small statements: a ping, the due deliveries (a partial index), the unfinished imports (another). */
const readDatabase = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const start = yield* Clock.currentTimeNanos
  yield* sql`SELECT 1`
  const ping = Number((yield* Clock.currentTimeNanos) - start) / 1e9
  const backlog = yield* sql<{ readonly due: number; readonly oldest: number | null }>`
    SELECT count(*)::int AS due, extract(epoch FROM now() - min(next_attempt_at))::float8 AS oldest
    FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= now()`
  const imports = yield* sql<{ readonly state: string; readonly n: number }>`
    SELECT state, count(*)::int AS n FROM imports WHERE state IN ('queued', 'parsing') GROUP BY state`
  return { ping, due: backlog[0]?.due ?? 0, oldest: Math.max(0, backlog[0]?.oldest ?? 0), imports }
})

const databaseGauges = readDatabase.pipe(
  Effect.timeout(databaseDeadline),
  Effect.flatMap((read) =>
    Effect.all([
      Metric.set(databaseUp, 1),
      Metric.set(databasePingSeconds, read.ping),
      Metric.set(webhookBacklog, read.due),
      Metric.set(webhookBacklogAge, read.oldest),
      ...unfinishedImportStates.map((state) =>
        Metric.set(Metric.tagged(importsByState, "state", state), read.imports.find((row) => row.state === state)?.n ?? 0)
      )
    ], { discard: true })
  ),
  Effect.as(new Set<string>()),
  // A database that is down or slow must not fail the scrape: the rest still tells the operator plenty.
  Effect.catchAllCause(() => Effect.as(Metric.set(databaseUp, 0), databaseGaugeNames))
)

/** Brings the scrape-time gauges up to date; answers the names of those to leave out of this scrape. */
export const refreshGauges: Effect.Effect<ReadonlySet<string>, never, SqlClient.SqlClient> = processGauges.pipe(
  Effect.zipRight(poolGauges),
  Effect.zipRight(databaseGauges)
)
