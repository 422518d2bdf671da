import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Layer, MutableRef } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ContractStore } from "../src/Engine/ContractStore.js"
import { ConfirmFact } from "../src/Engine/Entity.js"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import type { Actor } from "../src/Domain/Contract/Actor.js"
import { RequestKey } from "../src/Idempotency/RequestKey.js"
import { createOrg, idempotencyKey, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"

// While set, every contract write waits for it before it runs: a runner that has gone quiet.
let held: Deferred.Deferred<void> | null = null
const holdingProbe = Layer.succeed(WriteProbe, {
  around: (_id, write) => Effect.zipRight(held === null ? Effect.void : Deferred.await(held), write)
})

for (const database of databases) {
  describe(`a write sent twice, and a write with no answer in time (${database.name})`, () => {
    let service: Running
    let org: Org
    // The embedded database restarts from its directory, PostgreSQL from its URL.
    const dataDir = database.name === "pglite" ? mkdtempSync(join(tmpdir(), "cns-repeated-")) : undefined
    const start = async (databaseUrl?: string) => {
      service = await startService(database, {
        probe: holdingProbe,
        contractWriteTimeoutSeconds: 1,
        ...(dataDir !== undefined ? { dataDir } : databaseUrl === undefined ? {} : { databaseUrl })
      })
    }
    beforeAll(async () => {
      await start()
      org = await createOrg(service.url)
    })
    afterAll(async () => {
      await service.stop()
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
    })

    const actorOf = (o: Org): Actor => {
      const person = o.people[0]!
      return { mode: "live", org: o.org_id, person: { id: person.id, name: person.name, email: person.email }, guest: null }
    }
    // The message the cluster sends again when the runner it went to dies before answering: same write, same id.
    const confirmUnder = (contract: string, fact: string, key: string, claimedAt = 0) =>
      service.run(
        Effect.provideService(
          Effect.flatMap(ContractStore, (store) => store.write(contract, ConfirmFact, (entity) => entity.ConfirmFact({ actor: actorOf(org), factId: fact }))),
          RequestKey,
          { scope: `org:${org.org_id}`, key, claimedAt, stored: null, answeredByWrite: MutableRef.make(false) }
        )
      )
    const headOf = async (contract: string) => (await seat(service.url, org).get(`/contracts/${contract}/events?limit=100`)).body.head_sequence as number

    it("answers a copy of a stored write from the write, on the same runner and on a new one after a restart, and never writes it twice", async () => {
      const drafted = (await seat(service.url, org).draft()).body
      const fact: string = drafted.facts[0].id
      const first = await confirmUnder(drafted.id, fact, "copy-1")
      expect(await headOf(drafted.id)).toBe(2)
      expect(await confirmUnder(drafted.id, fact, "copy-1")).toEqual(first)
      expect(await headOf(drafted.id)).toBe(2)

      // A new writer (the shard's next runner) reads the contract's last writes with it.
      const url = service.databaseUrl
      await service.stopServerOnly()
      await start(url)
      expect(JSON.parse(JSON.stringify(await confirmUnder(drafted.id, fact, "copy-1")))).toEqual(JSON.parse(JSON.stringify(first)))
      expect(await headOf(drafted.id)).toBe(2)
      // Another write is another write.
      await confirmUnder(drafted.id, fact, "copy-2")
      expect(await headOf(drafted.id)).toBe(3)
    })

    it("takes a key claimed anew (reused after its retention) for a new write, not for the one it named before", async () => {
      const drafted = (await seat(service.url, org).draft()).body
      const fact: string = drafted.facts[0].id
      await confirmUnder(drafted.id, fact, "reused", 1_000)
      expect(await headOf(drafted.id)).toBe(2)
      // The same key, claimed a day later: its first write is still among the contract's last sixteen.
      await confirmUnder(drafted.id, fact, "reused", 1_000 + 24 * 60 * 60 * 1000)
      expect(await headOf(drafted.id)).toBe(3)
    })

    it("keeps only a contract's last sixteen writes, each saved in the statement of its write", async () => {
      const drafted = (await seat(service.url, org).draft()).body
      const fact: string = drafted.facts[0].id
      for (let i = 0; i < 20; i++) await confirmUnder(drafted.id, fact, `many-${i}`)
      expect(await headOf(drafted.id)).toBe(21)
      // The oldest fell out: sent again now, it is a new write.
      await confirmUnder(drafted.id, fact, "many-0")
      expect(await headOf(drafted.id)).toBe(22)
      // The newest are still answered from the store.
      await confirmUnder(drafted.id, fact, "many-19")
      expect(await headOf(drafted.id)).toBe(22)
    })

    it("answers 503 with Retry-After when a write gets no answer in time, keeps the key claimed, and lands nothing", async () => {
      const s = seat(service.url, org)
      const drafted = (await s.draft()).body
      held = Effect.runSync(Deferred.make<void>())
      const key = idempotencyKey()
      const body = { template_id: "tpl_mutual_nda", facts: {} }
      const late = await s.post("/contracts", body, { "idempotency-key": key })
      expect(late.status).toBe(503)
      expect(late.body.error.code).toBe("api_error")
      expect(late.headers.get("retry-after")).toBe("1")
      const unkeyed = await s.post(`/contracts/${drafted.id}/facts/${drafted.facts[0].id}/confirm`)
      expect(unkeyed.status).toBe(503)
      // The key stays claimed while the write may still land: a retry waits instead of drafting again.
      const retry = await s.post("/contracts", body, { "idempotency-key": key })
      expect(retry.status).toBe(409)
      expect(retry.body.error.code).toBe("idempotency_in_flight")

      // On the runner that holds the contract, the request that gave up takes its write with it:
      // once the runner answers again, a later write to the same contract (queued behind any
      // earlier one) is the only one that lands.
      const before = (await s.get("/contracts?limit=100")).body.data.length
      Effect.runSync(Deferred.succeed(held, undefined))
      held = null
      expect((await s.post(`/contracts/${drafted.id}/facts/${drafted.facts[0].id}/confirm`)).status).toBe(200)
      expect(await headOf(drafted.id)).toBe(2)
      expect((await s.get("/contracts?limit=100")).body.data.length).toBe(before)
      // The key is still held by the request that gave up: no second draft under it until its lease ends.
      expect((await s.post("/contracts", body, { "idempotency-key": key })).status).toBe(409)
    })
  })
}
