import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, createOrg, idempotencyKey } from "../support/client.js"
import { databases } from "../support/databases.js"
import { type Receiver, startReceiver } from "../support/receiver.js"
import { type Running, sharedService } from "../support/service.js"

// A thousand events, more than one replay call returns (1,000), to four endpoints: 4,000
// deliveries, far past the engine's 16 attempts in flight and its fan-out batch of 500 events.
// Ten endpoints made it 10,000 and the suite's longest file (126 s on PGlite in CI) for no rule more.
const events = 1_000
const endpoints = 4

for (const database of databases) {
  describe(`webhook fan-out (${database.name})`, () => {
    let service: Running
    let receiver: Receiver
    beforeAll(async () => {
      service = await sharedService(database)
      receiver = await startReceiver()
    })
    afterAll(async () => {
      await receiver.close()
      await service.stop()
    })

    it(`delivers ${events} events to each of ${endpoints} endpoints, none lost, and replays on request up to 1,000 a call`, async () => {
      const org = await createOrg(service.url)
      const as = { key: org.keys.test, person: org.people[0]!.id }
      const registered: Array<string> = []
      for (let i = 0; i < endpoints; i++) {
        const made = await call(service.url, "POST", "/webhooks/endpoints", { ...as, body: { url: `${receiver.url}/${i}`, events: ["contract.drafted"] } })
        expect(made.body.state).toBe("active")
        registered.push(made.body.id)
      }
      const start = new Date(Date.now() - 1000).toISOString()
      const drafted: Array<string> = []
      for (let batch = 0; batch < events / 50; batch++) {
        const replies = await Promise.all(
          Array.from(
            { length: 50 },
            () => call(service.url, "POST", "/contracts", { ...as, body: { template_id: "tpl_mutual_nda" }, headers: { "idempotency-key": idempotencyKey() } })
          )
        )
        drafted.push(...replies.map((r) => r.body.id as string))
      }
      const isDraft = (r: { json: any }) => r.json?.type === "contract.drafted"
      await receiver.waitFor(events * endpoints, isDraft, 240_000)
      const pairs = receiver.received.filter(isDraft).map((r) => `${r.json.endpoint} ${r.json.data.contract}`)
      // At-least-once allows a repeat; here, with nothing failing, there is none.
      expect(new Set(pairs).size).toBe(pairs.length)
      for (const endpoint of registered) {
        const got = new Set(receiver.received.filter((r) => isDraft(r) && r.json.endpoint === endpoint).map((r) => r.json.data.contract))
        expect(drafted.every((id) => got.has(id)), endpoint).toBe(true)
      }

      // Replay of everything, delivered included: the thousand oldest from `since`, signed afresh with the same event ids; then the rest.
      const extra = await call(service.url, "POST", "/contracts", {
        ...as,
        body: { template_id: "tpl_mutual_nda" },
        headers: { "idempotency-key": idempotencyKey() }
      })
      await receiver.waitFor(1, (r) => isDraft(r) && r.json.data.contract === extra.body.id && r.json.endpoint === registered[0])
      const toFirst = (r: { json: any }) => isDraft(r) && r.json.endpoint === registered[0]
      const originals = receiver.received.filter(toFirst)
      const replay = await call(service.url, "POST", `/webhooks/endpoints/${registered[0]}/replay`, { ...as, body: { since: start, include_delivered: true } })
      expect(replay.status).toBe(202)
      expect(replay.body).toEqual({ queued: 1000, has_more: true })
      const replayed = (await receiver.waitFor(originals.length + 1000, toFirst, 120_000)).slice(originals.length)
      expect(new Set(replayed.map((r) => r.json.data.contract))).toEqual(new Set(drafted))
      const byContract = new Map(originals.map((r) => [r.json.data.contract, r]))
      for (const again of replayed) {
        const original = byContract.get(again.json.data.contract)!
        expect(again.json.id).toBe(original.json.id)
        expect(again.headers["contracts-event-id"]).toBe(original.headers["contracts-event-id"])
      }
      const last = replayed.map((r) => r.json.created).sort().at(-1)
      const rest = await call(service.url, "POST", `/webhooks/endpoints/${registered[0]}/replay`, { ...as, body: { since: last, include_delivered: true } })
      expect(rest.body.has_more).toBe(false)
      expect(rest.body.queued).toBeGreaterThanOrEqual(1)
    }, 600_000)

    it("refuses a replay from a malformed time or from more than 7 days ago, and queues nothing", async () => {
      const org = await createOrg(service.url)
      const as = { key: org.keys.test, person: org.people[0]!.id }
      const made = await call(service.url, "POST", "/webhooks/endpoints", { ...as, body: { url: receiver.url, events: ["*"] } })
      // Only this endpoint's: the test before may still have a replay arriving at its own.
      const ours = () => receiver.received.filter((r) => r.json?.endpoint === made.body.id).length
      const before = ours()
      for (const since of ["yesterday", "", "2026-13-45T00:00:00Z", new Date(Date.now() - 8 * 24 * 3_600_000).toISOString()]) {
        const reply = await call(service.url, "POST", `/webhooks/endpoints/${made.body.id}/replay`, { ...as, body: { since } })
        expect(reply.status, since).toBe(400)
        expect(reply.body.error).toMatchObject({ code: "invalid_request", param: "since" })
      }
      const missing = await call(service.url, "POST", `/webhooks/endpoints/${made.body.id}/replay`, { ...as, body: {} })
      expect(missing.status).toBe(400)
      expect((await call(service.url, "POST", `/webhooks/endpoints/${made.body.id}/replay`, { ...as, body: { since: new Date().toISOString() } })).body)
        .toEqual({ queued: 0, has_more: false })
      expect(ours()).toBe(before)
    })
  })
}
