import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, createOrg, type Org } from "../support/client.js"
import { databases } from "../support/databases.js"
import { type Receiver, type Received, ofType, startReceiver } from "../support/receiver.js"
import { adminToken, type Running, sharedService } from "../support/service.js"

const answering = (other: (r: Received) => { status: number; body?: string }) => (r: Received) =>
  r.json?.type === "endpoint.verification" ? other(r) : { status: 200 }

for (const database of databases) {
  describe(`webhook endpoints (${database.name})`, () => {
    let service: Running
    let receiver: Receiver
    let org: Org
    const as = (method: string, path: string, body?: unknown, key = org.keys.test, person: string | null = org.people[0]!.id) =>
      call(service.url, method, path, { key, ...(person === null ? {} : { person }), ...(body === undefined ? {} : { body }) })
    const register = (url = receiver.url, events: ReadonlyArray<string> = ["*"], key = org.keys.test) => as("POST", "/webhooks/endpoints", { url, events }, key)
    const listed = async () => (await as("GET", "/webhooks/endpoints?limit=100")).body.data.map((e: any) => e.id)

    beforeAll(async () => {
      service = await sharedService(database)
      receiver = await startReceiver()
      org = await createOrg(service.url)
    })
    afterAll(async () => {
      await receiver.close()
      await service.stop()
    })

    it("keeps an endpoint pending with the reason its handshake failed, for each of the reasons, and verify retries with a fresh nonce", async () => {
      receiver.answer(answering(() => ({ status: 500 })))
      const failed = await register()
      expect(failed.status).toBe(201)
      expect(failed.body).toMatchObject({ state: "pending", verification: { reason: "endpoint_returned_500", verified_at: null } })

      receiver.answer(answering(() => ({ status: 200, body: "ok" })))
      const silent = await as("POST", `/webhooks/endpoints/${failed.body.id}/verify`)
      expect(silent.status).toBe(200)
      expect(silent.body).toMatchObject({ state: "pending", verification: { reason: "nonce_not_echoed" } })
      expect(silent.body.secret).toBeUndefined()

      receiver.answer(answering(() => ({ status: 302, body: "" })))
      expect((await as("POST", `/webhooks/endpoints/${failed.body.id}/verify`)).body.verification.reason).toBe("endpoint_returned_302")

      const closed = await register("http://127.0.0.1:1/hooks")
      expect(closed.body).toMatchObject({ state: "pending", verification: { reason: "endpoint_unreachable" } })

      // Pending receives nothing, tests included.
      const test = await as("POST", `/webhooks/endpoints/${failed.body.id}/test`)
      expect(test.status).toBe(409)
      expect(test.body.error).toMatchObject({ code: "endpoint_pending", type: "conflict_error" })

      // Echoed as plain text or as {"nonce": …}: either proves the URL.
      receiver.answer(answering((r) => ({ status: 200, body: r.json.data.nonce })))
      const verified = await as("POST", `/webhooks/endpoints/${failed.body.id}/verify`)
      expect(verified.body).toMatchObject({ state: "active", verification: { reason: null } })
      const pings = receiver.received.filter(ofType("endpoint.verification")).filter((r) => r.json.endpoint === failed.body.id)
      expect(new Set(pings.map((p) => p.json.data.nonce)).size).toBe(pings.length)
      for (const ping of pings) expect(ping.json).toMatchObject({ type: "endpoint.verification", data: { url: receiver.url }, endpoint: failed.body.id })
    })

    it("reads, lists, tests and deletes an endpoint without ever showing its secret again", async () => {
      receiver.answer(answering((r) => ({ status: 200, body: JSON.stringify({ nonce: r.json.data.nonce }) })))
      const created = (await register(receiver.url, ["contract.drafted", "reply.sent"])).body
      expect(created.state).toBe("active")
      const read = await as("GET", `/webhooks/endpoints/${created.id}`)
      expect(read.status).toBe(200)
      const { secret: _secret, ...shown } = created
      expect(read.body).toEqual({ ...shown, last_delivery: null, consecutive_failures: 0 })
      expect(read.text).not.toContain(created.secret)
      expect(read.body.acting_person).toBe(org.people[0]!.id)

      const test = await as("POST", `/webhooks/endpoints/${created.id}/test`)
      expect(test.body).toMatchObject({ object: "webhook_test", endpoint: created.id, delivered: true, status: 200, error: null })
      const [delivered] = await receiver.waitFor(1, (r) => r.json?.id === test.body.event)
      expect(delivered!.json).toMatchObject({ type: "endpoint.test", endpoint: created.id })
      expect(delivered!.json.sequence).toBeUndefined()
      expect((await as("GET", `/webhooks/endpoints/${created.id}`)).body.last_delivery).toMatchObject({
        event: test.body.event,
        type: "endpoint.test",
        outcome: "delivered",
        status: 200
      })

      const page = await as("GET", "/webhooks/endpoints?limit=1")
      expect(page.body.data).toHaveLength(1)
      expect(page.body.has_more).toBe(true)
      const rest = await as("GET", `/webhooks/endpoints?limit=100&starting_after=${page.body.data[0].id}`)
      expect([page.body.data[0].id, ...rest.body.data.map((e: any) => e.id)]).toEqual(await listed())
      expect(JSON.stringify((await as("GET", "/webhooks/endpoints?limit=100")).body)).not.toMatch(/whsec_/)

      const removed = await as("DELETE", `/webhooks/endpoints/${created.id}`)
      expect(removed.status).toBe(204)
      expect(removed.text).toBe("")
      expect((await as("GET", `/webhooks/endpoints/${created.id}`)).status).toBe(404)
      expect(await listed()).not.toContain(created.id)
      expect((await as("DELETE", `/webhooks/endpoints/${created.id}`)).status).toBe(404)
    })

    it("refuses what cannot be an endpoint, naming the field, and stores nothing", async () => {
      const before = await listed()
      const refusals: ReadonlyArray<readonly [string, ReadonlyArray<string>, string, string?]> = [
        ["http://127.0.0.1:9/hooks", ["*"], "url", "live"],
        ["http://localhost:9/hooks", ["*"], "url", "live"],
        ["https://10.0.0.5/hooks", ["*"], "url"],
        ["https://169.254.169.254/latest/meta-data", ["*"], "url"],
        ["https://[fd00:ec2::254]/hooks", ["*"], "url"],
        ["https://[::ffff:192.168.1.1]/hooks", ["*"], "url"],
        ["http://example.com/hooks", ["*"], "url"],
        ["https://user:pass@example.com/hooks", ["*"], "url"],
        ["ftp://example.com/hooks", ["*"], "url"],
        ["not a url", ["*"], "url"],
        [`https://example.com/${"a".repeat(3000)}`, ["*"], "url"],
        ["https://example.com/hooks", [], "events"],
        ["https://example.com/hooks", ["*", "contract.drafted"], "events"],
        ["https://example.com/hooks", ["contract.drafted", "contract.exploded"], "events[1]"],
        ["https://example.com/hooks", ["letter.sent"], "events[0]"]
      ]
      for (const [url, events, param, mode] of refusals) {
        const reply = await register(url, events, mode === "live" ? org.keys.live : org.keys.test)
        expect(reply.status, url.slice(0, 60)).toBe(400)
        expect(reply.body.error).toMatchObject({ code: "invalid_request", param })
      }
      const hostile = await as("POST", "/webhooks/endpoints", { url: "https://example.com/\u0000\ud800", events: ["*"], secret: "mine" })
      expect(hostile.status).toBe(400)
      expect(await listed()).toEqual(before)
      expect((await as("GET", "/webhooks/endpoints?limit=100", undefined, org.keys.live)).body.data).toEqual([])
    })

    it("needs webhooks:manage and an acting person, answers 404 across orgs and modes", async () => {
      receiver.answer(answering((r) => ({ status: 200, body: r.json.data.nonce })))
      const created = (await register()).body
      const readOnly = await call(service.url, "POST", `/admin/orgs/${org.org_id}/keys`, {
        headers: { authorization: `Bearer ${adminToken}` },
        body: { mode: "test", scopes: ["contracts:read", "contracts:write"] }
      })
      for (
        const [method, path] of [["GET", "/webhooks/endpoints"], ["POST", "/webhooks/endpoints"], ["GET", `/webhooks/endpoints/${created.id}`], [
          "POST",
          `/webhooks/endpoints/${created.id}/rotate`
        ]] as const
      ) {
        const reply = await as(method, path, method === "POST" ? {} : undefined, readOnly.body.key)
        expect(reply.status, `${method} ${path}`).toBe(403)
        expect(reply.body.error).toMatchObject({ code: "insufficient_scope", param: "webhooks:manage" })
        const nobody = await as(method, path, method === "POST" ? {} : undefined, org.keys.test, null)
        expect(nobody.status, `${method} ${path}`).toBe(400)
        expect(nobody.body.error.code).toBe("acting_person_required")
      }
      const other = await createOrg(service.url)
      for (const [method, path] of [["GET", ""], ["DELETE", ""], ["POST", "/rotate"], ["POST", "/verify"], ["POST", "/test"]] as const) {
        const reply = await call(service.url, method, `/webhooks/endpoints/${created.id}${path}`, { key: other.keys.test, person: other.people[0]!.id })
        expect(reply.status).toBe(404)
        expect((await as(method, `/webhooks/endpoints/${created.id}${path}`, undefined, org.keys.live)).status).toBe(404)
      }
      expect((await as("GET", `/webhooks/endpoints/${created.id}`)).body.state).toBe("active")
    })
  })
}
