import { SqlClient } from "@effect/sql"
import type { PgClient } from "@effect/sql-pg"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, ManagedRuntime, Option, Queue, Ref, Schedule } from "effect"
import { AdminRepo } from "../src/Admin/Repo.js"
import { AuthCache } from "../src/Auth/Cache.js"
import { AuthRepo } from "../src/Auth/Repo.js"
import { hashSecret } from "../src/Auth/Secrets.js"
import { alone, ClusterSignals, coalesced, type Signal, type SignalTimings, type Signals } from "../src/Cluster/Signals.js"
import { ServerConfig, type Settings } from "../src/Config.js"
import { Appended } from "../src/Doorbells/Appended.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { databases, type TestDatabase } from "./support/databases.js"
import { testSettings } from "./support/service.js"

type Services = AuthCache | Appended | AdminRepo | ClusterSignals | SqlClient.SqlClient

/** The services that keep per-process state, wired as src/Server.ts wires them, on their own pool. */
const instance = (settings: Settings, signals: Layer.Layer<ClusterSignals, never, ServerConfig | PgClient.PgClient>) =>
  ManagedRuntime.make(
    Layer.mergeAll(AuthCache.Default.pipe(Layer.provide(AuthRepo.Default)), Appended.Default, AdminRepo.Default).pipe(
      Layer.provideMerge(signals),
      Layer.provideMerge(Layer.provideMerge(MigrationsLive, DatabaseLive)),
      Layer.provide(Layer.succeed(ServerConfig, settings))
    )
  )
type Instance = ReturnType<typeof instance>

// The notice is asynchronous: look again until it has landed, but never longer than this.
const bounded = Duration.seconds(3)
const untilTrue = <E>(check: Effect.Effect<boolean, E>) =>
  Effect.repeat(check, { until: (done) => done, schedule: Schedule.spaced("20 millis") }).pipe(
    Effect.timeoutFail({ duration: bounded, onTimeout: () => new Error("the notice never landed") })
  )

// A ring already waiting (every runner rings its own bell once it starts hearing) is taken first.
const drainBell = Effect.flatMap(Appended, (appended) => Effect.timeoutOption(appended.heard, "50 millis"))

/** A stand-in for the signals: what was published, and the handlers registered to hear others. */
const recording = Effect.gen(function*() {
  const published = yield* Ref.make<ReadonlyArray<string>>([])
  const heard = yield* Ref.make<ReadonlyArray<readonly [string, Effect.Effect<void>]>>([])
  const signal = (name: string): Signal => ({
    publish: Ref.update(published, (all) => [...all, name]),
    publishSoon: Ref.update(published, (all) => [...all, `${name} soon`]),
    onHeard: (handler) => Ref.update(heard, (all) => [...all, [name, handler] as const])
  })
  const signals: Signals = { acrossRunners: true, credentialsRevoked: signal("revoked"), appended: signal("appended"), hearing: Effect.void }
  /** What another runner's notice of `name` would do here. */
  const hear = (name: string) => Effect.flatMap(Ref.get(heard), (all) => Effect.forEach(all.filter(([n]) => n === name), ([, h]) => h, { discard: true }))
  return { signals, published, hear }
})

describe("coalesced publishing", () => {
  it.scoped("keeps one publish in flight and folds everything asked meanwhile into exactly one more", () =>
    Effect.gen(function*() {
      const started = yield* Ref.make(0)
      const gate = yield* Queue.unbounded<void>()
      const publishSoon = yield* coalesced(Effect.zipRight(Ref.update(started, (n) => n + 1), Queue.take(gate)))
      const settle = Effect.repeatN(Effect.yieldNow(), 50)

      yield* publishSoon
      yield* settle
      expect(yield* Ref.get(started)).toBe(1)
      // Asked five times while the first is in flight: none starts yet.
      yield* Effect.repeatN(publishSoon, 4)
      yield* settle
      expect(yield* Ref.get(started)).toBe(1)
      // The first done, the five go out as one.
      yield* Queue.offer(gate, undefined)
      yield* settle
      expect(yield* Ref.get(started)).toBe(2)
      yield* Queue.offer(gate, undefined)
      yield* settle
      expect(yield* Ref.get(started)).toBe(2)
    }))

  it.effect("is alone when nothing provides the signals: nothing told, nothing heard", () =>
    Effect.gen(function*() {
      const signals = yield* ClusterSignals
      expect(signals).toBe(alone)
      expect(signals.acrossRunners).toBe(false)
    }))
})

