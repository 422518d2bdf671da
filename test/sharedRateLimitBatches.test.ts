import { SqlClient } from "@effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, ManagedRuntime, Option, TestClock } from "effect"
import { ServerConfig } from "../src/Config.js"
import { sharedBuckets } from "../src/RateLimit/SharedBuckets.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { databases } from "./support/databases.js"
import { testSettings } from "./support/service.js"

// 600 reads a minute: a runner takes 12 at once (a fiftieth), and one comes back every 100 ms.
const limits = { readsPerMinute: 600, writesPerMinute: 600, sendSignPerMinute: 120 }
const allowed = { allowed: true }

/** A runner's pool with the migrations run: all two runners share is the database. */
const pool = (url: string) =>
  ManagedRuntime.make(
    Layer.provideMerge(MigrationsLive, DatabaseLive).pipe(
      Layer.provide(Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(url), rateLimits: limits })))
    )
  )

/** A runner's shared limiter over `sql`, counting the statements it runs. */
const runner = (sql: SqlClient.SqlClient) => {
  let statements = 0
  const counting = new Proxy(sql, {
    apply: (target, self, args) => {
      statements++
      return Reflect.apply(target, self, args)
    }
  })
  return { ...sharedBuckets(counting, limits), statements: () => statements }
}
type Runner = ReturnType<typeof runner>

const tokensOf = (sql: SqlClient.SqlClient, bucket: string, rateClass = "read") =>
  Effect.map(sql<{ tokens: number }>`SELECT tokens FROM shared_rate_limits WHERE bucket = ${bucket} AND class = ${rateClass}`, (rows) => rows[0]!.tokens)

/** The bucket's row as a test wants it: `tokens` left at `at`. */
const setRow = (sql: SqlClient.SqlClient, bucket: string, tokens: number, at: number) =>
  sql`UPDATE shared_rate_limits SET tokens = ${tokens}, at = ${at} WHERE bucket = ${bucket}`

const reads = (limiter: Runner, bucket: string, n: number) =>
  Effect.map(
    Effect.all(Array.from({ length: n }, () => limiter.take(bucket, "read")), { concurrency: "unbounded" }),
    (answers) => answers.filter((answer) => answer.allowed).length
  )

