import { PGlite } from "@electric-sql/pglite"
import { createPgConfig } from "@electric-sql/pglite/node-postgres"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer } from "effect"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Pg from "pg"
import type { TestProject } from "vitest/node"
import { MigrationsLive } from "../../src/Sql/Migrations.js"

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite image every `memory://` service of this run starts from (test/support/databases.ts). */
    readonly pgliteImage: string
  }
}

/**
 * Made once per run, before any test file: a PGlite database with every migration applied, dumped
 * to a file. A PGlite start otherwise runs initdb in WebAssembly and then every migration, seconds
 * of CPU each time, in each of a hundred describe blocks; loading the image takes a fraction of it.
 * The migrations are the code under test, run by the service's own `MigrationsLive`; the tests of
 * migrations themselves start from an empty database, as before.
 */
export default async function setup(project: TestProject) {
  const db = await PGlite.create()
  const pool = new Pg.Pool({ ...createPgConfig(db), max: 1 })
  await Effect.runPromise(Effect.scoped(Layer.build(MigrationsLive.pipe(Layer.provide(PgClient.layerFromPool({ acquire: Effect.succeed(pool) }))))))
  await pool.end()
  const image = await db.dumpDataDir("none")
  await db.close()
  const dir = mkdtempSync(join(tmpdir(), "cns-pglite-image-"))
  const file = join(dir, "migrated.tar")
  writeFileSync(file, Buffer.from(await image.arrayBuffer()))
  project.provide("pgliteImage", file)
  return () => rmSync(dir, { recursive: true, force: true })
}
