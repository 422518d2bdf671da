import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { deadlineRows, executedMsa, healthy, lifeEvents, lifeTypes, midnight as day, type Parties, until } from "./support/afterSigning.js"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Receiver, startReceiver } from "./support/receiver.js"
import { type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`sandbox clocks (${database.name})`, () => {
    let service: Running
    let receiver: Receiver
    beforeAll(async () => {
      service = await sharedService(database)
      receiver = await startReceiver(healthy)
    })
    afterAll(async () => {
      await receiver.close()
      await service.stop()
    })

    const clock = (parties: Parties, org: "acme" | "beta" = "acme", mode: "test" | "live" = "test") =>
      call(service.url, "GET", "/sandbox/clock", { key: parties[org].keys[mode] })
    const advance = (parties: Parties, body: Record<string, unknown>, mode: "test" | "live" = "test") =>
      call(service.url, "POST", "/sandbox/clock", { key: parties.acme.keys[mode], person: parties.ada.person, body })

    it("reads and moves a test org's time forward only, refuses what is not a forward move, and is not there for live keys", async () => {
      const parties = await twoOrgs(service.url)
      const before = (await clock(parties)).body
      expect(before).toMatchObject({ object: "sandbox_clock", livemode: false, offset_seconds: 0 })
      expect(Math.abs(Date.parse(before.now) - Date.now())).toBeLessThan(60_000)
      for (
        const [body, param] of [
          [{}, "advance_by"],
          [{ advance_by: 60, advance_to: "2030-01-01T00:00:00Z" }, "advance_by"],
          [{ advance_by: 0 }, "advance_by"],
          [{ advance_by: -3600 }, "advance_by"],
          [{ advance_by: 1.5 }, "advance_by"],
          [{ advance_by: 367 * 86_400 }, "advance_by"],
          [{ advance_to: "2020-01-01T00:00:00Z" }, "advance_to"],
          [{ advance_to: "next tuesday" }, "advance_to"]
        ] as const
      ) {
        const refused = await advance(parties, body)
        expect(refused.status, JSON.stringify(body)).toBe(400)
        expect(refused.body.error).toMatchObject({ code: "invalid_request", param })
      }
      expect((await clock(parties)).body.offset_seconds).toBe(0)
      const moved = (await advance(parties, { advance_by: 86_400 })).body
      expect(moved.offset_seconds).toBe(86_400)
      expect(Date.parse(moved.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(86_400_000)
      const target = new Date(Date.parse(moved.now) + 7 * 86_400_000).toISOString()
      const to = (await advance(parties, { advance_to: target })).body
      expect(Math.abs(Date.parse(to.now) - Date.parse(target))).toBeLessThan(60_000)
      // The other org and live mode keep the service's time.
      expect((await clock(parties, "beta")).body.offset_seconds).toBe(0)
      expect((await clock(parties, "acme", "live")).status).toBe(404)
      expect((await advance(parties, { advance_by: 60 }, "live")).status).toBe(404)
    })

    it("lets an idempotency key's 24 hours pass on the moved clock, in the moved org only", async () => {
      const parties = await twoOrgs(service.url)
      const draft = (org: "acme" | "beta", key: string) =>
        call(service.url, "POST", "/contracts", {
          key: parties[org].keys.test,
          person: parties[org === "acme" ? "ada" : "bea"].person,
          body: { template_id: "tpl_consulting" },
          headers: { "idempotency-key": key }
        })
      const [acmeKey, betaKey] = [idempotencyKey(), idempotencyKey()]
      const first = await draft("acme", acmeKey)
      const theirs = await draft("beta", betaKey)
      expect((await draft("acme", acmeKey)).headers.get("idempotent-replayed")).toBe("true")
      expect((await advance(parties, { advance_by: 25 * 3600 })).status).toBe(200)
      const after = await draft("acme", acmeKey)
      expect(after.status).toBe(201)
      expect(after.headers.get("idempotent-replayed")).toBeNull()
      expect(after.body.id).not.toBe(first.body.id)
      // Beta's clock did not move: its key still replays its first answer.
      const again = await draft("beta", betaKey)
      expect(again.headers.get("idempotent-replayed")).toBe("true")
      expect(again.body.id).toBe(theirs.body.id)
    })

    it("a year on, deadlines warn and pass and the renewal rolls in the moved org's test mode only, on its feed and its webhook", async () => {
      const parties = await twoOrgs(service.url)
      const endpoint = await call(service.url, "POST", "/webhooks/endpoints", {
        key: parties.acme.keys.test,
        person: parties.ada.person,
        body: { url: receiver.url, events: lifeTypes }
      })
      expect(endpoint.body.state).toBe("active")
      const test = await executedMsa(service.url, parties, "test")
      const live = await executedMsa(service.url, parties, "live")

      // Certificate links work for 15 minutes of the contract's org's time.
      // Links name the service's public URL; this service listens on a port of its own.
      const certificateUrl = async (seat: Parties["ada"], id: string) => {
        const link = new URL((await seat.get(`/contracts/${id}/certificate`)).body.url as string)
        return `${service.url}${link.pathname}${link.search}`
      }
      const [testLink, liveLink] = [await certificateUrl(test.ada, test.id), await certificateUrl(live.ada, live.id)]
      expect((await fetch(testLink)).status).toBe(200)

      // Into the window: one warning, and the row on both sides' feeds.
      const into = await advance(parties, { advance_to: "2027-08-01T12:00:00Z" })
      expect(into.status, into.text).toBe(200)
      expect((await fetch(testLink)).status).toBe(401)
      expect((await fetch(liveLink)).status).toBe(200)
      const warned = await until(() => lifeEvents(test.ada, test.id), (events) => events.length >= 1, "the window's warning")
      expect(warned.map((e) => e.data["due_at"])).toEqual([day("2027-07-04")])
      expect(await deadlineRows(test.ada)).toMatchObject([{ contract: test.id, notice_deadline: "2027-09-02" }])

      // Past the renewal.
      const past = await advance(parties, { advance_to: "2027-12-02T12:00:00Z" })
      expect(past.status, past.text).toBe(200)
      const all = await until(() => lifeEvents(test.ada, test.id), (events) => events.length >= 3, "the renewal")
      expect(all.map((e) => [e.type, e.data["due_at"]])).toEqual([
        ["contract.deadline_approaching", day("2027-07-04")],
        ["contract.deadline_approaching", day("2027-08-26")],
        ["contract.renewed", day("2027-12-01")]
      ])
      expect((await test.ada.get(`/contracts/${test.id}`)).body.deadlines).toMatchObject({ term: 1, expiration_date: "2028-12-01" })
      expect(await deadlineRows(test.ada)).toEqual([])
      const delivered = await receiver.waitFor(3, (r) => lifeTypes.includes(r.json?.type) && r.json.data.contract === test.id)
      expect(delivered.map((r) => r.json.type).sort()).toEqual(all.map((e) => e.type).sort())

      // Live mode was never touched: its contract waits for its window in the service's own time.
      expect(await lifeEvents(live.ada, live.id)).toEqual([])
      expect((await live.ada.get(`/contracts/${live.id}`)).body.deadlines).toMatchObject({ term: 0, next: { kind: "notice_window" } })
    })
  })
}
