import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, createOrg, idempotencyKey } from "../support/client.js"
import { databases } from "../support/databases.js"
import { echoing, type Received, type Receiver, startReceiver } from "../support/receiver.js"
import { type Running, sharedService } from "../support/service.js"

const down = (r: Received) => r.json?.type === "endpoint.verification" ? echoing(r) : { status: 503 }

/** Reads until `done` holds, every 25 ms for up to 10 s: the engine records attempts on fibers of its own. */
const until = async <A>(read: () => Promise<A>, done: (value: A) => boolean) => {
  for (let i = 0; i < 400; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error("the endpoint never came to the state the test waits for")
}

// The spec: replay "re-sends missed deliveries". Missed: not acknowledged with a 2xx.
for (const database of databases) {
  describe(`webhook replay (${database.name})`, () => {
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

    it("re-sends only what the endpoint did not acknowledge with a 2xx, and everything when asked to include the delivered", async () => {
      const org = await createOrg(service.url)
      const as = { key: org.keys.test, person: org.people[0]!.id }
      const since = new Date(Date.now() - 1000).toISOString()
      const endpoint = (await call(service.url, "POST", "/webhooks/endpoints", { ...as, body: { url: receiver.url, events: ["contract.drafted"] } })).body
      expect(endpoint.state).toBe("active")
      const read = async () => (await call(service.url, "GET", `/webhooks/endpoints/${endpoint.id}`, as)).body
      const draft = async () =>
        (await call(service.url, "POST", "/contracts", { ...as, body: { template_id: "tpl_mutual_nda" }, headers: { "idempotency-key": idempotencyKey() } }))
          .body
          .id as string
      const replay = (body: Record<string, unknown> = {}) =>
        call(service.url, "POST", `/webhooks/endpoints/${endpoint.id}/replay`, { ...as, body: { since, ...body } })
      const arrivals = (contract: string) => receiver.received.filter((r) => r.json?.data?.contract === contract).length

      const delivered = await draft()
      await until(read, (e) => e.last_delivery?.outcome === "delivered")
      receiver.answer(down)
      const missed = await draft()
      // Its next attempt is 30 s away: only a replay sends it again within this test.
      await until(read, (e) => e.consecutive_failures === 1)
      receiver.answer(echoing)

      expect((await replay()).body).toEqual({ queued: 1, has_more: false })
      await receiver.waitFor(2, (r) => r.json?.data?.contract === missed)
      await until(read, (e) => e.consecutive_failures === 0)
      expect(arrivals(delivered)).toBe(1)
      // Acknowledged now, by its replay: nothing is missed any more.
      expect((await replay()).body).toEqual({ queued: 0, has_more: false })
      expect((await replay({ include_delivered: true })).body).toEqual({ queued: 2, has_more: false })
      await receiver.waitFor(2, (r) => r.json?.data?.contract === delivered)
      await receiver.waitFor(3, (r) => r.json?.data?.contract === missed)
    })
  })
}
