import { Config, Context, Effect, Layer, Option } from "effect"

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
}

export const defaultContractIdleSeconds = 300
export const defaultImportConcurrency = 2
export const defaultImportTimeoutSeconds = 120

export class ServerConfig extends Context.Tag("ServerConfig")<ServerConfig, Settings>() {
  static readonly fromEnv = Layer.effect(
    ServerConfig,
    Effect.gen(function*() {
      const port = yield* Config.integer("PORT").pipe(Config.withDefault(4000))
      const publicUrl = yield* Config.string("PUBLIC_URL").pipe(Config.withDefault(`http://localhost:${port}`))
      return {
        port,
        databaseUrl: yield* Config.option(Config.nonEmptyString("DATABASE_URL")),
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
        importTimeoutSeconds: yield* Config.integer("IMPORT_TIMEOUT_SECONDS").pipe(Config.withDefault(defaultImportTimeoutSeconds))
      }
    })
  )
}