for (const database of databases) {
  describe(`shared rate limits spent in batches (${database.name})`, () => {
    let made: { readonly url: string; readonly drop: () => Promise<void> }
    let a: ReturnType<typeof pool>
    let b: ReturnType<typeof pool> | undefined
    let sql: SqlClient.SqlClient
    let otherSql: SqlClient.SqlClient

    beforeAll(async () => {
      made = await database.create()
      a = pool(made.url)
      sql = await a.runPromise(SqlClient.SqlClient)
      // PGlite is one process's: its second runner shares the client, as it could not share the database otherwise.
      b = database.name === "postgres" ? pool(made.url) : undefined
      otherSql = b === undefined ? sql : await b.runPromise(SqlClient.SqlClient)
    })
    afterAll(async () => {
      await b?.dispose()
      await a?.dispose()
      await made?.drop()
    })

    it.effect("a busy bucket runs a statement per batch of twelve, not per request", () =>
      Effect.gen(function*() {
        const limiter = runner(sql)
        for (let i = 0; i < 120; i++) expect(yield* limiter.take("org:busy:live", "read")).toEqual(allowed)
        // Ten batches, and once the statement that made the row.
        expect(limiter.statements()).toBe(11)
        expect(yield* tokensOf(sql, "org:busy:live")).toBe(480)

        // At the limit's own pace, ten a second, each batch is spent or given back within its second.
        const steady = runner(sql)
        for (let i = 0; i < 600; i++) {
          expect(yield* steady.take("org:steady:live", "read")).toEqual(allowed)
          yield* TestClock.adjust("100 millis")
        }
        expect(steady.statements()).toBe(61)

        // A send spends a write too: its batch is the smaller of the two (two sends), taken from both rows alike.
        const sends = runner(sql)
        for (let i = 0; i < 4; i++) expect(yield* sends.take("org:sends:live", "send_sign")).toEqual(allowed)
        expect(sends.statements()).toBe(3)
        expect([yield* tokensOf(sql, "org:sends:live", "write"), yield* tokensOf(sql, "org:sends:live", "send_sign")]).toEqual([596, 116])
      }))

    it.effect("requests finding the reservoir empty wait for one statement, and share its refusal", () =>
      Effect.gen(function*() {
        const limiter = runner(sql)
        const bucket = "org:crowd:live"
        for (let i = 0; i < 12; i++) expect(yield* limiter.take(bucket, "read")).toEqual(allowed)
        expect(limiter.statements()).toBe(2)
        expect(yield* reads(limiter, bucket, 12)).toBe(12)
        expect(limiter.statements()).toBe(3)
        // Thirty at once: three batches of twelve, six left in the reservoir.
        expect(yield* reads(limiter, bucket, 30)).toBe(30)
        expect(limiter.statements()).toBe(6)
        expect(yield* tokensOf(sql, bucket)).toBe(600 - 12 - 12 - 36)

        yield* TestClock.adjust("1 second")
        yield* setRow(sql, bucket, 0, 1_000)
        const answers = yield* Effect.all(Array.from({ length: 20 }, () => limiter.take(bucket, "read")), { concurrency: "unbounded" })
        // The six held are expired and go back: six let through, then one refusal for the rest of the crowd.
        expect(answers.filter((answer) => answer.allowed)).toHaveLength(6)
        expect(answers.filter((answer) => !answer.allowed)).toEqual(Array.from({ length: 14 }, () => ({ allowed: false, retryAfter: 1 })))
        expect(limiter.statements()).toBe(8)
      }))

    it.effect("unspent tokens are spendable for a second, then given back; a reservoir idle for a minute is forgotten", () =>
      Effect.gen(function*() {
        const limiter = runner(sql)
        const bucket = "org:expiry:live"
        expect(yield* limiter.take(bucket, "read")).toEqual(allowed)
        // Eleven held here; the shared row is emptied, so what comes back is what this runner gives back.
        yield* setRow(sql, bucket, 0, 0)
        yield* TestClock.adjust("999 millis")
        expect(yield* limiter.take(bucket, "read")).toEqual(allowed)
        expect(limiter.statements()).toBe(2)
        yield* TestClock.adjust("1 milli")
        expect(yield* limiter.take(bucket, "read")).toEqual(allowed)
        expect(limiter.statements()).toBe(3)
        // Ten given back and ten refilled in the second: twelve taken, eight left.
        expect(yield* tokensOf(sql, bucket)).toBe(8)

        // After a pause the eleven held are stale: not spent here, but given back with the refill.
        yield* TestClock.adjust("30 seconds")
        expect(yield* limiter.take(bucket, "read")).toEqual(allowed)
        expect(limiter.statements()).toBe(4)
        expect(yield* tokensOf(sql, bucket)).toBe(8 + 11 + 300 - 12)

        // Untouched for a minute, the reservoir is gone: nothing comes back to an empty row.
        yield* TestClock.adjust("61 seconds")
        yield* setRow(sql, bucket, 0, 92_000)
        expect(yield* limiter.take(bucket, "read")).toEqual({ allowed: false, retryAfter: 1 })

        // Given back once: the one token left comes back for the request that found it stale, and no more.
        const once = "org:expiry_once:live"
        for (let i = 0; i < 11; i++) expect(yield* limiter.take(once, "read")).toEqual(allowed)
        yield* TestClock.adjust("1 second")
        yield* setRow(sql, once, 0, 93_000)
        expect(yield* limiter.take(once, "read")).toEqual(allowed)
        expect(yield* limiter.take(once, "read")).toEqual({ allowed: false, retryAfter: 1 })

        // A clock set back does not stretch a reservoir's life: its tokens go back rather than being spent here.
        expect(yield* limiter.take("org:expiry_back:live", "read")).toEqual(allowed)
        const before = limiter.statements()
        yield* TestClock.setTime(92_500)
        expect(yield* limiter.take("org:expiry_back:live", "read")).toEqual(allowed)
        expect(limiter.statements()).toBe(before + 1)
      }))

    it.effect("two runners together never let through more than the allowance", () =>
      Effect.gen(function*() {
        const both = [runner(sql), runner(otherSql)]
        const bucket = "org:pair:live"
        const burst = (n: number) => Effect.map(Effect.all(both.map((limiter) => reads(limiter, bucket, n)), { concurrency: "unbounded" }), ([x, y]) => x! + y!)
        // A full bucket at once: never past 600, and short of it by at most what one runner still holds.
        let admitted = yield* burst(500)
        expect(admitted).toBeLessThanOrEqual(600)
        expect(admitted).toBeGreaterThanOrEqual(600 - 11)
        // Then a minute of crowds four times the refill: never past the 600 and what has refilled since.
        for (let ms = 500; ms <= 60_000; ms += 500) {
          yield* TestClock.adjust("500 millis")
          admitted += yield* burst(10)
          expect(admitted).toBeLessThanOrEqual(600 + ms / 100)
        }
        expect(admitted).toBeGreaterThanOrEqual(1200 - 2 * 12 - 5)
      }))
  })
}
