import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Layer } from "effect"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import { createOrg, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"

// Records every write's entry and exit per contract, and can hold one contract's write until
// another contract's write has started: if writes to different contracts were serialised, that
// test would wait forever and time out.
const inFlight = new Map<string, number>()
let maxPerContract = 0
let maxOverall = 0
const entered: Array<string> = []
const waits = new Map<string, Deferred.Deferred<void>>()

const recordingProbe = Layer.succeed(WriteProbe, {
  around: (id, write) =>
    Effect.gen(function*() {
      const now = (inFlight.get(id) ?? 0) + 1
      inFlight.set(id, now)
      entered.push(id)
      maxPerContract = Math.max(maxPerContract, now)
      maxOverall = Math.max(maxOverall, [...inFlight.values()].reduce((a, b) => a + b, 0))
      const wait = waits.get(id)
      if (wait !== undefined) yield* Deferred.await(wait)
      for (const [other, gate] of waits) if (other !== id) yield* Deferred.succeed(gate, undefined)
      return yield* write
    }).pipe(Effect.ensuring(Effect.sync(() => inFlight.set(id, inFlight.get(id)! - 1))))
})

for (const database of databases) {
  describe(`one writer per contract (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await startService(database, { probe: recordingProbe })
      org = await createOrg(service.url)
    })
    afterAll(() => service.stop())

    it("applies 50 concurrent writes to one contract one at a time, losing none", async () => {
      const contract = (await seat(service.url, org).draft()).body
      maxPerContract = 0
      const s = seat(service.url, org)
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => s.post(`/contracts/${contract.id}/facts/${contract.facts[i % contract.facts.length].id}/confirm`))
      )
      expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200))
      expect(maxPerContract).toBe(1)
      const events = (await s.get(`/contracts/${contract.id}/events?limit=100`)).body
      expect(events.head_sequence).toBe(51)
      expect(events.data.map((e: { sequence: number }) => e.sequence)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1))
    })

    it("lets writes to different contracts overlap", async () => {
      const s = seat(service.url, org)
      const a = (await s.draft()).body
      const b = (await s.draft()).body
      maxOverall = 0
      waits.set(a.id, Effect.runSync(Deferred.make<void>()))
      const mark = entered.length
      const first = s.post(`/contracts/${a.id}/facts/${a.facts[0].id}/confirm`)
      while (!entered.slice(mark).includes(a.id)) await new Promise((r) => setTimeout(r, 1))
      const second = s.post(`/contracts/${b.id}/facts/${b.facts[0].id}/confirm`)
      const [ra, rb] = await Promise.all([first, second])
      waits.clear()
      expect([ra.status, rb.status]).toEqual([200, 200])
      expect(maxOverall).toBe(2)
    })

    it("serves reads from the last commit while a write is under way, and the new commit as soon as it lands", async () => {
      const s = seat(service.url, org)
      const a = (await s.draft()).body
      expect((await s.get(`/contracts/${a.id}`)).body.head_sequence).toBe(a.head_sequence)
      const gate = Effect.runSync(Deferred.make<void>())
      waits.set(a.id, gate)
      const mark = entered.length
      const write = s.post(`/contracts/${a.id}/facts/${a.facts[0].id}/confirm`)
      while (!entered.slice(mark).includes(a.id)) await new Promise((r) => setTimeout(r, 1))
      expect((await s.get(`/contracts/${a.id}`)).body.head_sequence).toBe(a.head_sequence)
      Effect.runSync(Deferred.succeed(gate, undefined))
      expect((await write).status).toBe(200)
      waits.clear()
      expect((await s.get(`/contracts/${a.id}`)).body.head_sequence).toBe(a.head_sequence + 1)
    })
  })
}
