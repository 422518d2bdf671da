import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, TestClock, TestContext } from "effect"
import { AdminRepo } from "../src/Admin/Repo.js"
import { AuthCache } from "../src/Auth/Cache.js"
import { AuthRepo } from "../src/Auth/Repo.js"
import { hashSecret } from "../src/Auth/Secrets.js"
import { databases } from "./support/databases.js"
import { type RuntimeOnDatabase, runtimeOnDatabase } from "./support/runtime.js"

for (const database of databases) {
  describe(`the authentication cache (${database.name})`, () => {
    let running: RuntimeOnDatabase<AuthCache | AdminRepo>

    beforeAll(async () => {
      running = await runtimeOnDatabase(database, Layer.mergeAll(AuthCache.Default.pipe(Layer.provide(AuthRepo.Default)), AdminRepo.Default))
    })
    afterAll(() => running.stop())

    // The clock is the test's own; the cache and the database are real.
    const run = <A>(effect: Effect.Effect<A, unknown, AuthCache | AdminRepo>) =>
      running.runtime.runPromise(effect.pipe(Effect.provide(TestContext.TestContext)))

    it("trusts a live key for five seconds, so a revocation made by another process takes effect within them", () =>
      run(Effect.gen(function*() {
        const admin = yield* AdminRepo
        const cache = yield* AuthCache
        const org = yield* admin.createOrg("Acme Ltd", [{ name: "Ada", email: "ada@acme.test" }], ["contracts:read"])
        const hash = hashSecret(org.keys.live)
        const keyId = (yield* cache.findLiveKey(hash)).pipe(Option.getOrThrow).id
        // Another process revokes the key in the database; this cache is not told.
        expect(yield* admin.revokeKey(keyId)).toBe(true)
        yield* TestClock.adjust("5 seconds")
        expect(Option.isSome(yield* cache.findLiveKey(hash))).toBe(true)
        yield* TestClock.adjust("1 millis")
        expect(Option.isNone(yield* cache.findLiveKey(hash))).toBe(true)
      })))

    it("forgets every key at once when told of a revocation, and never keeps a miss", () =>
      run(Effect.gen(function*() {
        const admin = yield* AdminRepo
        const cache = yield* AuthCache
        const org = yield* admin.createOrg("Beta Ltd", [], ["contracts:read"])
        const hash = hashSecret(org.keys.live)
        const keyId = (yield* cache.findLiveKey(hash)).pipe(Option.getOrThrow).id
        yield* admin.revokeKey(keyId)
        yield* cache.forgetKeys
        expect(Option.isNone(yield* cache.findLiveKey(hash))).toBe(true)
        // A miss is asked again: a person added after one failed lookup is found at once.
        expect(Option.isNone(yield* cache.findPersonInOrg(org.org_id, "per_later"))).toBe(true)
        const person = yield* admin.addPerson(org.org_id, { name: "Later", email: "later@beta.test" })
        expect(yield* cache.findPersonInOrg(org.org_id, person.id)).toEqual(Option.some(person))
      })))
  })
}
