// What one SQL statement costs the service's process, through @effect/sql-pg (as the service runs
// it) against the bare `pg` client, one statement at a time on PostgreSQL:
//   npx tsx bench/sqlOverhead.ts [postgres://…]
// A reply commit runs 12 statements, a sheet read 3, so this per-statement cost adds up.
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
import Pg from "pg"

const url = process.argv[2] ?? process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres"
const count = 3000
const text = "SELECT id, name FROM (VALUES ($1::text, 'x')) t(id, name) WHERE id = $1"
const cpuMicros = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}
const report = (label: string, cpu0: number, t0: number) =>
  console.log(`${label}: ${((performance.now() - t0) / count * 1000).toFixed(0)} µs wall, ${((cpuMicros() - cpu0) / count).toFixed(0)} µs CPU per statement`)

const pool = new Pg.Pool({ connectionString: url, max: 4 })
for (let i = 0; i < 300; i++) await pool.query(text, ["a"])
let cpu0 = cpuMicros()
let t0 = performance.now()
for (let i = 0; i < count; i++) await pool.query(text, ["a"])
report("pg", cpu0, t0)
await pool.end()

await Effect.runPromise(
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const one = (id: string) => sql`SELECT id, name FROM (VALUES (${id}::text, 'x')) t(id, name) WHERE id = ${id}`
    for (let i = 0; i < 300; i++) yield* one("a")
    cpu0 = cpuMicros()
    t0 = performance.now()
    for (let i = 0; i < count; i++) yield* one("a")
    report("@effect/sql-pg", cpu0, t0)
  }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 20 })), Effect.scoped)
)
