import { createHmac, timingSafeEqual } from "node:crypto"
import Stripe from "stripe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, type Org } from "../support/client.js"
import { databases } from "../support/databases.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Receiver, type Received, ofType, startReceiver } from "../support/receiver.js"
import { type Running, sharedService } from "../support/service.js"

/** The spec's verifier, written from its Signing section alone: HMAC-SHA256 over `{t}.{body}`, any `v1`, five minutes. */
const verify = (header: string, body: string, secret: string, now = Date.now() / 1000) => {
  const parts = header.split(",").map((p) => p.split("="))
  const t = Number(parts.find(([k]) => k === "t")?.[1])
  if (!(Math.abs(now - t) <= 300)) return false
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest()
  return parts.some(([k, v]) => k === "v1" && v!.length === 64 && timingSafeEqual(Buffer.from(v!, "hex"), expected))
}

export const register = (base: string, org: Org, url: string, events: ReadonlyArray<string> = ["*"], person = org.people[0]!.id) =>
  call(base, "POST", "/webhooks/endpoints", { key: org.keys.test, person, body: { url, events } })

for (const database of databases) {
  describe(`webhook deliveries (${database.name})`, () => {
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

    it("verifies a receiver with a signed ping, then delivers each side's events signed, verifiable by Stripe and by the spec's recipe", async () => {
      const { acme, ada, bea, sent } = await twoOrgs(service.url)
      const created = await register(service.url, acme, receiver.url)
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ object: "webhook_endpoint", state: "active", url: receiver.url, events: ["*"], livemode: false })
      expect(created.body.verification).toEqual({ reason: null, verified_at: expect.any(String) })
      const secret: string = created.body.secret
      expect(secret).toMatch(/^whsec_/)
      const ping = (await receiver.waitFor(1, ofType("endpoint.verification")))[0]!
      expect(ping.json.sequence).toBeUndefined()
      expect(ping.json.data.nonce).toMatch(/^nonce_/)
      expect(verify(String(ping.headers["contracts-signature"]), ping.body, secret)).toBe(true)

      const { drafted } = await sent()
      const forAcme = (r: Received) => r.json?.endpoint === created.body.id && r.json?.data?.contract === drafted.id
      const deliveries = await receiver.waitFor(2, forAcme)
      const stripe = new Stripe("sk_test_unused")
      for (const delivery of deliveries) {
        const header = String(delivery.headers["contracts-signature"])
        expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
        expect(delivery.headers["contracts-event-id"]).toBe(delivery.json.id)
        expect(verify(header, delivery.body, secret)).toBe(true)
        expect(verify(header, delivery.body, "whsec_wrong")).toBe(false)
        expect(stripe.webhooks.constructEvent(delivery.body, header, secret).id).toBe(delivery.json.id)
        expect(() => stripe.webhooks.constructEvent(delivery.body + " ", header, secret)).toThrow()
      }
      const types = deliveries.map((d) => d.json.type).sort()
      expect(types).toEqual(["contract.drafted", "reply.sent"])
      // Rendered on the endpoint's seat exactly as the events endpoint renders it for the same person.
      const log = (await ada.get(`/contracts/${drafted.id}/events`)).body.data
      for (const delivery of deliveries) {
        const read = log.find((e: any) => e.id === delivery.json.id)
        expect(delivery.json).toEqual({ ...read, endpoint: created.body.id })
      }
      void bea
    })
  })
}
