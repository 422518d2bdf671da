import { HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, TestClock } from "effect"
import { ServerConfig } from "../src/Config.js"
import { Idempotency } from "../src/Idempotency/Idempotency.js"
import { IdempotencyRepo } from "../src/Idempotency/Repo.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { databases } from "./support/databases.js"

const databaseLayer = (url: string) =>
  Layer.provideMerge(MigrationsLive, DatabaseLive).pipe(
    Layer.provide(Layer.succeed(ServerConfig, {
      port: 0,
      databaseUrl: Option.some(url),
      dataDir: "./unused",
      adminToken: Option.none(),
      publicUrl: "http://localhost",
      docsUrl: "http://localhost/docs",
      rateLimits: { readsPerMinute: 1, writesPerMinute: 1, sendSignPerMinute: 1 }
    }))
  )

const answer = (n: number) => Effect.succeed(HttpServerResponse.unsafeJson({ n }, { status: 201 }))

for (const database of databases) {
  describe(`idempotency retention (${database.name})`, () => {
    it.scoped("keeps a key for 24 hours, then treats it as new", () =>
      Effect.gen(function*() {
        const { url, drop } = yield* Effect.promise(() => database.create())
        yield* Effect.addFinalizer(() => Effect.promise(drop))
        const layer = Idempotency.Default.pipe(Layer.provideMerge(IdempotencyRepo.Default), Layer.provideMerge(databaseLayer(url)))
        yield* Effect.gen(function*() {
          const idempotency = yield* Idempotency
          expect((yield* idempotency.claim("org:live", "k1", "h1"))._tag).toBe("Proceed")
          yield* idempotency.settle("org:live", "k1", answer(1))
          yield* TestClock.adjust("23 hours")
          expect(yield* idempotency.claim("org:live", "k1", "h1")).toEqual({ _tag: "Replay", status: 201, body: "{\"n\":1}" })
          expect((yield* idempotency.claim("org:live", "k1", "h2"))._tag).toBe("Mismatch")
          yield* TestClock.adjust("1 hour")
          expect((yield* idempotency.claim("org:live", "k1", "h2"))._tag).toBe("Proceed")
          const sql = yield* SqlClient.SqlClient
          expect((yield* sql`SELECT request_hash FROM idempotency_keys WHERE key = 'k1'`)[0]).toEqual({ request_hash: "h2" })
        }).pipe(Effect.provide(layer))
      }))

    it.scoped("frees a claim whose process died once its lease runs out", () =>
      Effect.gen(function*() {
        const { url, drop } = yield* Effect.promise(() => database.create())
        yield* Effect.addFinalizer(() => Effect.promise(drop))
        const layer = Idempotency.Default.pipe(Layer.provideMerge(IdempotencyRepo.Default), Layer.provideMerge(databaseLayer(url)))
        yield* Effect.gen(function*() {
          const idempotency = yield* Idempotency
          expect((yield* idempotency.claim("org:live", "k2", "h"))._tag).toBe("Proceed")
          expect((yield* idempotency.claim("org:live", "k2", "h"))._tag).toBe("InFlight")
          yield* TestClock.adjust("61 seconds")
          expect((yield* idempotency.claim("org:live", "k2", "h"))._tag).toBe("Proceed")
        }).pipe(Effect.provide(layer))
      }))
  })
}
