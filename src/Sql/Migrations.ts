import { SqlClient } from "@effect/sql"
import * as Migrator from "@effect/sql/Migrator"
import { Effect, Layer } from "effect"
import { migrations } from "../../migrations/index.js"

const run = Migrator.make({})

// Any fixed number: the key of the one advisory lock every process takes before it migrates.
const migrationLock = 720_115_001

/**
 * The migrations, run at start. Processes sharing one PostgreSQL may start together: the
 * migrator's own table lock comes after it creates its table, and two first starts raced there
 * (a duplicate-key error on the catalog, and a process that never came up). So the whole run
 * holds a transaction-scoped advisory lock: the first migrates, the others wait, then find
 * nothing left to do. PGlite is one process, but takes the same path.
 */
export const MigrationsLive = Layer.effectDiscard(Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const migrate = run({ loader: Migrator.fromRecord(migrations) })
  yield* sql.onDialectOrElse({
    pg: () =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`SELECT pg_advisory_xact_lock(${migrationLock})`
        // The migrator's own table, made as it would make it: its probe for the table is a failing
        // statement, which would abort this transaction if the table were not there yet.
        yield* sql`CREATE TABLE IF NOT EXISTS effect_sql_migrations (
          migration_id integer primary key,
          created_at timestamp with time zone not null default now(),
          name text not null
        )`
        yield* migrate
      })),
    orElse: () => migrate
  })
}))
