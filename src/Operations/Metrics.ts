import { Clock, Effect, Metric, MetricBoundaries } from "effect"

// Every metric the service keeps, in Effect's own registry (one per process), exported at
// `GET /metrics` (src/Operations/MetricsRoute.ts). Capability files import from here only, so this
// file imports nothing of the project: no capability can reach into a cycle through it. Label
// values are closed sets (route templates, message tags, event types, outcomes), never ids or paths.

const counter = (name: string, description: string) => Metric.counter(name, { description, incremental: true })
const gauge = (name: string, description: string) => Metric.gauge(name, { description })
const seconds = (name: string, description: string, bounds: ReadonlyArray<number>) => Metric.histogram(name, MetricBoundaries.fromIterable(bounds), description)

/** Prometheus's default buckets: a request, a commit. */
const requestBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export const httpRequestSeconds = seconds(
  "cns_http_request_duration_seconds",
  "HTTP requests by route template, method and status class, and the time to their answer's head.",
  requestBuckets
)

export const entityMessages = counter("cns_entity_messages_total", "Messages a Contract entity handled, by message tag, refused ones included.")
export const contractWrites = counter("cns_contract_writes_total", "Contract writes that committed, by message tag (Send, CommitReply, Sign…).")
export const contractEvents = counter("cns_contract_events_total", "Events stored by committed contract writes, by event type.")
export const liveContracts = gauge("cns_contract_entities", "Contract entities live in this process (each holds its contract in memory).")

export const idempotentRequests = counter(
  "cns_idempotent_requests_total",
  "Requests with an Idempotency-Key by what the key did: proceed, replay (the kept answer), resume, mismatch, in_flight."
)
export const rateLimited = counter("cns_rate_limited_total", "Requests refused 429 by the rate limit, by rate class.")

export const webhookDeliveries = counter(
  "cns_webhook_deliveries_total",
  "Webhook delivery attempts and settlements by outcome: delivered, retrying, failed, withheld, abandoned, cancelled."
)
export const webhookBacklog = gauge("cns_webhook_backlog", "Webhook deliveries due now and not yet delivered (read at scrape time).")
export const webhookBacklogAge = gauge("cns_webhook_backlog_oldest_seconds", "How long the oldest due webhook delivery has waited (0: none due).")

export const importsByState = gauge("cns_imports", "Imports not finished, by state: queued, parsing (read at scrape time).")
export const importsFinished = counter("cns_imports_finished_total", "Imports finished by this process, by outcome: parsed, failed.")
export const importParseSeconds = seconds(
  "cns_import_parse_duration_seconds",
  "The time one import's parse took: scan, extraction, parse and the contract's write.",
  [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]
)

export const mailReceived = counter(
  "cns_mail_received_total",
  "SMTP ingress by outcome: accepted, unknown_recipient, too_large, failed (answered 451)."
)
export const mailSent = counter("cns_mail_sent_total", "Outbound mail attempts through SMTP_URL by outcome: sent, failed.")

export const databaseUp = gauge("cns_database_up", "1 when the database answered a SELECT 1 at scrape time, else 0.")
export const databasePingSeconds = gauge(
  "cns_database_ping_seconds",
  "The time a SELECT 1 took at scrape time, waiting for a pooled connection included."
)

export const poolConnections = gauge(
  "cns_database_pool_connections",
  "The database pool by state: open (in use or idle), idle, and waiting (statements queued for a connection)."
)
export const poolMax = gauge("cns_database_pool_max_connections", "The most connections the pool opens (1 on the embedded database).")

export const eventLoopDelayP50 = gauge("cns_event_loop_delay_p50_seconds", "Median event-loop delay since the last scrape.")
export const eventLoopDelayP99 = gauge("cns_event_loop_delay_p99_seconds", "99th percentile event-loop delay since the last scrape.")
export const eventLoopDelayMax = gauge("cns_event_loop_delay_max_seconds", "Longest event-loop delay since the last scrape.")
export const heapUsedBytes = gauge("cns_heap_used_bytes", "V8 heap in use.")
export const heapTotalBytes = gauge("cns_heap_total_bytes", "V8 heap reserved.")
export const residentBytes = gauge("cns_resident_memory_bytes", "The process's resident set size.")

/** Adds one to `metric` with these labels. */
export const count = (metric: Metric.Metric.Counter<number>, labels: Record<string, string> = {}) =>
  Metric.increment(Object.entries(labels).reduce((tagged, [key, value]) => Metric.tagged(tagged, key, value), metric))

/** Moves a gauge up or down by `by` (a live entity starting or stopping). */
export const moveGauge = (metric: Metric.Metric.Gauge<number>, by: number) => Metric.modify(metric, by)

/** A committed contract write: its message, and each event it stored by type. */
export const countWrite = (message: string, events: ReadonlyArray<{ readonly type: string }>) =>
  Effect.zipRight(
    count(contractWrites, { message }),
    Effect.forEach(events, (event) => count(contractEvents, { type: event.type }), { discard: true })
  )

/** For callbacks outside Effect (the SMTP listener): the same as `count`, at once. */
export const countNow = (metric: Metric.Metric.Counter<number>, labels: Record<string, string> = {}) => Effect.runSync(count(metric, labels))

/** Runs `effect` and records the seconds it took in `histogram`, whatever it came to. */
export const timed = (histogram: Metric.Metric.Histogram<number>) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Clock.currentTimeNanos, (start) =>
    Effect.ensuring(
      effect,
      Effect.flatMap(Clock.currentTimeNanos, (end) => Metric.update(histogram, Number(end - start) / 1e9))
    ))
