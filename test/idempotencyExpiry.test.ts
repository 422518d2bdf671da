import { HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, TestClock } from "effect"
import { ServerConfig } from "../src/Config.js"
import { Idempotency } from "../src/Idempotency/Idempotency.js"
import { IdempotencyRepo } from "../src/Idempotency/Repo.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { databases, type TestDatabase } from "./support/databases.js"
import { testSettings } from "./support/service.js"

/** Runs a test against the idempotency service alone on a fresh database, on the TestClock. */
const onFreshDatabase = <A>(database: TestDatabase, test: Effect.Effect<A, never, Idempotency | SqlClient.SqlClient>) =>
  Effect.gen(function*() {
    const { url, drop } = yield* Effect.promise(() => database.create())
    yield* Effect.addFinalizer(() => Effect.promise(drop))
    const storage = Layer.provideMerge(MigrationsLive, DatabaseLive).pipe(
      Layer.provide(Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(url) })))
    )
    return yield* Effect.provide(test, Idempotency.Default.pipe(Layer.provideMerge(IdempotencyRepo.Default), Layer.provideMerge(storage)))
  })

const answer = (n: number) => Effect.succeed(HttpServerResponse.unsafeJson({ n }, { status: 201 }))

for (const database of databases) {
  describe(`idempotency retention (${database.name})`, () => {
    it.scoped("keeps a key for 24 hours, then treats it as new", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const idempotency = yield* Idempotency
          expect((yield* idempotency.claim("org:live", "k1", "h1", 201))._tag).toBe("Proceed")
          yield* idempotency.settle({ scope: "org:live", key: "k1", claimedAt: 0, stored: null }, answer(1))
          yield* TestClock.adjust("23 hours")
          expect(yield* idempotency.claim("org:live", "k1", "h1", 201)).toEqual({ _tag: "Replay", status: 201, body: "{\"n\":1}" })
          expect((yield* idempotency.claim("org:live", "k1", "h2", 201))._tag).toBe("Mismatch")
          yield* TestClock.adjust("1 hour")
          expect((yield* idempotency.claim("org:live", "k1", "h2", 201))._tag).toBe("Proceed")
          const sql = yield* SqlClient.SqlClient
          expect((yield* Effect.orDie(sql`SELECT request_hash FROM idempotency_keys WHERE key = 'k1'`))[0]).toEqual({ request_hash: "h2" })
        })
      ))

    it.scoped("frees a claim whose process died once its lease runs out", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const idempotency = yield* Idempotency
          expect((yield* idempotency.claim("org:live", "k2", "h", 201))._tag).toBe("Proceed")
          expect((yield* idempotency.claim("org:live", "k2", "h", 201))._tag).toBe("InFlight")
          yield* TestClock.adjust("61 seconds")
          expect((yield* idempotency.claim("org:live", "k2", "h", 201))._tag).toBe("Proceed")
        })
      ))

    it.scoped("resumes, once, a claim whose process died after its contract write was stored", () =>
      onFreshDatabase(
        database,
        Effect.gen(function*() {
          const idempotency = yield* Idempotency
          const sql = yield* SqlClient.SqlClient
          const first = yield* idempotency.claim("org:live", "k3", "h", 201)
          expect(first._tag).toBe("Proceed")
          // What the contract's save statement does to the claim before the process dies.
          yield* Effect.orDie(sql`UPDATE idempotency_keys SET contract_id = 'con_x', result = '{"letter":"let_x"}'::jsonb WHERE key = 'k3'`)
          expect((yield* idempotency.claim("org:live", "k3", "h", 201))._tag).toBe("InFlight")
          yield* TestClock.adjust("61 seconds")
          // It resumes under the first claim's time, so its write keeps the id it was sent with.
          expect(yield* idempotency.claim("org:live", "k3", "h", 201)).toEqual({
            _tag: "Resume",
            contract: "con_x",
            result: { letter: "let_x" },
            claimedAt: first._tag === "Proceed" ? first.claimedAt : -1
          })
          // The resuming request holds a fresh lease: a concurrent retry waits.
          expect((yield* idempotency.claim("org:live", "k3", "h", 201))._tag).toBe("InFlight")
          expect((yield* idempotency.claim("org:live", "k3", "other", 201))._tag).toBe("Mismatch")
        })
      ))
  })
}
