import { inject } from "vitest"
import { randomToken } from "../../src/RandomIds.js"
import { onServer } from "./migratedDatabases.js"

export interface Made {
  readonly url: string
  readonly drop: () => Promise<void>
  /** For PGlite: the migrated image a service may start it from (unless asked for an empty one). */
  readonly memoryImage?: string
}

export interface TestDatabase {
  readonly name: "pglite" | "postgres"
  /**
   * Makes a fresh database for one suite and returns its URL and how to drop it. It starts migrated
   * (test/support/migratedDatabases.ts) unless `empty` asks for the state before any migration.
   */
  readonly create: (options?: { readonly empty?: boolean }) => Promise<Made>
}

const pglite: TestDatabase = {
  name: "pglite",
  create: async (options) => ({ url: "memory://", drop: async () => {}, ...(options?.empty ? {} : { memoryImage: inject("pgliteImage") }) })
}

const postgres = (serverUrl: string): TestDatabase => ({
  name: "postgres",
  create: async (options) => {
    const name = `${inject("databasePrefix") ?? "cns_test_"}${randomToken(12).toLowerCase()}`
    // No template without the run's global setup (a file run on its own with another config).
    const template = options?.empty ? undefined : inject("postgresTemplate")
    await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
  }
})

/** Every database suite runs on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. */
export const databases: ReadonlyArray<TestDatabase> = process.env["TEST_DATABASE_URL"]
  ? [pglite, postgres(process.env["TEST_DATABASE_URL"])]
  : [pglite]
