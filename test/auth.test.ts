import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`keys, seats and scopes (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Acme Ltd")
    })
    afterAll(() => service.stop())

    const admin = (method: string, path: string, body?: unknown) =>
      call(service.url, method, path, { headers: { authorization: `Bearer ${adminToken}` }, ...(body === undefined ? {} : { body }) })

    it("answers 401 for no key, a malformed header, an unknown key and a revoked key", async () => {
      const cases: Array<Record<string, string>> = [
        {},
        { authorization: "Basic abc" },
        { authorization: "Bearer sk_live_short" },
        { authorization: `Bearer sk_live_${"A".repeat(32)}` }
      ]
      for (const headers of cases) {
        const reply = await call(service.url, "GET", "/templates", { headers })
        expect(reply.status).toBe(401)
        expect(reply.body.error).toMatchObject({ type: "authentication_error", code: "unauthorized", doc_url: "http://localhost/docs/errors#unauthorized" })
      }
      const key = await admin("POST", `/admin/orgs/${org.org_id}/keys`, { mode: "live", scopes: ["contracts:read"] })
      expect(key.status).toBe(201)
      expect(key.body.key).toMatch(/^sk_live_/)
      expect((await call(service.url, "GET", "/templates", { key: key.body.key })).status).toBe(200)
      const revoked = await admin("DELETE", `/admin/keys/${key.body.id}`)
      expect(revoked.body).toEqual({ id: key.body.id, revoked: true })
      expect((await call(service.url, "GET", "/templates", { key: key.body.key })).status).toBe(401)
    })

    it("refuses a missing scope with 403 naming it, before anything is stored", async () => {
      const readOnly = (await admin("POST", `/admin/orgs/${org.org_id}/keys`, { mode: "live", scopes: ["contracts:read"] })).body.key
      const reply = await call(service.url, "POST", "/contracts", {
        key: readOnly,
        person: org.people[0]!.id,
        body: { template_id: "tpl_mutual_nda" },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(reply.status).toBe(403)
      expect(reply.body.error).toMatchObject({ code: "insufficient_scope", param: "contracts:write", type: "permission_error" })
      const none = (await admin("POST", `/admin/orgs/${org.org_id}/keys`, { mode: "live", scopes: [] })).body.key
      const read = await call(service.url, "GET", "/contracts", { key: none })
      expect(read.body.error).toMatchObject({ code: "insufficient_scope", param: "contracts:read" })
      expect((await call(service.url, "GET", "/me", { key: none })).status).toBe(200)
    })

    it("insists the acting person belongs to the key's org", async () => {
      const other = await createOrg(service.url)
      const reply = await call(service.url, "GET", "/me", { key: org.keys.live, person: other.people[0]!.id })
      expect(reply.status).toBe(400)
      expect(reply.body.error).toMatchObject({ code: "invalid_request", param: "Contracts-Acting-Person" })
      const unknown = await call(service.url, "GET", "/me", { key: org.keys.live, person: "per_nobody" })
      expect(unknown.body.error.message.replace("per_nobody", "X")).toBe(reply.body.error.message.replace(other.people[0]!.id, "X"))
    })

    it("answers /me with every field, for a person and for the org", async () => {
      const me = await call(service.url, "GET", "/me", { key: org.keys.live, person: org.people[0]!.id })
      expect(me.status).toBe(200)
      expect(me.body).toMatchObject({
        person_id: org.people[0]!.id,
        name: "Ada Lovelace",
        email: org.people[0]!.email,
        org_id: org.org_id,
        org_name: "Acme Ltd",
        person_rung: 0,
        org_ceiling: 0,
        effective_rung: 0,
        pinned_version: "2026-08-24",
        credential: "org_key",
        is_guest: false,
        has_more: false,
        next_cursor: null
      })
      expect(me.body.scopes).toContain("send")
      const drafted = (await seat(service.url, org).draft()).body
      const after = await call(service.url, "GET", "/me", { key: org.keys.live, person: org.people[0]!.id })
      expect(after.body.parties).toContainEqual({ contract: drafted.id, party: drafted.parties[0].id, capacity: ["negotiator", "signer"] })
      const orgWide = await call(service.url, "GET", "/me", { key: org.keys.live })
      expect(orgWide.body).toMatchObject({ person_id: null, name: null, email: null, org_id: org.org_id, parties: [] })
    })

    it("keeps test and live rows apart", async () => {
      const live = (await seat(service.url, org).draft()).body
      const testSeat = seat(service.url, org, org.people[0]!.id, org.keys.test)
      const test = (await testSeat.draft()).body
      expect((await testSeat.get(`/contracts/${live.id}`)).status).toBe(404)
      expect((await seat(service.url, org).get(`/contracts/${test.id}`)).status).toBe(404)
      const testList = (await testSeat.get("/contracts?limit=100")).body.data.map((r: { id: string }) => r.id)
      expect(testList).toContain(test.id)
      expect(testList).not.toContain(live.id)
      expect((await testSeat.get(`/contracts/${test.id}`)).body.livemode).toBe(false)
      const testMe = await call(service.url, "GET", "/me", { key: org.keys.test, person: org.people[0]!.id })
      expect(testMe.body.livemode).toBe(false)
      expect(testMe.body.parties.map((p: { contract: string }) => p.contract)).not.toContain(live.id)
    })

    it("pins a version per key and lets Contracts-Version override it", async () => {
      const pinned = await call(service.url, "GET", "/me", { key: org.keys.live, headers: { "contracts-version": "2026-08-24" } })
      expect(pinned.body).toMatchObject({ pinned_version: "2026-08-24", version: "2026-08-24" })
      const unknown = await call(service.url, "GET", "/me", { key: org.keys.live, headers: { "contracts-version": "2025-01-01" } })
      expect(unknown.status).toBe(400)
      expect(unknown.body.error).toMatchObject({ code: "invalid_request", param: "Contracts-Version" })
    })

    it("guards the admin API with the admin token and validates its input", async () => {
      const noToken = await call(service.url, "POST", "/admin/orgs", { body: { name: "X" } })
      expect(noToken.status).toBe(401)
      expect(noToken.body.error.code).toBe("unauthorized")
      const badBody = await admin("POST", "/admin/orgs", { name: "" })
      expect(badBody.status).toBe(400)
      expect(badBody.body.error).toMatchObject({ code: "invalid_request", param: "name" })
      const person = await admin("POST", `/admin/orgs/${org.org_id}/people`, { name: "Cy Young", email: "cy@acme.test" })
      expect(person.status).toBe(201)
      expect(person.body).toMatchObject({ name: "Cy Young", email: "cy@acme.test" })
      expect(person.body.id).toMatch(/^per_/)
      const again = await admin("POST", `/admin/orgs/${org.org_id}/people`, { name: "Cy Young", email: "CY@acme.test" })
      expect(again.status).toBe(409)
      expect(again.body.error).toMatchObject({ code: "email_in_use", param: "email" })
      expect((await admin("POST", "/admin/orgs/org_nope/people", { name: "A", email: "a@b.c" })).status).toBe(404)
      expect((await admin("POST", `/admin/orgs/${org.org_id}/keys`, { mode: "live", scopes: ["everything"] })).status).toBe(400)
      expect((await admin("DELETE", "/admin/keys/key_nope")).status).toBe(404)
      expect((await call(service.url, "GET", "/me", { key: org.keys.live, person: person.body.id })).body.name).toBe("Cy Young")
    })
  })
}
