import { SqlClient } from "@effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger, LogLevel, ManagedRuntime, Option, TestClock } from "effect"
import { ServerConfig, type Settings } from "../src/Config.js"
import { RateLimiter } from "../src/RateLimit/RateLimiter.js"
import { sharedBuckets } from "../src/RateLimit/SharedBuckets.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { databases, type TestDatabase } from "./support/databases.js"
import { testSettings } from "./support/service.js"

const limits = { readsPerMinute: 5, writesPerMinute: 4, sendSignPerMinute: 2 }
const allowed = { allowed: true }
const refused = (retryAfter: number) => ({ allowed: false, retryAfter })

type Limiter = Pick<RateLimiter, "take">

/** One process's limiter, chosen by its settings as src/Server.ts chooses it, on its own pool. */
const instance = (settings: Settings) =>
  ManagedRuntime.make(
    RateLimiter.layer.pipe(
      Layer.provideMerge(Layer.provideMerge(MigrationsLive, DatabaseLive)),
      Layer.provide(Layer.succeed(ServerConfig, { ...settings, rateLimits: limits }))
    )
  )
type Instance = ReturnType<typeof instance>

const rowsOf = (sql: SqlClient.SqlClient) => sql<{ bucket: string }>`SELECT bucket FROM shared_rate_limits`

/**
 * The rules every limiter keeps, however many share it: the requests go to the limiters in turn.
 * Reads: five a minute, one back every 12 seconds, never more than five saved up.
 */
const readsCounted = (limiters: ReadonlyArray<Limiter>, bucket: string) =>
  Effect.gen(function*() {
    const on = (i: number) => limiters[i % limiters.length]!.take(bucket, "read")
    for (let i = 0; i < 5; i++) expect(yield* on(i)).toEqual(allowed)
    expect(yield* on(5)).toEqual(refused(12))
    expect(yield* on(6)).toEqual(refused(12))
    // A refused request spends nothing: half a token is back after 6 seconds, a whole one after 12.
    yield* TestClock.adjust("6 seconds")
    expect(yield* on(7)).toEqual(refused(6))
    yield* TestClock.adjust("6 seconds")
    expect(yield* on(8)).toEqual(allowed)
    expect(yield* on(9)).toEqual(refused(12))
    yield* TestClock.adjust("10 minutes")
    for (let i = 0; i < 5; i++) expect(yield* on(i)).toEqual(allowed)
    expect(yield* on(5)).toEqual(refused(12))
  })

/** Send and sign: two a minute, each also one of the four writes, and a refused one spends from neither. */
const sendsCounted = (limiters: ReadonlyArray<Limiter>, bucket: string) =>
  Effect.gen(function*() {
    const on = (i: number, rateClass: "write" | "send_sign") => limiters[i % limiters.length]!.take(bucket, rateClass)
    expect(yield* on(0, "send_sign")).toEqual(allowed)
    expect(yield* on(1, "send_sign")).toEqual(allowed)
    expect(yield* on(2, "send_sign")).toEqual(refused(30))
    // The two sends took two of the four writes; the refused one took none.
    expect(yield* on(3, "write")).toEqual(allowed)
    expect(yield* on(4, "write")).toEqual(allowed)
    expect(yield* on(5, "write")).toEqual(refused(15))

    // With the writes spent, a send is refused though sends remain, and spends none of them.
    yield* TestClock.adjust("1 minute")
    for (let i = 0; i < 4; i++) expect(yield* on(i, "write")).toEqual(allowed)
    for (let i = 0; i < 3; i++) expect(yield* on(i, "send_sign")).toEqual(refused(15))
    yield* TestClock.adjust("15 seconds")
    expect(yield* on(0, "send_sign")).toEqual(allowed)
    yield* TestClock.adjust("15 seconds")
    expect(yield* on(1, "send_sign")).toEqual(allowed)
    expect(yield* on(2, "send_sign")).toEqual(refused(15))
  })

for (const database of databases) {
  describe(`rate limits of a process alone (${database.name})`, () => {
    let made: { readonly url: string; readonly drop: () => Promise<void> }
    let alone: Instance
    let limiter: Limiter
    let sql: SqlClient.SqlClient

    beforeAll(async () => {
      made = await database.create()
      // PGlite with a runner address is refused at start (src/Config.ts); built in code it must still count in memory.
      alone = instance(testSettings({ databaseUrl: Option.some(made.url), runnerAddress: database.name === "pglite" ? "localhost:1" : undefined }))
      limiter = await alone.runPromise(RateLimiter)
      sql = await alone.runPromise(SqlClient.SqlClient)
    })
    afterAll(async () => {
      await alone?.dispose()
      await made?.drop()
    })

    it.effect("counts reads in memory: the shared table stays empty", () =>
      Effect.gen(function*() {
        yield* readsCounted([limiter], "org:alone:live")
        expect(yield* rowsOf(sql)).toEqual([])
      }))

    it.effect("charges send and sign to both allowances, in memory", () =>
      Effect.gen(function*() {
        yield* sendsCounted([limiter], "org:alone_sends:live")
        expect(yield* rowsOf(sql)).toEqual([])
      }))

    // What a cluster runner would run, on this database too: the migration and the statement work on both.
    it.effect("the shared statement keeps the same count", () =>
      Effect.gen(function*() {
        const shared = sharedBuckets(sql, limits)
        yield* readsCounted([shared], "org:statement:live")
        yield* sendsCounted([shared], "org:statement_sends:live")
        expect((yield* rowsOf(sql)).map((row) => row.bucket).sort()).toEqual(
          ["org:statement:live", "org:statement_sends:live", "org:statement_sends:live"]
        )
      }))
  })
}