for (const database of databases) {
  describe(`cluster signals on one process (${database.name})`, () => {
    let made: { readonly url: string; readonly drop: () => Promise<void> }
    let running: Instance

    beforeAll(async () => {
      made = await database.create()
      // PGlite with a runner address is refused at start (src/Config.ts); built in code it must still stay alone.
      const settings = testSettings({ databaseUrl: Option.some(made.url), runnerAddress: database.name === "pglite" ? "localhost:1" : undefined })
      running = instance(settings, ClusterSignals.layer)
      await running.runtime()
    })
    afterAll(async () => {
      await running.dispose()
      await made.drop()
    })
    const run = <A>(effect: Effect.Effect<A, unknown, Services>) => running.runPromise(effect)

    it("listens to nothing and holds no connection for it", () =>
      run(Effect.gen(function*() {
        const signals = yield* ClusterSignals
        expect(signals.acrossRunners).toBe(false)
        yield* signals.hearing
        const sql = yield* SqlClient.SqlClient
        if (database.name === "pglite") {
          // PGlite is one session: whatever LISTENed would show here.
          expect(yield* sql`SELECT pg_listening_channels() AS channel`).toEqual([])
        } else {
          const listeners = yield* sql`
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen%'`
          expect(listeners).toEqual([])
        }
      })))

    it("still rings the bell and forgets revoked keys in the process", () =>
      run(Effect.gen(function*() {
        const appended = yield* Appended
        yield* appended.ring
        yield* Effect.timeoutFail(appended.heard, { duration: bounded, onTimeout: () => new Error("not rung") })

        const admin = yield* AdminRepo
        const cache = yield* AuthCache
        const org = yield* admin.createOrg("Alone Ltd", [], ["contracts:read"])
        const hash = hashSecret(org.keys.live)
        expect(Option.isSome(yield* cache.findLiveKey(hash))).toBe(true)
        yield* admin.revokeKey(org.key_ids.live)
        expect(Option.isSome(yield* cache.findLiveKey(hash))).toBe(true)
        yield* cache.forgetKeys
        expect(Option.isNone(yield* cache.findLiveKey(hash))).toBe(true)
      })))

    it("tells the others of a ring or a revocation, and acts on theirs here only, never telling again", async () => {
      const fake = await Effect.runPromise(recording)
      const withFake = instance(testSettings({ databaseUrl: Option.some(made.url) }), Layer.succeed(ClusterSignals, fake.signals))
      try {
        await withFake.runPromise(Effect.gen(function*() {
          const appended = yield* Appended
          const cache = yield* AuthCache
          const admin = yield* AdminRepo
          yield* appended.ring
          yield* appended.heard
          yield* cache.forgetKeys
          expect(yield* Ref.get(fake.published)).toEqual(["appended soon", "revoked"])

          // Another runner's ring rings this bell; its revocation empties this cache.
          yield* fake.hear("appended")
          yield* Effect.timeoutFail(appended.heard, { duration: bounded, onTimeout: () => new Error("not rung") })
          const org = yield* admin.createOrg("Echo Ltd", [], ["contracts:read"])
          const hash = hashSecret(org.keys.live)
          expect(Option.isSome(yield* cache.findLiveKey(hash))).toBe(true)
          yield* admin.revokeKey(org.key_ids.live)
          yield* fake.hear("revoked")
          expect(Option.isNone(yield* cache.findLiveKey(hash))).toBe(true)
          // Neither was told on: no echo between runners.
          expect(yield* Ref.get(fake.published)).toEqual(["appended soon", "revoked"])
        }))
      } finally {
        await withFake.dispose()
      }
    })
  })
}

const postgres: TestDatabase | undefined = databases.find((database) => database.name === "postgres")

// Quick enough that a lost listen connection is noticed within the test's bound.
const testTimings: SignalTimings = {
  heartbeat: Duration.millis(200),
  pingTimeout: Duration.seconds(1),
  relistenAfter: Duration.millis(100),
  publishTimeout: Duration.seconds(5)
}

