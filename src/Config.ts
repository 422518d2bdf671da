import { Config, Context, Effect, Layer, Option } from "effect"
import { checkSettings, runnerNeedsPostgres } from "./Operations/StartupChecks.js"

export interface RateLimits {
  readonly readsPerMinute: number
  readonly writesPerMinute: number
  readonly sendSignPerMinute: number
}

export interface Settings {
  readonly port: number
  /** Unset: embedded PGlite in `dataDir`; `memory://`: throwaway PGlite; `postgres://…`: PostgreSQL. */
  readonly databaseUrl: Option.Option<string>
  readonly dataDir: string
  readonly adminToken: Option.Option<string>
  readonly publicUrl: string
  readonly docsUrl: string
  readonly rateLimits: RateLimits
  /** Seconds a Contract entity may sit idle before it passivates; optional so settings built in code keep the default. */
  readonly contractIdleSeconds?: number
  /** Where asset bytes live (src/Assets/AssetStore.ts); unset: `dataDir/assets`, or a throwaway directory for `memory://`. */
  readonly assetDir?: string
  /** `host:port` or a socket path of a clamd that scans imports (INSTREAM); unset: files are not scanned. */
  readonly clamdAddress?: string
  /** Parses running at once, and the time one may take before its import fails with `parser_error`. */
  readonly importConcurrency?: number
  readonly importTimeoutSeconds?: number
  /** PDF pages without a text layer (scans) are read by OCR; their blocks are unverified. Unset: on. */
  readonly importOcr?: boolean
  /** The port the mail ingress listens on for SMTP (0: any free port); unset: no listener. */
  readonly ingressSmtpPort?: number
  /** The domain of every org's ingress address (`in-…@<domain>`). */
  readonly ingressDomain?: string
  /** The largest message the ingress listener takes, in bytes; larger is refused at DATA. */
  readonly ingressMaxBytes?: number
  /** `smtp://user:pass@host:port` (or `smtps://`): live-mode mail leaves through it; unset, it stays in the outbox. */
  readonly smtpUrl?: string
  /** The From of every mail the service sends. */
  readonly mailFrom?: string
  /**
   * `host:port` at which the other runners reach this one; set on every process of a cluster over
   * one PostgreSQL (docs/scale-out.md). Unset: one process, the whole cluster.
   */
  readonly runnerAddress?: string
  /** `host:port` this runner listens on for the others, when it differs from `runnerAddress` (behind NAT, in a container). */
  readonly runnerListenAddress?: string
  /** Seconds a contract write may wait for its runner before the request answers `503` with `Retry-After`. */
  readonly contractWriteTimeoutSeconds?: number
  /** Seconds a client may take to send its headers, or leave its body without a byte, before `408`. */
  readonly clientTimeoutSeconds?: number
  /** Origins (`scheme://host[:port]`) whose web pages may call `/mcp`; unset or empty: none, only clients that send no `Origin`. */
  readonly mcpAllowedOrigins?: ReadonlyArray<string>
  /** Bearer token that opens `GET /metrics`; unset: `/metrics` is no route (docs/operations.md). */
  readonly metricsToken?: string
  /** OTLP/HTTP endpoint spans are exported to (`OTEL_EXPORTER_OTLP_ENDPOINT`); unset: no spans are made. */
  readonly otlpEndpoint?: string
  /** The least level written to the log: all, trace, debug, info, warning, error, fatal or none. */
  readonly logLevel?: string
  /** Seconds requests in flight may take to finish after SIGTERM before the process stops anyway. */
  readonly shutdownGraceSeconds?: number
  /** The embedded database fsyncs each commit before it is acknowledged; false trades a power cut's last commits for speed. */
  readonly embeddedFsync?: boolean
  /**
   * A `memory://` database starts as this image (a PGlite data directory as `dumpDataDir` writes
   * it) instead of an empty cluster: the test suite's migrated database, made once per run
   * (test/support/migratedDatabases.ts), so no start repeats initdb and the migrations. Not read from the environment.
   */
  readonly memoryImage?: string
}

export const defaultContractIdleSeconds = 300
export const defaultImportConcurrency = 2
export const defaultImportTimeoutSeconds = 120
export const defaultIngressDomain = "ingress.localhost"
export const defaultIngressMaxBytes = 30 * 1024 * 1024
export const defaultMailFrom = "Contracts <contracts@localhost>"
export const defaultContractWriteTimeoutSeconds = 30
export const defaultClientTimeoutSeconds = 20
export const defaultShutdownGraceSeconds = 25
export const defaultLogLevel = "info"

export { runnerNeedsPostgres }