const postgres: TestDatabase | undefined = databases.find((database) => database.name === "postgres")

describe.skipIf(postgres === undefined)("rate limits shared between two runners (postgres)", () => {
  let made: { readonly url: string; readonly drop: () => Promise<void> }
  let a: Instance
  let b: Instance
  let both: ReadonlyArray<Limiter>
  let sql: SqlClient.SqlClient

  beforeAll(async () => {
    made = await postgres!.create()
    const settings = testSettings({ databaseUrl: Option.some(made.url), runnerAddress: "localhost:1" })
    // Two runners, each with its own pool: all they share is the database.
    a = instance(settings)
    await a.runtime()
    b = instance(settings)
    both = [await a.runPromise(RateLimiter), await b.runPromise(RateLimiter)]
    sql = await a.runPromise(SqlClient.SqlClient)
  })
  afterAll(async () => {
    await a?.dispose()
    await b?.dispose()
    await made?.drop()
  })

  it.effect("lets through the limit between them, not the limit each", () =>
    Effect.gen(function*() {
      yield* readsCounted(both, "org:two:live")
      expect((yield* rowsOf(sql)).map((row) => row.bucket)).toEqual(["org:two:live"])
    }))

  it.effect("charges send and sign to both allowances across the runners", () => sendsCounted(both, "org:two_sends:live"))

  it.effect("spends each token once when the runners take at the same moment, from a bucket's first request on", () =>
    Effect.gen(function*() {
      const burst = (bucket: string, rateClass: "read" | "send_sign", n: number) =>
        Effect.map(
          Effect.all(Array.from({ length: n }, (_, i) => both[i % 2]!.take(bucket, rateClass)), { concurrency: "unbounded" }),
          (answers) => answers.filter((answer) => answer.allowed).length
        )
      expect(yield* burst("org:race:live", "read", 30)).toBe(5)
      yield* TestClock.adjust("1 minute")
      expect(yield* burst("org:race:live", "read", 30)).toBe(5)
      // Sends race too, and each one let through took exactly one write.
      expect(yield* burst("org:race_sends:live", "send_sign", 20)).toBe(2)
      const writes = yield* Effect.all(Array.from({ length: 6 }, (_, i) => both[i % 2]!.take("org:race_sends:live", "write")), { concurrency: "unbounded" })
      expect(writes.filter((answer) => answer.allowed)).toHaveLength(2)
    }))

  it.effect("takes back no refilled token when a runner's clock is behind the others'", () =>
    Effect.gen(function*() {
      const [a, b] = both
      const bucket = "org:skew:live"
      yield* TestClock.setTime(60_000)
      for (let i = 0; i < 5; i++) expect(yield* a!.take(bucket, "read")).toEqual(allowed)
      // B's clock is 30 seconds behind A's: to B the bucket's last refill lies in the future.
      yield* TestClock.setTime(30_000)
      expect(yield* b!.take(bucket, "read")).toEqual(refused(12))
      // 12 seconds after A's last take, one token is back: no more, no fewer.
      yield* TestClock.setTime(72_000)
      expect(yield* a!.take(bucket, "read")).toEqual(allowed)
      expect(yield* b!.take(bucket, "read")).toEqual(refused(12))
    }))

  it.effect("lets requests through, and says so, when the database cannot answer", () =>
    Effect.gen(function*() {
      const warnings: Array<string> = []
      const collect = Logger.make(({ logLevel, message }) => {
        if (logLevel === LogLevel.Warning) warnings.push(String(message))
      })
      yield* sql`ALTER TABLE shared_rate_limits RENAME TO shared_rate_limits_away`
      const answers = yield* Effect.all(Array.from({ length: 8 }, (_, i) => both[i % 2]!.take("org:hiccup:live", "read"))).pipe(
        Effect.provide(Logger.add(collect)),
        Effect.ensuring(Effect.orDie(sql`ALTER TABLE shared_rate_limits_away RENAME TO shared_rate_limits`))
      )
      expect(answers).toEqual(Array.from({ length: 8 }, () => allowed))
      expect(warnings).toHaveLength(8)
      expect(warnings[0]).toContain("the shared rate limit could not be read")
      // Back, it counts again.
      yield* readsCounted(both, "org:hiccup:live")
    }))
})