describe.skipIf(postgres === undefined)("cluster signals between two runners (postgres)", () => {
  let made: { readonly url: string; readonly drop: () => Promise<void> }
  let a: Instance
  let b: Instance

  beforeAll(async () => {
    made = await postgres!.create()
    const settings = testSettings({ databaseUrl: Option.some(made.url), runnerAddress: "localhost:1" })
    // One after the other: the first migrates, the second finds it done. Each has its own pool.
    a = instance(settings, ClusterSignals.layerWith(testTimings))
    await a.runtime()
    b = instance(settings, ClusterSignals.layerWith(testTimings))
    await b.runtime()
  })
  afterAll(async () => {
    await a?.dispose()
    await b?.dispose()
    await made?.drop()
  })

  const hearing = (runner: Instance) => runner.runPromise(Effect.flatMap(ClusterSignals, (signals) => signals.hearing).pipe(Effect.timeout("10 seconds")))

  /** A ring on `from` wakes `to`'s bell, which nothing else rings meanwhile. */
  const ringHeard = async (from: Instance, to: Instance) => {
    await to.runPromise(drainBell)
    await from.runPromise(Effect.flatMap(Appended, (appended) => appended.ring))
    return to.runPromise(Effect.flatMap(Appended, (appended) => Effect.timeoutOption(appended.heard, bounded)))
  }

  it("listens on one connection per runner in cluster mode", async () => {
    await hearing(a)
    await hearing(b)
    const channels = await a.runPromise(Effect.gen(function*() {
      const signals = yield* ClusterSignals
      expect(signals.acrossRunners).toBe(true)
      const sql = yield* SqlClient.SqlClient
      // Two runners, each with one listen connection.
      return yield* sql<{ count: number }>`
        SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen%'`
    }))
    expect(channels).toEqual([{ count: 2 }])
  })

  it("wakes the other runner's bell when one rings", async () => {
    await hearing(a)
    await hearing(b)
    expect(Option.isSome(await ringHeard(a, b))).toBe(true)
    expect(Option.isSome(await ringHeard(b, a))).toBe(true)
  })

  it("makes the other runner refuse a revoked key and person token at once, well inside its cache's five seconds", async () => {
    await hearing(a)
    await hearing(b)
    const org = await a.runPromise(
      Effect.flatMap(AdminRepo, (admin) => admin.createOrg("Two Runners Ltd", [{ name: "Ada", email: "ada@two.test" }], ["contracts:read"]))
    )
    const token = await a.runPromise(Effect.flatMap(AdminRepo, (admin) => admin.addPersonToken(org.people[0]!.id, org.org_id, "live", ["contracts:read"])))
    const keyHash = hashSecret(org.keys.live)
    const tokenHash = hashSecret(token.token)
    const onB = <A>(f: (cache: AuthCache) => Effect.Effect<A>) => b.runPromise(Effect.flatMap(AuthCache, f))

    // B trusts both, and its cache keeps trusting them once the rows are revoked behind its back.
    expect(Option.isSome(await onB((cache) => cache.findLiveKey(keyHash)))).toBe(true)
    expect(Option.isSome(await onB((cache) => cache.findLiveToken(tokenHash)))).toBe(true)
    const cachedAt = Date.now()
    await a.runPromise(Effect.flatMap(AdminRepo, (admin) => Effect.zip(admin.revokeKey(org.key_ids.live), admin.revokePersonToken(token.id))))
    expect(Option.isSome(await onB((cache) => cache.findLiveKey(keyHash)))).toBe(true)
    expect(Option.isSome(await onB((cache) => cache.findLiveToken(tokenHash)))).toBe(true)

    // A forgets, as the admin API does after a revocation; B hears and asks the database again.
    await a.runPromise(Effect.flatMap(AuthCache, (cache) => cache.forgetKeys))
    await onB((cache) =>
      untilTrue(Effect.map(Effect.zip(cache.findLiveKey(keyHash), cache.findLiveToken(tokenHash)), ([key, tok]) => Option.isNone(key) && Option.isNone(tok)))
        .pipe(Effect.orDie)
    )
    expect(Date.now() - cachedAt).toBeLessThan(5_000)
  })

  it("notices a dropped listen connection, listens again and hears the other runner after", async () => {
    await hearing(a)
    await hearing(b)
    const killed = await a.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ pid: number }>`
        SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query ILIKE 'listen%'`))
    expect(killed).toHaveLength(2)
    const pids = killed.map((row) => row.pid)
    // Each runner's heartbeat finds its ping unheard and makes a new listen connection.
    await a.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      untilTrue(Effect.map(
        sql<{ pid: number }>`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen%'`,
        (rows) => rows.length === 2 && rows.every((row) => !pids.includes(row.pid))
      )).pipe(Effect.orDie)))
    await hearing(a)
    await hearing(b)
    expect(Option.isSome(await ringHeard(a, b))).toBe(true)
  })
})
