import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { attemptOffsets } from "../../src/Domain/Webhooks/Schedule.js"
import { type Parties, until } from "../support/afterSigning.js"
import { call } from "../support/client.js"
import { databases } from "../support/databases.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Received, type Receiver, startReceiver } from "../support/receiver.js"
import { type Running, sharedService } from "../support/service.js"

const hour = 3_600_000
const failing = (r: Received) =>
  r.json?.type === "endpoint.verification" ? { status: 200, body: r.json.data.nonce } : { status: 503, body: "down for maintenance" }

for (const database of databases) {
  describe(`webhook retries on a sandbox clock (${database.name})`, () => {
    let service: Running
    let receiver: Receiver
    beforeAll(async () => {
      service = await sharedService(database)
      receiver = await startReceiver(failing)
    })
    afterAll(async () => {
      await receiver.close()
      await service.stop()
    })

    /** A test-mode endpoint of `org` on its own path of the failing receiver, and a read of it. */
    const endpointOf = async (parties: Parties, org: "acme" | "beta") => {
      const as = { key: parties[org].keys.test, person: parties[org === "acme" ? "ada" : "bea"].person }
      const made = await call(service.url, "POST", "/webhooks/endpoints", { ...as, body: { url: `${receiver.url}/${org}`, events: ["contract.drafted"] } })
      expect(made.body.state).toBe("active")
      const read = async () => (await call(service.url, "GET", `/webhooks/endpoints/${made.body.id}`, as)).body
      const attempts = () => receiver.received.filter((r) => r.json?.endpoint === made.body.id && r.json.type === "contract.drafted")
      return { read, attempts }
    }

    it("walks a failing delivery's schedule and disables its endpoint after 72 hours of the moved org's time, the other org on real time", async () => {
      const parties = await twoOrgs(service.url)
      const acme = await endpointOf(parties, "acme")
      const beta = await endpointOf(parties, "beta")
      const advance = async (hours: number) => {
        const moved = await call(service.url, "POST", "/sandbox/clock", {
          key: parties.acme.keys.test,
          person: parties.ada.person,
          body: { advance_by: hours * 3600 }
        })
        expect(moved.status, moved.text).toBe(200)
      }
      const failures = (n: number) => until(acme.read, (e) => e.consecutive_failures >= n, `${n} failures`)

      await parties.bea.draft()
      await parties.ada.draft()
      await failures(1)
      await until(beta.read, (e) => e.consecutive_failures >= 1, "beta's first failure")
      const started = Date.now()

      // An hour on: every retry due within the first hour is made at once, the two-hour one is not.
      await advance(1)
      const hourOn = await failures(attemptOffsets.indexOf(hour) + 1)
      expect(hourOn).toMatchObject({ state: "active", consecutive_failures: 7 })
      expect(Date.parse(hourOn.last_delivery.attempted_at)).toBeGreaterThanOrEqual(started + hour - 60_000)
      expect(acme.attempts()).toHaveLength(7)

      // Twenty-four hours on: all twelve attempts made, the delivery spent, the endpoint still active.
      await advance(23)
      const dayOn = await failures(attemptOffsets.length)
      expect(dayOn).toMatchObject({ state: "active", consecutive_failures: 12 })
      expect(Date.parse(dayOn.last_delivery.attempted_at)).toBeGreaterThanOrEqual(started + 24 * hour - 60_000)

      // Past 72 hours of failure the spent delivery is not tried again; a fresh event's failure
      // disables the endpoint and mails its person.
      await advance(49)
      expect((await acme.read()).consecutive_failures).toBe(12)
      await parties.ada.draft()
      const disabled = await until(acme.read, (e) => e.state === "disabled", "the endpoint disabled")
      expect(disabled.consecutive_failures).toBe(13)
      expect(acme.attempts()).toHaveLength(13)
      const outbox = (await call(service.url, "GET", "/sandbox/outbox", { key: parties.acme.keys.test, person: parties.ada.person })).body
      expect(outbox.data.some((m: any) => m.subject === "A webhook endpoint was disabled")).toBe(true)

      // Beta's clock never moved: its delivery keeps the real schedule (a retry 30 seconds on at most).
      const theirs = await beta.read()
      expect(theirs.state).toBe("active")
      expect(theirs.consecutive_failures).toBeLessThanOrEqual(2)
      expect(beta.attempts().length).toBe(theirs.consecutive_failures)
      expect(Math.abs(Date.parse(theirs.last_delivery.attempted_at) - Date.now())).toBeLessThan(60_000)
    }, 60_000)
  })
}
