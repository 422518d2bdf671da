import { OpenApi } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Api } from "../src/Api.js"
import { hashSecret } from "../src/Auth/Secrets.js"
import { call, createOrg, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, sharedService } from "./support/service.js"

const rowFields = ["created", "id", "last4", "mode", "object", "revoked", "revoked_at", "scopes"]

for (const database of databases) {
  describe(`the admin API's keys (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const admin = (method: string, path: string, body?: unknown) =>
      call(service.url, method, path, { headers: { authorization: `Bearer ${adminToken}` }, ...(body === undefined ? {} : { body }) })
    const listing = async (org: Org, query = "") => {
      const reply = await admin("GET", `/admin/orgs/${org.org_id}/keys${query}`)
      expect(reply.status, reply.text).toBe(200)
      return reply.body as { data: Array<Record<string, any>>; has_more: boolean; next_cursor: string | null }
    }
    const me = (key: string) => call(service.url, "GET", "/me", { key })

    it("answers create-org with each key's id beside its secret", async () => {
      const org = await createOrg(service.url)
      expect(Object.keys(org.keys)).toEqual(["live", "test"])
      expect(org.key_ids.live).toMatch(/^key_/)
      expect(org.key_ids.test).toMatch(/^key_/)
      const rows = (await listing(org)).data
      const byId = new Map(rows.map((row) => [row.id, row]))
      expect(byId.get(org.key_ids.live)).toMatchObject({ mode: "live", last4: org.keys.live.slice(-4) })
      expect(byId.get(org.key_ids.test)).toMatchObject({ mode: "test", last4: org.keys.test.slice(-4) })
    })

    it("lists an org's keys oldest first in pages, with the secret's last four and never a secret or hash", async () => {
      const org = await createOrg(service.url)
      const made: Array<{ id: string; key: string }> = []
      for (const mode of ["test", "live", "test"]) {
        made.push((await admin("POST", `/admin/orgs/${org.org_id}/keys`, { mode, scopes: ["contracts:read"] })).body)
      }
      const secrets = new Map([[org.key_ids.live, org.keys.live], [org.key_ids.test, org.keys.test], ...made.map((k) => [k.id, k.key] as const)])
      const other = await createOrg(service.url)

      const pages = [await listing(org, "?limit=2")]
      while (pages.at(-1)!.has_more) pages.push(await listing(org, `?limit=2&starting_after=${pages.at(-1)!.next_cursor}`))
      expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1])
      expect(pages.map((page) => page.next_cursor)).toEqual([pages[0]!.data[1]!.id, pages[1]!.data[1]!.id, null])
      const rows = pages.flatMap((page) => page.data)
      expect(new Set(rows.map((row) => row.id))).toEqual(new Set(secrets.keys()))
      // Oldest first, ties broken by id; the keys made after the org's own come after them.
      const order = rows.map((row) => [row.created, row.id].join(" "))
      expect(order).toEqual([...order].sort())
      expect(rows.slice(2).map((row) => row.id).sort()).toEqual(made.map((k) => k.id).sort())
      expect(rows.find((row) => row.id === made[0]!.id)).toEqual({
        id: made[0]!.id,
        object: "api_key",
        mode: "test",
        scopes: ["contracts:read"],
        created: expect.any(String),
        last4: made[0]!.key.slice(-4),
        revoked: false,
        revoked_at: null
      })
      for (const row of rows) {
        expect(Object.keys(row).sort()).toEqual(rowFields)
        expect(new Date(row.created).toISOString()).toBe(row.created)
        expect(row.last4).toBe(secrets.get(row.id)!.slice(-4))
      }
      const text = JSON.stringify(pages)
      for (const secret of secrets.values()) {
        expect(text).not.toContain(secret)
        expect(text).not.toContain(hashSecret(secret))
      }
      expect((await listing(other)).data.map((row) => row.id).sort()).toEqual([other.key_ids.live, other.key_ids.test].sort())
    })

    it("refuses an unknown org, a bad limit and a cursor that is not a key of the org", async () => {
      const org = await createOrg(service.url)
      const other = await createOrg(service.url)
      const unknown = await admin("GET", "/admin/orgs/org_nope/keys")
      expect(unknown.status).toBe(404)
      expect(unknown.body.error).toMatchObject({ code: "not_found" })
      for (const limit of ["0", "101", "abc", "1.5", "-1", ""]) {
        const reply = await admin("GET", `/admin/orgs/${org.org_id}/keys?limit=${limit}`)
        expect({ limit, status: reply.status, error: reply.body.error }).toMatchObject({
          limit,
          status: 400,
          error: { code: "invalid_request", param: "limit" }
        })
      }
      expect((await listing(org, "?limit=100")).data).toHaveLength(2)
      for (const cursor of [other.key_ids.live, "key_nope"]) {
        const reply = await admin("GET", `/admin/orgs/${org.org_id}/keys?starting_after=${cursor}`)
        expect(reply.status).toBe(400)
        expect(reply.body.error).toMatchObject({ code: "invalid_request", param: "starting_after" })
      }
    })

    it("revokes a key by its secret in the body: the key answers 401 next, and the listing says revoked", async () => {
      const org = await createOrg(service.url)
      expect((await me(org.keys.test)).status).toBe(200)
      const revoked = await admin("POST", "/admin/keys/revoke", { key: org.keys.test })
      expect(revoked.status).toBe(200)
      expect(revoked.body).toEqual({ id: org.key_ids.test, revoked: true })
      expect((await me(org.keys.test)).status).toBe(401)
      expect((await me(org.keys.live)).status).toBe(200)
      const rows = new Map((await listing(org)).data.map((row) => [row.id, row]))
      const row = rows.get(org.key_ids.test)!
      expect(row).toMatchObject({ revoked: true, revoked_at: expect.any(String) })
      expect(new Date(row.revoked_at).toISOString()).toBe(row.revoked_at)
      expect(rows.get(org.key_ids.live)).toMatchObject({ revoked: false, revoked_at: null })
      // Again is harmless, and the revocation time stays the first one.
      expect((await admin("POST", "/admin/keys/revoke", { key: org.keys.test })).body).toEqual({ id: org.key_ids.test, revoked: true })
      expect((await listing(org)).data.find((r) => r.id === org.key_ids.test)!.revoked_at).toBe(row.revoked_at)
    })

    it("revokes by id through the same call and through DELETE, and answers 404 for an unknown key without echoing a secret", async () => {
      const org = await createOrg(service.url)
      expect((await admin("POST", "/admin/keys/revoke", { key: org.key_ids.live })).body).toEqual({ id: org.key_ids.live, revoked: true })
      expect((await me(org.keys.live)).status).toBe(401)
      expect((await admin("DELETE", `/admin/keys/${org.key_ids.test}`)).body).toEqual({ id: org.key_ids.test, revoked: true })
      expect((await me(org.keys.test)).status).toBe(401)
      expect((await listing(org)).data.map((row) => row.revoked)).toEqual([true, true])

      const fresh = await createOrg(service.url)
      const guess = `sk_live_${"Z".repeat(32)}`
      const noSecret = await admin("POST", "/admin/keys/revoke", { key: guess })
      expect(noSecret.status).toBe(404)
      expect(noSecret.body.error).toMatchObject({ code: "not_found", param: "key" })
      expect(noSecret.text).not.toContain(guess)
      const noId = await admin("POST", "/admin/keys/revoke", { key: "key_nope" })
      expect(noId.status).toBe(404)
      expect(noId.body.error).toMatchObject({ code: "not_found", param: "key" })
      expect((await admin("DELETE", "/admin/keys/key_nope")).status).toBe(404)
      expect((await listing(fresh)).data.map((row) => row.revoked)).toEqual([false, false])
    })

    it("keeps its bodies strict and its guard first: unknown fields named, bad JSON a 400, no token a 401, and nothing changes", async () => {
      const org = await createOrg(service.url)
      const extra = await admin("POST", "/admin/keys/revoke", { key: org.keys.live, also: 1 })
      expect(extra.status).toBe(400)
      expect(extra.body.error).toMatchObject({ code: "invalid_request", param: "also" })
      const empty = await admin("POST", "/admin/keys/revoke", { key: "" })
      expect(empty.body.error).toMatchObject({ code: "invalid_request", param: "key" })
      const nested = await admin("POST", "/admin/orgs", { name: "N", people: [{ name: "A", email: "a@n.test", role: "boss" }] })
      expect(nested.status).toBe(400)
      expect(nested.body.error).toMatchObject({ code: "invalid_request", param: "people.0.role" })
      for (const raw of ["{", "", "[]", "\"x\""]) {
        const reply = await call(service.url, "POST", "/admin/keys/revoke", {
          raw,
          headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" }
        })
        expect({ raw, status: reply.status, code: reply.body?.error?.code }).toEqual({ raw, status: 400, code: "invalid_request" })
      }
      const plain = await call(service.url, "POST", "/admin/keys/revoke", {
        raw: JSON.stringify({ key: org.keys.live }),
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "text/plain" }
      })
      expect(plain.status).toBe(400)
      for (const authorization of [undefined, "Bearer wrong", `Basic ${adminToken}`, `Bearer ${org.keys.live}`, `Nearer ${adminToken}`]) {
        const headers: Record<string, string> = authorization === undefined ? {} : { authorization }
        for (
          const [method, path, raw] of [["GET", `/admin/orgs/${org.org_id}/keys`, undefined], ["POST", "/admin/keys/revoke", "{"], [
            "POST",
            "/admin/keys/revoke",
            JSON.stringify({ key: org.keys.live })
          ]] as const
        ) {
          const reply = await call(service.url, method, path, { headers, ...(raw === undefined ? {} : { raw }) })
          expect({ authorization, path, status: reply.status, code: reply.body?.error?.code }).toEqual({
            authorization,
            path,
            status: 401,
            code: "unauthorized"
          })
        }
      }
      expect((await me(org.keys.live)).status).toBe(200)
      expect((await listing(org)).data.map((row) => row.revoked)).toEqual([false, false])
    })
  })
}

describe("the admin API in the interface document", () => {
  const document = JSON.parse(JSON.stringify(OpenApi.fromApi(Api)))
  const operations = Object.entries(document.paths as Record<string, Record<string, any>>)
    .filter(([path]) => path.startsWith("/admin"))
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })))

  it("is its own tag, said to be the operator's API behind the admin token and not the public interface", () => {
    const tag = document.tags.find((t: { name: string }) => t.name === "admin")
    expect(tag.description).toMatch(/admin token/)
    expect(tag.description).toMatch(/not part of the public interface/)
    expect(document.components.securitySchemes.AdminToken).toMatchObject({ type: "http", scheme: "bearer" })
  })

  it("gives every admin operation the admin tag, the admin token, a summary and a description", () => {
    expect(operations.map((o) => o.route).sort()).toEqual([
      "DELETE /admin/keys/{key_id}",
      "DELETE /admin/tokens/{token_id}",
      "GET /admin/orgs/{org_id}/keys",
      "GET /admin/orgs/{org_id}/playbook",
      "GET /admin/orgs/{org_id}/settings",
      "GET /admin/people/{person_id}/tokens",
      "POST /admin/keys/revoke",
      "POST /admin/orgs",
      "POST /admin/orgs/{org_id}/keys",
      "POST /admin/orgs/{org_id}/people",
      "POST /admin/people/{person_id}/tokens",
      "PUT /admin/orgs/{org_id}/playbook",
      "PUT /admin/orgs/{org_id}/settings"
    ])
    for (const { route, operation } of operations) {
      expect({ route, tags: operation.tags, security: operation.security }).toEqual({ route, tags: ["admin"], security: [{ AdminToken: [] }] })
      expect(operation.summary, route).toEqual(expect.stringMatching(/\w/))
      expect(operation.description, route).toEqual(expect.stringMatching(/\w{3,}.*\./))
    }
  })
})
