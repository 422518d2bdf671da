import { HttpServer } from "@effect/platform"
import type { SqlClient } from "@effect/sql"
import { NodeHttpServer } from "@effect/platform-node"
import { type Clock, Effect, Exit, Layer, Logger, LogLevel, Option, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import type { Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RateLimits, ServerConfig, type Settings } from "../../src/Config.js"
import type { ContractStore } from "../../src/Engine/ContractStore.js"
import { WriteProbe } from "../../src/Engine/WriteProbe.js"
import { startingServer } from "../../src/Gateway/StartingServer.js"
import { ServiceLive } from "../../src/Server.js"
import { DeliveryClock } from "../../src/Webhooks/DeliveryClock.js"
import { DeadlineClock } from "../../src/Deadlines/DeadlineClock.js"
import { Answerer } from "../../src/Ask/Answerer.js"
import type { TestDatabase } from "./databases.js"

export const adminToken = "adm_test_token_for_the_suite"

/** Settings as a test wants them: loopback URLs, a known admin token, generous limits. */
export const testSettings = (overrides: Partial<Settings> = {}): Settings => ({
  port: 0,
  databaseUrl: Option.none(),
  dataDir: "./data-test-unused",
  adminToken: Option.some(adminToken),
  publicUrl: "http://localhost",
  docsUrl: "http://localhost/docs",
  rateLimits: { readsPerMinute: 100_000, writesPerMinute: 100_000, sendSignPerMinute: 100_000 },
  ...overrides
})

export interface Running {
  readonly url: string
  readonly databaseUrl: string | undefined
  /** Where this run keeps asset bytes (undefined: under the data dir). */
  readonly assetDir: string | undefined
  /** The node:http server underneath, for tests that watch its requests. */
  readonly server: Server
  /** Stops the server and drops the database it made. */
  readonly stop: () => Promise<void>
  /** Stops the server and keeps its database, for a restart. */
  readonly stopServerOnly: () => Promise<void>
  /** Runs an effect beside the handlers, on the same store: how a test sends a message that no route sends yet. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, ContractStore | SqlClient.SqlClient>) => Promise<A>
}

export interface ServiceOptions {
  readonly rateLimits?: Partial<RateLimits>
  readonly probe?: Layer.Layer<WriteProbe>
  /** Reuse an existing database (a restart) instead of making a fresh one. */
  readonly databaseUrl?: string
  /** Run on the embedded database in this directory, as `npm start` does with DATABASE_URL unset. */
  readonly dataDir?: string
  /** Keep asset bytes here (a restart passes the first run's); else a fresh directory, or the data dir's own. */
  readonly assetDir?: string
  readonly clamdAddress?: string
  readonly importConcurrency?: number
  readonly importTimeoutSeconds?: number
  /** The SMTP relay live-mode mail leaves through, and its From; unset: mail stays in the outbox. */
  readonly smtpUrl?: string
  readonly mailFrom?: string
  /** Listen for ingress mail on this port (take one from `freePort`); unset: no listener. */
  readonly ingressSmtpPort?: number
  readonly ingressMaxBytes?: number
  /** The clock webhook delivery keeps (a TestClock, to walk its schedule); else the real one. */
  readonly deliveryClock?: Clock.Clock
  /** The clock the deadline scheduler keeps (a TestClock, to walk years of renewals); else the real one. */
  readonly deadlineClock?: Clock.Clock
  /** Seconds a contract write may wait for its entity before the request answers 503. */
  readonly contractWriteTimeoutSeconds?: number
  /** What composes answers to POST /ask (one that fails partway, to see `generation_failed`); else the extractive one. */
  readonly answerer?: Layer.Layer<Answerer>
  /** Listen on this port, with links (`url`, certificate links) made for it; else any free port. */
  readonly port?: number
  /** Seconds a client may take over its headers or leave its body stalled before `408`; else the default. */
  readonly clientTimeoutSeconds?: number
  /** Origins whose pages may call `/mcp`; unset: none. */
  readonly mcpAllowedOrigins?: ReadonlyArray<string>
  /** Export spans to this OTLP/HTTP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT); unset: no spans. */
  readonly otlpEndpoint?: string
  /**
   * How the service logs (src/Operations/Logging.ts `loggingTo`, into a collector); unset: Effect's
   * default logger from WARN up. A line per request at INFO came to 64,000 lines and 29 MB a run,
   * each passed through vitest's console to its main process; a warning or an error still shows.
   */
  readonly logging?: Layer.Layer<never>
  /** On a data directory: fsync each commit (the default, as `npm start`), or not (EMBEDDED_FSYNC=off). */
  readonly embeddedFsync?: boolean
  /** The bearer token that opens `GET /metrics` (METRICS_TOKEN); unset: no `/metrics`. */
  readonly metricsToken?: string
}

/** Starts the real service on a free loopback port, as `npm start` would, on one test database. */
export const startService = async (database: TestDatabase, options: ServiceOptions = {}): Promise<Running> => {
  const fresh = options.databaseUrl === undefined && options.dataDir === undefined ? await database.create() : undefined
  const databaseUrl = options.dataDir !== undefined ? undefined : options.databaseUrl ?? fresh!.url
  const scope = Effect.runSync(Scope.make())
  const defaults = testSettings()
  const assetDir = options.assetDir ?? (options.dataDir !== undefined ? undefined : mkdtempSync(join(tmpdir(), "cns-test-assets-")))
  const config = Layer.succeed(
    ServerConfig,
    testSettings({
      databaseUrl: Option.fromNullable(databaseUrl),
      // A fresh in-memory database starts migrated (a restart on a kept one has nothing to load).
      memoryImage: fresh?.memoryImage,
      dataDir: options.dataDir ?? defaults.dataDir,
      rateLimits: { ...defaults.rateLimits, ...options.rateLimits },
      assetDir,
      clamdAddress: options.clamdAddress,
      importConcurrency: options.importConcurrency,
      importTimeoutSeconds: options.importTimeoutSeconds,
      smtpUrl: options.smtpUrl,
      mailFrom: options.mailFrom,
      ingressSmtpPort: options.ingressSmtpPort,
      ingressMaxBytes: options.ingressMaxBytes,
      contractWriteTimeoutSeconds: options.contractWriteTimeoutSeconds,
      mcpAllowedOrigins: options.mcpAllowedOrigins,
      otlpEndpoint: options.otlpEndpoint,
      embeddedFsync: options.embeddedFsync,
      metricsToken: options.metricsToken,
      clientTimeoutSeconds: options.clientTimeoutSeconds,
      ...(options.port === undefined ? {} : { publicUrl: `http://127.0.0.1:${options.port}` })
    })
  )
  let server: Server | undefined
  const makeServer = () => (server = startingServer("http://localhost/docs", options.clientTimeoutSeconds)())
  const layer = ServiceLive.pipe(
    Layer.provideMerge(NodeHttpServer.layer(makeServer, { port: options.port ?? 0, host: "127.0.0.1" })),
    Layer.provide(options.probe ?? WriteProbe.passThrough),
    Layer.provide(options.deliveryClock === undefined ? DeliveryClock.live : Layer.succeed(DeliveryClock, options.deliveryClock)),
    Layer.provide(options.deadlineClock === undefined ? DeadlineClock.live : Layer.succeed(DeadlineClock, options.deadlineClock)),
    Layer.provide(options.answerer ?? Answerer.extractive),
    Layer.provide(options.logging ?? Logger.minimumLogLevel(LogLevel.Warning)),
    Layer.provide(config)
  )
  const context = await Effect.runPromise(Layer.buildWithScope(layer, scope))
  const address = (await Effect.runPromise(Effect.provide(HttpServer.HttpServer, context))).address
  const port = address._tag === "TcpAddress" ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl,
    assetDir,
    server: server!,
    stop: async () => {
      await Effect.runPromise(Scope.close(scope, Exit.void))
      if (fresh !== undefined) await fresh.drop()
    },
    stopServerOnly: () => Effect.runPromise(Scope.close(scope, Exit.void)),
    run: (effect) => Effect.runPromise(Effect.provide(effect, context))
  }
}

const shared = new Map<TestDatabase["name"], Promise<Running>>()

/**
 * The worker's one service on this database, started by the first file that asks for it and kept
 * for every later file of the worker (vitest.config.ts runs the files of a worker in one module
 * graph). Its tests isolate themselves as users do, each in orgs it makes; a file that needs a
 * service of its own (other settings, a clock, a restart, a view of the whole process) starts one
 * with `startService`. `stop` leaves the shared service running: the run's global setup drops its
 * databases when the run ends.
 */
export const sharedService = (database: TestDatabase): Promise<Running> => {
  let started = shared.get(database.name)
  if (started === undefined) {
    started = startService(database).then((running) => ({ ...running, stop: async () => {}, stopServerOnly: async () => {} }))
    // A failed start is not kept: the next file tries again and reports its own failure.
    started.catch(() => shared.delete(database.name))
    shared.set(database.name, started)
  }
  return started
}