export class ServerConfig extends Context.Tag("ServerConfig")<ServerConfig, Settings>() {
  static readonly fromEnv = Layer.effect(
    ServerConfig,
    Effect.gen(function*() {
      const port = yield* Config.integer("PORT").pipe(Config.withDefault(4000))
      const runnerAddress = Option.getOrUndefined(yield* Config.option(Config.nonEmptyString("RUNNER_ADDRESS")))
      const databaseUrl = yield* Config.option(Config.nonEmptyString("DATABASE_URL"))
      const publicUrl = yield* Config.string("PUBLIC_URL").pipe(Config.withDefault(`http://localhost:${port}`))
      const settings: Settings = {
        port,
        databaseUrl,
        dataDir: yield* Config.string("DATA_DIR").pipe(Config.withDefault("./data")),
        adminToken: yield* Config.option(Config.nonEmptyString("ADMIN_TOKEN")),
        publicUrl: publicUrl.replace(/\/+$/, ""),
        docsUrl: yield* Config.string("DOCS_URL").pipe(Config.withDefault(`${publicUrl.replace(/\/+$/, "")}/docs`)),
        rateLimits: {
          readsPerMinute: yield* Config.integer("RATE_LIMIT_READS_PER_MINUTE").pipe(Config.withDefault(1000)),
          writesPerMinute: yield* Config.integer("RATE_LIMIT_WRITES_PER_MINUTE").pipe(Config.withDefault(120)),
          sendSignPerMinute: yield* Config.integer("RATE_LIMIT_SEND_SIGN_PER_MINUTE").pipe(Config.withDefault(20))
        },
        contractIdleSeconds: yield* Config.integer("CONTRACT_IDLE_SECONDS").pipe(Config.withDefault(defaultContractIdleSeconds)),
        assetDir: Option.getOrUndefined(yield* Config.option(Config.nonEmptyString("ASSET_DIR"))),
        clamdAddress: Option.getOrUndefined(yield* Config.option(Config.nonEmptyString("CLAMD_ADDRESS"))),
        importConcurrency: yield* Config.integer("IMPORT_CONCURRENCY").pipe(Config.withDefault(defaultImportConcurrency)),
        importTimeoutSeconds: yield* Config.integer("IMPORT_TIMEOUT_SECONDS").pipe(Config.withDefault(defaultImportTimeoutSeconds)),
        importOcr: (yield* Config.literal("on", "off")("IMPORT_OCR").pipe(Config.withDefault("on"))) === "on",
        ingressSmtpPort: Option.getOrUndefined(yield* Config.option(Config.integer("INGRESS_SMTP_PORT"))),
        ingressDomain: yield* Config.string("INGRESS_DOMAIN").pipe(Config.withDefault(defaultIngressDomain)),
        ingressMaxBytes: yield* Config.integer("INGRESS_MAX_BYTES").pipe(Config.withDefault(defaultIngressMaxBytes)),
        smtpUrl: Option.getOrUndefined(yield* Config.option(Config.nonEmptyString("SMTP_URL"))),
        mailFrom: yield* Config.string("MAIL_FROM").pipe(Config.withDefault(defaultMailFrom)),
        runnerAddress,
        runnerListenAddress: Option.getOrUndefined(yield* Config.option(Config.nonEmptyString("RUNNER_LISTEN_ADDRESS"))),
        contractWriteTimeoutSeconds: yield* Config.integer("CONTRACT_WRITE_TIMEOUT_SECONDS").pipe(
          Config.withDefault(defaultContractWriteTimeoutSeconds)
        ),
        clientTimeoutSeconds: yield* Config.integer("CLIENT_TIMEOUT_SECONDS").pipe(Config.withDefault(defaultClientTimeoutSeconds)),
        mcpAllowedOrigins: (yield* Config.string("MCP_ALLOWED_ORIGINS").pipe(Config.withDefault(""))).split(",").map((origin) => origin.trim())
          .filter((origin) => origin !== ""),
        metricsToken: Option.getOrUndefined(yield* Config.option(Config.nonEmptyString("METRICS_TOKEN"))),
        otlpEndpoint: Option.getOrUndefined(yield* Config.option(Config.nonEmptyString("OTEL_EXPORTER_OTLP_ENDPOINT"))),
        logLevel: yield* Config.string("LOG_LEVEL").pipe(Config.withDefault(defaultLogLevel)),
        shutdownGraceSeconds: yield* Config.integer("SHUTDOWN_GRACE_SECONDS").pipe(Config.withDefault(defaultShutdownGraceSeconds)),
        embeddedFsync: (yield* Config.string("EMBEDDED_FSYNC").pipe(Config.withDefault("on"))) !== "off"
      }
      // Refused before anything starts, in one line naming the setting (src/Operations/StartupChecks.ts).
      yield* checkSettings(settings)
      return settings
    })
  )
}
