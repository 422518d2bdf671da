import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Layer } from "effect"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import { call, createOrg, idempotencyKey, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"

// Holds contract writes until released, so a request can be caught while it is still running;
// `entered` tells the test a write is held, so the second call is sent only once the first holds its key.
let gate = Effect.runSync(Deferred.make<void>())
let entered = Effect.runSync(Deferred.make<void>())
let holding = false
const gatedProbe = Layer.succeed(WriteProbe, {
  around: (_id, write) => (holding ? Effect.zipRight(Effect.zipRight(Deferred.succeed(entered, undefined), Deferred.await(gate)), write) : write)
})

for (const database of databases) {
  describe(`idempotency keys (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await startService(database, { probe: gatedProbe })
      org = await createOrg(service.url)
    })
    afterAll(() => service.stop())

    const draft = (key: string | undefined, body: unknown = { template_id: "tpl_mutual_nda" }) =>
      call(service.url, "POST", "/contracts", {
        key: org.keys.live,
        person: org.people[0]!.id,
        body,
        headers: key === undefined ? {} : { "idempotency-key": key }
      })
    const count = async () => (await seat(service.url, org).get("/contracts?limit=100")).body.data.length

    it("requires the key on writes the spec marks, storing nothing without it", async () => {
      const before = await count()
      const reply = await draft(undefined)
      expect(reply.status).toBe(400)
      expect(reply.body.error).toMatchObject({ code: "invalid_request", param: "Idempotency-Key" })
      expect(await count()).toBe(before)
    })

    it("replays the first status and body exactly for the same key and body", async () => {
      const key = idempotencyKey()
      const first = await draft(key)
      const before = await count()
      const second = await draft(key)
      expect(second.status).toBe(201)
      expect(second.text).toBe(first.text)
      expect(second.headers.get("idempotent-replayed")).toBe("true")
      expect(await count()).toBe(before)
    })

    it("treats the same JSON with its keys in another order as the same body", async () => {
      const key = idempotencyKey()
      const first = await draft(key, { template_id: "tpl_mutual_nda", facts: {} })
      const second = await draft(key, { facts: {}, template_id: "tpl_mutual_nda" })
      expect(second.text).toBe(first.text)
    })

    it("refuses the same key with another body: 400 idempotency_error", async () => {
      const key = idempotencyKey()
      await draft(key)
      const before = await count()
      const other = await draft(key, { template_id: "tpl_consulting" })
      expect(other.status).toBe(400)
      expect(other.body.error).toMatchObject({ code: "idempotency_error", type: "invalid_request_error" })
      expect(await count()).toBe(before)
    })

    it("replays a refusal the request itself produced, but not one made before it ran", async () => {
      const key = idempotencyKey()
      const unknown = await draft(key, { template_id: "tpl_unknown" })
      expect(unknown.status).toBe(404)
      const again = await draft(key, { template_id: "tpl_unknown" })
      expect(again.text).toBe(unknown.text)
      expect(again.headers.get("idempotent-replayed")).toBe("true")
      const schemaKey = idempotencyKey()
      const bad = await draft(schemaKey, { template_id: 5 })
      expect(bad.status).toBe(400)
      const retried = await draft(schemaKey, { template_id: 5 })
      expect(retried.headers.get("idempotent-replayed")).toBeNull()
    })

    it("answers 409 idempotency_in_flight with Retry-After while the first call runs", async () => {
      const key = idempotencyKey()
      gate = Effect.runSync(Deferred.make<void>())
      entered = Effect.runSync(Deferred.make<void>())
      holding = true
      const first = draft(key)
      await Effect.runPromise(Deferred.await(entered))
      const second = await draft(key)
      holding = false
      Effect.runSync(Deferred.succeed(gate, undefined))
      expect(second.status).toBe(409)
      expect(second.body.error).toMatchObject({ code: "idempotency_in_flight", type: "conflict_error" })
      expect(second.headers.get("retry-after")).toBe("1")
      const done = await first
      expect(done.status).toBe(201)
      expect((await draft(key)).text).toBe(done.text)
    })

    it("scopes keys to the org and mode", async () => {
      const key = idempotencyKey()
      const live = await draft(key)
      const test = await call(service.url, "POST", "/contracts", {
        key: org.keys.test,
        person: org.people[0]!.id,
        body: { template_id: "tpl_mutual_nda" },
        headers: { "idempotency-key": key }
      })
      expect(test.status).toBe(201)
      expect(test.body.id).not.toBe(live.body.id)
      const other = await createOrg(service.url)
      const foreign = await call(service.url, "POST", "/contracts", {
        key: other.keys.live,
        person: other.people[0]!.id,
        body: { template_id: "tpl_mutual_nda" },
        headers: { "idempotency-key": key }
      })
      expect(foreign.body.id).not.toBe(live.body.id)
    })
  })
}
