import { PGlite } from "@electric-sql/pglite"
import { createPgConfig } from "@electric-sql/pglite/node-postgres"
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { mkdirSync } from "node:fs"
import Pg from "pg"
import { ServerConfig } from "../Config.js"
import { openDurable } from "./DurableNodeFs.js"

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)

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

const open = (dataDir: string | undefined, fsync: boolean) => {
  if (dataDir === undefined) return PGlite.create()
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
const pglite = (dataDir: string | undefined, fsync: boolean) =>
  Layer.unwrapScoped(
    Effect.acquireRelease(
      Effect.promise(async () => {
        const db = await open(dataDir, fsync)
        return { db, pool: new Pg.Pool({ ...createPgConfig(db), max: 1 }) }
      }),
      ({ db, pool }) => Effect.promise(() => pool.end().then(() => db.close()))
    ).pipe(Effect.map(({ pool }) =>
      Layer.merge(
        PgClient.layerFromPool({ acquire: Effect.succeed(pool) }),
        Layer.succeed(EmbeddedDatabase, dataDir === undefined ? Option.none() : Option.some({ dataDir, whileQuiet: whileQuiet(pool) }))
      )
    ))
  )

export const DatabaseLive = Layer.unwrapEffect(
  Effect.map(ServerConfig, (config) => {
    const url = Option.getOrUndefined(config.databaseUrl)
    if (url === undefined) return pglite(config.dataDir, config.embeddedFsync !== false)
    if (url === "memory://") return pglite(undefined, false)
    if (isPostgresUrl(url)) return Layer.merge(PgClient.layer({ url: Redacted.make(url), maxConnections: 20 }), Layer.succeed(EmbeddedDatabase, Option.none()))
    return Layer.die(new Error("DATABASE_URL must be unset, memory:// or a postgres:// URL"))
  })
)
