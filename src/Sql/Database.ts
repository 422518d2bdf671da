import { PGlite } from "@electric-sql/pglite"
import { createPgConfig } from "@electric-sql/pglite/node-postgres"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Option, Redacted } from "effect"
import { mkdirSync } from "node:fs"
import Pg from "pg"
import { ServerConfig } from "../Config.js"

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)

// PGlite is one session: a pool of one connection makes every transaction wait its turn.
const pglite = (dataDir: string | undefined) =>
  PgClient.layerFromPool({
    acquire: Effect.acquireRelease(
      Effect.promise(async () => {
        if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true })
        const db = await PGlite.create(dataDir)
        return { db, pool: new Pg.Pool({ ...createPgConfig(db), max: 1 }) }
      }),
      ({ db, pool }) => Effect.promise(() => pool.end().then(() => db.close()))
    ).pipe(Effect.map(({ pool }) => pool))
  })

export const DatabaseLive = Layer.unwrapEffect(
  Effect.map(ServerConfig, (config) => {
    const url = Option.getOrUndefined(config.databaseUrl)
    if (url === undefined) return pglite(config.dataDir)
    if (url === "memory://") return pglite(undefined)
    if (isPostgresUrl(url)) return PgClient.layer({ url: Redacted.make(url), maxConnections: 20 })
    return Layer.die(new Error("DATABASE_URL must be unset, memory:// or a postgres:// URL"))
  })
)
