import Pg from "pg"
import { inject } from "vitest"
import { randomToken } from "../../src/RandomIds.js"

export interface TestDatabase {
  readonly name: "pglite" | "postgres"
  /**
   * Makes a fresh, empty database for one suite and returns its URL and how to drop it; for PGlite,
   * also the migrated image a service may start it from (test/support/pgliteImage.ts).
   */
  readonly create: () => Promise<{ readonly url: string; readonly drop: () => Promise<void>; readonly memoryImage?: string }>
}

const pglite: TestDatabase = { name: "pglite", create: async () => ({ url: "memory://", drop: async () => {}, memoryImage: inject("pgliteImage") }) }

const postgres = (serverUrl: string): TestDatabase => ({
  name: "postgres",
  create: async () => {
    const name = `cns_test_${randomToken(12).toLowerCase()}`
    const admin = new Pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    return {
      url: url.toString(),
      drop: async () => {
        const client = new Pg.Client({ connectionString: serverUrl })
        await client.connect()
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await client.end()
      }
    }
  }
})

/** Every database suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: ReadonlyArray<TestDatabase> = process.env["TEST_DATABASE_URL"]
  ? [pglite, postgres(process.env["TEST_DATABASE_URL"])]
  : [pglite]
