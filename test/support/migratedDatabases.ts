import { PGlite } from "@electric-sql/pglite"
import { createPgConfig } from "@electric-sql/pglite/node-postgres"
import type { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Pg from "pg"
import type { TestProject } from "vitest/node"
import { randomToken } from "../../src/RandomIds.js"
import { MigrationsLive } from "../../src/Sql/Migrations.js"

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite image every `memory://` service of this run starts from (test/support/databases.ts). */
    readonly pgliteImage: string
    /** The migrated PostgreSQL database every fresh test database of this run is copied from; "" without TEST_DATABASE_URL. */
    readonly postgresTemplate: string
    /** The prefix of every PostgreSQL database this run makes, so the run's end drops those a worker left. */
    readonly databasePrefix: string
  }
}

const migrate = (client: Layer.Layer<SqlClient.SqlClient, unknown>) => Effect.runPromise(Effect.scoped(Layer.build(MigrationsLive.pipe(Layer.provide(client)))))

/**
 * Made once per run, before any test file: a PGlite database with every migration applied, dumped
 * to a file, and on PostgreSQL a migrated database to copy. A PGlite start otherwise runs initdb in
 * WebAssembly and then every migration, seconds of CPU each time, in each of a hundred describe
 * blocks; loading the image takes a fraction of it. On PostgreSQL, `CREATE DATABASE … TEMPLATE`
 * copies the migrated files instead of running two dozen migrations per start. The migrations are
 * the code under test, run by the service's own `MigrationsLive`; the tests of migrations
 * themselves start from an empty database (`create({ empty: true })`).
 */
export default async function setup(project: TestProject) {
  const db = await PGlite.create()
  const pool = new Pg.Pool({ ...createPgConfig(db), max: 1 })
  await migrate(PgClient.layerFromPool({ acquire: Effect.succeed(pool) }))
  await pool.end()
  const image = await db.dumpDataDir("none")
  await db.close()
  const dir = mkdtempSync(join(tmpdir(), "cns-pglite-image-"))
  const file = join(dir, "migrated.tar")
  writeFileSync(file, Buffer.from(await image.arrayBuffer()))
  project.provide("pgliteImage", file)
  const serverUrl = process.env["TEST_DATABASE_URL"]
  const template = await postgresTemplate(serverUrl)
  project.provide("postgresTemplate", template?.name ?? "")
  const prefix = `cns_test_${randomToken(6).toLowerCase()}_`
  project.provide("databasePrefix", prefix)
  return async () => {
    rmSync(dir, { recursive: true, force: true })
    await template?.drop()
    if (serverUrl) await dropAll(serverUrl, prefix)
  }
}

/** Drops what the run's files left: a worker's shared service keeps its database until the worker ends. */
const dropAll = async (serverUrl: string, prefix: string) => {
  const admin = new Pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    const left = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [prefix])
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
  } finally {
    await admin.end()
  }
}

/** A migrated database on the test server, with no connection left open on it (a template must have none). */
const postgresTemplate = async (serverUrl: string | undefined) => {
  if (serverUrl === undefined || serverUrl === "") return undefined
  const name = `cns_template_${randomToken(12).toLowerCase()}`
  await onServer(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  await migrate(PgClient.layer({ url: Redacted.make(url.toString()), maxConnections: 1 }))
  return { name, drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

/** Runs one statement on the test server's own database (CREATE and DROP DATABASE cannot run inside the one they name). */
export const onServer = async (serverUrl: string, statement: string) => {
  const admin = new Pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}
