import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { type Context, Effect, Exit, Layer, Option } from "effect"
import { ServerConfig } from "../src/Config.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { migrations } from "../migrations/index.js"
import { databases } from "./support/databases.js"
import { testSettings } from "./support/service.js"

const databaseAt = (url: string) => DatabaseLive.pipe(Layer.provide(Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(url) }))))

const appliedNames = (context: Context.Context<SqlClient.SqlClient>) =>
  Effect.runPromise(Effect.provide(
    Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ name: string }>`SELECT name FROM effect_sql_migrations ORDER BY migration_id`),
    context
  ))

// Processes sharing one PostgreSQL (issue 16) start together, each migrating at start. Three
// first starts on an empty database raced in six of eight tries before the advisory lock; each
// starter has its own connection pool there, as a process would. The embedded database is one
// process: its starters share its one connection, and must still migrate once.
for (const database of databases) {
  describe(`migrations run by several starters at once (${database.name})`, () => {
    it("migrate an empty database once, whoever comes first, the others waiting and finding nothing left", { timeout: 120_000 }, async () => {
      // The race is between pools, so PostgreSQL gets the rounds; one shows the embedded path works.
      for (let round = 0; round < (database.name === "postgres" ? 4 : 1); round++) {
        const fresh = await database.create({ empty: true })
        try {
          const exits = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
            const shared = database.name === "pglite" ? yield* Layer.build(databaseAt(fresh.url)) : undefined
            const starter = () =>
              Layer.build(
                shared === undefined ? Layer.provide(MigrationsLive, databaseAt(fresh.url)) : Layer.provide(MigrationsLive, Layer.succeedContext(shared))
              )
            const results = yield* Effect.all([starter(), starter(), starter()].map(Effect.exit), { concurrency: "unbounded" })
            const context = shared ?? (yield* Layer.build(databaseAt(fresh.url)))
            return { results, applied: yield* Effect.promise(() => appliedNames(context)) }
          })))
          expect(exits.results.map(Exit.isSuccess), `round ${round}`).toEqual([true, true, true])
          expect(exits.applied.map((row) => row.name)).toEqual(Object.keys(migrations).map((name) => name.replace(/^\d+_/, "")))
        } finally {
          await fresh.drop()
        }
      }
    })
  })
}
