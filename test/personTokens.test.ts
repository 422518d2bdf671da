import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey, issuePersonToken, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { adminToken, type Running, sharedService, startService } from "./support/service.js"

const everyPersonScope = ["contracts:read", "contracts:write", "decisions:write", "send", "sign", "assets:write", "imports:write", "ask:read"]

for (const database of databases) {
  describe(`person tokens (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const admin = (method: string, path: string, body?: unknown) =>
      call(service.url, method, path, { headers: { authorization: `Bearer ${adminToken}` }, ...(body === undefined ? {} : { body }) })
    const as = (token: string, headers: Record<string, string> = {}) => ({
      get: (path: string) => call(service.url, "GET", path, { key: token, headers }),
      post: (path: string, body: unknown, extra: Record<string, string> = {}) =>
        call(service.url, "POST", path, { key: token, body, headers: { ...headers, ...extra } })
    })

    it("is issued once, hashed, live and with every scope but webhooks:manage by default, and /me says person_token", async () => {
      const org = await createOrg(service.url)
      const ada = org.people[0]!
      const issued = await issuePersonToken(service.url, ada.id)
      expect(issued).toEqual({
        id: expect.stringMatching(/^ptk_/),
        token: expect.stringMatching(/^pt_live_[0-9A-Za-z]{32}$/),
        person_id: ada.id,
        mode: "live",
        scopes: everyPersonScope
      })
      const me = await as(issued.token).get("/me")
      expect(me.status).toBe(200)
      expect(me.body).toMatchObject({
        person_id: ada.id,
        name: ada.name,
        email: ada.email,
        org_id: org.org_id,
        credential: "person_token",
        is_guest: false,
        livemode: true,
        scopes: everyPersonScope,
        person_rung: 0,
        org_ceiling: 0,
        effective_rung: 0
      })
      const listed = await admin("GET", `/admin/people/${ada.id}/tokens`)
      expect(listed.body.data).toEqual([{
        id: issued.id,
        object: "person_token",
        person_id: ada.id,
        mode: "live",
        scopes: everyPersonScope,
        created: expect.any(String),
        last4: issued.token.slice(-4),
        revoked: false,
        revoked_at: null
      }])
      expect(listed.text).not.toContain(issued.token)
    })

    it("acts as its person's seat with no Contracts-Acting-Person, and sees exactly what that person's GET sees", async () => {
      const { ada, bea, beta, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const token = await issuePersonToken(service.url, bea.person, { mode: "test" })
      const agent = as(token.token)
      for (const path of [`/contracts/${drafted.id}`, `/contracts/${drafted.id}/state`, `/contracts/${drafted.id}/asks`, `/contracts/${drafted.id}/letters`]) {
        const viaToken = await agent.get(path)
        const viaKey = await bea.get(path)
        expect(viaToken.status, path).toBe(200)
        expect(viaToken.body, path).toEqual(viaKey.body)
      }
      // Brook, Beta's other person, holds no party on it: his token answers as his key acting for him does.
      const brook = await issuePersonToken(service.url, beta.people[1]!.id, { mode: "test" })
      const brookKey = seat(service.url, beta, beta.people[1]!.id, beta.keys.test)
      for (const path of [`/contracts/${drafted.id}`, `/contracts/${drafted.id}/asks`, "/attention"]) {
        expect((await as(brook.token).get(path)).body, path).toEqual((await brookKey.get(path)).body)
      }
      // A token drafts as its person: the contract is theirs.
      const made = await agent.post("/contracts", { template_id: "tpl_mutual_nda", facts: {} }, { "idempotency-key": idempotencyKey() })
      expect(made.status, made.text).toBe(201)
      expect(made.body.origin).toBe("template")
      expect((await agent.get(`/contracts/${made.body.id}`)).body.you.person).toBe(bea.person)
      expect((await ada.get(`/contracts/${made.body.id}`)).status).toBe(404)
    })

    it("refuses a Contracts-Acting-Person naming anyone else, and takes one naming its own person", async () => {
      const org = await createOrg(service.url)
      const [ada, brook] = org.people
      const token = await issuePersonToken(service.url, ada!.id)
      const other = await as(token.token, { "contracts-acting-person": brook!.id }).get("/me")
      expect(other.status).toBe(400)
      expect(other.body.error).toMatchObject({ code: "invalid_request", param: "Contracts-Acting-Person" })
      const same = await as(token.token, { "contracts-acting-person": ada!.id }).get("/me")
      expect(same.status).toBe(200)
      expect(same.body.person_id).toBe(ada!.id)
    })

    it("still needs confirmed_by to send: a token is no button press", async () => {
      const { ada } = await twoOrgs(service.url)
      const token = await issuePersonToken(service.url, ada.person, { mode: "test" })
      const drafted = (await ada.draft()).body
      const refused = await as(token.token).post(`/contracts/${drafted.id}/send`, {
        recipients: [{ email: "x@outside.test", name: "X", capacity: ["negotiator", "signer"] }]
      }, {
        "if-match": drafted.words_hash,
        "idempotency-key": idempotencyKey()
      })
      expect(refused.status, refused.text).toBe(409)
      expect(refused.body.error.code).toBe("confirmation_required")
      expect((await ada.sheet(drafted.id)).state).toBe("draft")
    })

    it("holds only its scopes, and never webhooks:manage", async () => {
      const org = await createOrg(service.url)
      const reader = await issuePersonToken(service.url, org.people[0]!.id, { scopes: ["contracts:read"] })
      const refused = await as(reader.token).post("/contracts", { template_id: "tpl_mutual_nda", facts: {} }, { "idempotency-key": idempotencyKey() })
      expect(refused.status).toBe(403)
      expect(refused.body.error).toMatchObject({ code: "insufficient_scope", param: "contracts:write" })
      const webhooks = await admin("POST", `/admin/people/${org.people[0]!.id}/tokens`, { scopes: ["contracts:read", "webhooks:manage"] })
      expect(webhooks.status).toBe(400)
      expect(webhooks.body.error.param).toBe("scopes.1")
      const listed = await admin("GET", `/admin/people/${org.people[0]!.id}/tokens`)
      expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([reader.id])
    })

    it("is refused for an unknown person or a person of no org, and revoked at once", async () => {
      expect((await admin("POST", "/admin/people/per_nope/tokens", {})).status).toBe(404)
      expect((await admin("GET", "/admin/people/per_nope/tokens")).status).toBe(404)
      expect((await admin("DELETE", "/admin/tokens/ptk_nope")).status).toBe(404)
      const { bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      // A recipient outside the server becomes a person of no org, with a guest link.
      const guestSend = await bea.get(`/contracts/${drafted.id}`)
      expect(guestSend.status).toBe(200)
      const outsider = await call(service.url, "POST", `/contracts/${drafted.id}/invite`, {
        key: bea.org.keys.test,
        person: bea.person,
        body: { email: "someone@outside.test", name: "Someone", capacity: ["negotiator"] }
      })
      expect(outsider.status, outsider.text).toBe(201)
      const guestToken = await admin("POST", `/admin/people/${outsider.body.person}/tokens`, {})
      expect(guestToken.status).toBe(400)
      expect(guestToken.body.error.param).toBe("person_id")

      const org = await createOrg(service.url)
      const token = await issuePersonToken(service.url, org.people[0]!.id)
      expect((await as(token.token).get("/me")).status).toBe(200)
      expect((await admin("DELETE", `/admin/tokens/${token.id}`)).body).toEqual({ id: token.id, revoked: true })
      const after = await as(token.token).get("/me")
      expect(after.status).toBe(401)
      expect(after.body.error.code).toBe("unauthorized")
      expect((await admin("DELETE", `/admin/tokens/${token.id}`)).body).toEqual({ id: token.id, revoked: true })
      expect((await admin("GET", `/admin/people/${org.people[0]!.id}/tokens`)).body.data[0]).toMatchObject({ revoked: true, revoked_at: expect.any(String) })
      // An unknown token in the right shape is the same 401.
      expect((await as(`pt_live_${"x".repeat(32)}`).get("/me")).status).toBe(401)
    })

    it("spends its person's rate allowance, not the org's", async () => {
      const limited = await startService(database, { rateLimits: { readsPerMinute: 5 } })
      try {
        const me = (key: string, person?: string) => call(limited.url, "GET", "/me", { key, ...(person === undefined ? {} : { person }) })
        const org = await createOrg(limited.url)
        const [ada, brook] = org.people
        const token = await issuePersonToken(limited.url, ada!.id)
        const statuses = []
        for (let i = 0; i < 7; i++) statuses.push((await me(token.token)).status)
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
        // The org key acting for Ada, and Brook's token, each still have a whole allowance.
        expect((await me(org.keys.live, ada!.id)).status).toBe(200)
        const brookToken = await issuePersonToken(limited.url, brook!.id)
        expect((await me(brookToken.token)).status).toBe(200)
      } finally {
        await limited.stop()
      }
    })
  })
}
