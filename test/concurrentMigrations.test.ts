import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect, Exit, Layer, Option } from "effect"
import { ServerConfig } from "../src/Config.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { migrations } from "../migrations/index.js"
import { databases } from "./support/databases.js"
import { testSettings } from "./support/service.js"

// Processes sharing one PostgreSQL (issue 16) start together, each migrating at start. Three
// first starts on an empty database raced in six of eight tries before the advisory lock; each
// starter here has its own connection pool, as a process would.
for (const database of databases.filter((d) => d.name === "postgres")) {
  describe(`migrations run by several starters at once (${database.name})`, () => {
    it("migrate an empty database once, whoever comes first, the others waiting and finding nothing left", { timeout: 120_000 }, async () => {
      for (let round = 0; round < 4; round++) {
        const fresh = await database.create()
        const starter = () =>
          Layer.provide(MigrationsLive, DatabaseLive).pipe(Layer.provide(Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(fresh.url) }))))
        try {
          const exits = await Promise.all([1, 2, 3].map(() => Effect.runPromiseExit(Effect.scoped(Layer.build(starter())))))
          expect(exits.map(Exit.isSuccess), `round ${round}`).toEqual([true, true, true])
          const applied = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
            const context = yield* Layer.build(Layer.provide(DatabaseLive, Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(fresh.url) }))))
            const sql = Effect.provide(SqlClient.SqlClient, context)
            return yield* Effect.flatMap(sql, (client) => client<{ name: string }>`SELECT name FROM effect_sql_migrations ORDER BY migration_id`)
          })))
          expect(applied.map((row) => row.name)).toEqual(Object.keys(migrations).map((name) => name.replace(/^\d+_/, "")))
        } finally {
          await fresh.drop()
        }
      }
    })
  })
}
