import type { SqlClient } from "@effect/sql"
import { Layer, ManagedRuntime, Option } from "effect"
import { ServerConfig } from "../../src/Config.js"
import { DatabaseLive } from "../../src/Sql/Database.js"
import { MigrationsLive } from "../../src/Sql/Migrations.js"
import type { TestDatabase } from "./databases.js"
import { testSettings } from "./service.js"

export interface RuntimeOnDatabase<R> {
  readonly runtime: ManagedRuntime.ManagedRuntime<R | SqlClient.SqlClient, unknown>
  /** Disposes the runtime and drops the database. */
  readonly stop: () => Promise<void>
}

/** Services built on a fresh, migrated test database, for tests below the HTTP edge. */
export const runtimeOnDatabase = async <R>(
  database: TestDatabase,
  services: Layer.Layer<R, unknown, SqlClient.SqlClient>
): Promise<RuntimeOnDatabase<R>> => {
  const made = await database.create()
  const config = Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(made.url) }))
  const sql = Layer.provideMerge(MigrationsLive, DatabaseLive).pipe(Layer.provide(config))
  const runtime = ManagedRuntime.make(Layer.provideMerge(services, sql))
  return {
    runtime,
    stop: async () => {
      await runtime.dispose()
      await made.drop()
    }
  }
}
