import { PGlite } from "@electric-sql/pglite"
import { createPgConfig } from "@electric-sql/pglite/node-postgres"
import { SqlError } from "@effect/sql/SqlError"
import { PgClient } from "@effect/sql-pg"
import { Context, Duration, Effect, Layer, Option } from "effect"
import { mkdirSync } from "node:fs"
import { readFile } from "node:fs/promises"
import Pg from "pg"
import { ServerConfig } from "../Config.js"
import { isPostgresUrl } from "./DatabaseUrl.js"
import { openDurable } from "./DurableNodeFs.js"

/** A statement on the connection a quiet moment holds. */
export type QuietQuery = (text: string) => Promise<ReadonlyArray<Record<string, unknown>>>

/** The embedded database on disk, as a backup needs it: its directory, and a moment when nothing else runs in it. */
export interface EmbeddedFiles {
  readonly dataDir: string
  /**
   * Runs `copy` holding the one connection, after a checkpoint: no transaction is half done, no
   * other statement runs, and every page is in the files, so the directory is a consistent database.
   */
  readonly whileQuiet: <A>(copy: (query: QuietQuery) => Promise<A>) => Effect.Effect<A>
}

/** Some on a data directory; none on PostgreSQL (pg_dump backs it up) or memory:// (nothing to keep). */
export class EmbeddedDatabase extends Context.Tag("Sql/EmbeddedDatabase")<EmbeddedDatabase, Option.Option<EmbeddedFiles>>() {}

/** How many connections the pool holds, in use and idle, and how many statements wait for one. */
export interface PoolCounts {
  readonly total: number
  readonly idle: number
  readonly waiting: number
  readonly max: number
}

/** The connection pool underneath the SqlClient, read when metrics are scraped (src/Operations/MetricsGauges.ts). */
export class DatabasePool extends Context.Tag("Sql/DatabasePool")<DatabasePool, { readonly counts: () => PoolCounts }>() {}

const poolOf = (pool: Pg.Pool, max: number) =>
  Layer.succeed(DatabasePool, { counts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }) })

const open = async (dataDir: string | undefined, fsync: boolean, image?: string) => {
  if (dataDir === undefined) return image === undefined ? PGlite.create() : PGlite.create({ loadDataDir: new Blob([await readFile(image)]) })
  mkdirSync(dataDir, { recursive: true })
  return fsync ? openDurable(dataDir) : PGlite.create(dataDir)
}

const whileQuiet = (pool: Pg.Pool) => <A>(copy: (query: QuietQuery) => Promise<A>) =>
  Effect.promise(async () => {
    const client = await pool.connect()
    try {
      await client.query("CHECKPOINT")
      return await copy(async (text) => (await client.query<Record<string, unknown>>(text)).rows)
    } finally {
      client.release()
    }
  })

// PGlite is one session: a pool of one connection makes every transaction wait its turn.
const pglite = (dataDir: string | undefined, fsync: boolean, image?: string) =>
  Layer.unwrapScoped(
    Effect.acquireRelease(
      Effect.promise(async () => {
        const db = await open(dataDir, fsync, image)
        return { db, pool: new Pg.Pool({ ...createPgConfig(db), max: 1 }) }
      }),
      ({ db, pool }) => Effect.promise(() => pool.end().then(() => db.close()))
    ).pipe(Effect.map(({ pool }) =>
      Layer.mergeAll(
        PgClient.layerFromPool({ acquire: Effect.succeed(pool) }),
        Layer.succeed(EmbeddedDatabase, dataDir === undefined ? Option.none() : Option.some({ dataDir, whileQuiet: whileQuiet(pool) })),
        poolOf(pool, 1)
      )
    ))
  )

const postgresConnections = 20

/**
 * PostgreSQL through a pool made here, as `PgClient.layer` makes it (its first `SELECT 1` within 5
 * seconds, its end bounded at close), so the pool's counts can be read: the library keeps its own private.
 */
const postgres = (url: string) =>
  Layer.unwrapScoped(
    Effect.acquireRelease(
      Effect.tryPromise({
        try: async () => {
          const pool = new Pg.Pool({ connectionString: url, max: postgresConnections, application_name: "@effect/sql-pg" })
          // A connection that breaks while idle is dropped by the pool; without a listener Node would crash.
          pool.on("error", () => {})
          await pool.query("SELECT 1").catch(async (cause: unknown) => {
            await pool.end()
            throw cause
          })
          return pool
        },
        catch: (cause) => new SqlError({ cause, message: "PgClient: Failed to connect" })
      }).pipe(Effect.timeoutFail({
        duration: Duration.seconds(5),
        onTimeout: () => new SqlError({ cause: new Error("Connection timed out"), message: "PgClient: Connection timed out" })
      })),
      (pool) => Effect.promise(() => pool.end()).pipe(Effect.interruptible, Effect.timeoutOption(1000))
    ).pipe(Effect.map((pool) =>
      Layer.mergeAll(
        PgClient.layerFromPool({ acquire: Effect.succeed(pool) }),
        Layer.succeed(EmbeddedDatabase, Option.none()),
        poolOf(pool, postgresConnections)
      )
    ))
  )

export const DatabaseLive = Layer.unwrapEffect(
  Effect.map(ServerConfig, (config) => {
    const url = Option.getOrUndefined(config.databaseUrl)
    if (url === undefined) return pglite(config.dataDir, config.embeddedFsync !== false)
    if (url === "memory://") return pglite(undefined, false, config.memoryImage)
    if (isPostgresUrl(url)) return postgres(url)
    return Layer.die(new Error("DATABASE_URL must be unset, memory:// or a postgres:// URL"))
  })
)
