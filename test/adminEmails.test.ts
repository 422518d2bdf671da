import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, sharedService } from "./support/service.js"

const admin = { authorization: `Bearer ${adminToken}` }
let emails = 0
const freshEmail = (local = "pat") => `${local}.${++emails}.${Math.random().toString(36).slice(2, 8)}@emails.test`

// SEMANTICS.md: a person belongs to at most one org, and a recipient whose email belongs to a person
// of an org gets that person's seat. So one email names at most one person of any org.
for (const database of databases) {
  describe(`one email, one org person (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const addPerson = (orgId: string, email: string) =>
      call(service.url, "POST", `/admin/orgs/${orgId}/people`, { headers: admin, body: { name: "Pat Doe", email } })
    const newOrg = (people: ReadonlyArray<{ name: string; email: string }>) =>
      call(service.url, "POST", "/admin/orgs", { headers: admin, body: { name: "Gamma Ltd", people } })

    it("refuses a second person of any org for an email, in any case, naming who has it, and stores nothing", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const beta = await createOrg(service.url, "Beta GmbH")
      const ada = acme.people[0]!
      const elsewhere = await addPerson(beta.org_id, ada.email.toUpperCase())
      expect(elsewhere.status).toBe(409)
      expect(elsewhere.body.error).toMatchObject({ type: "conflict_error", code: "email_in_use", param: "email" })
      expect(elsewhere.body.error.message).toContain(`${ada.id}, a person of another org (${acme.org_id})`)
      const again = await addPerson(acme.org_id, ada.email)
      expect(again.status).toBe(409)
      expect(again.body.error.message).toContain(`${ada.id}, a person of this org`)

      const al = freshEmail("al")
      const withIt = await newOrg([{ name: "Al", email: al }, { name: "Ada", email: ada.email }])
      expect(withIt.status).toBe(409)
      expect(withIt.body.error).toMatchObject({ code: "email_in_use", param: "people.1.email" })
      // Nothing of the refused org was made: its first person's email is still free.
      expect((await addPerson(beta.org_id, al)).status).toBe(201)
      const twice = await newOrg([{ name: "A", email: "same@twice.test" }, { name: "B", email: "SAME@twice.test" }])
      expect(twice.status).toBe(400)
      expect(twice.body.error).toMatchObject({ code: "invalid_request", param: "people.1.email" })

      // Acme's Ada is still the one person the email names: a Send to it seats her.
      const bee = beta.people[0]!
      const drafted = (await call(service.url, "POST", "/contracts", {
        key: beta.keys.test,
        person: bee.id,
        body: { template_id: "tpl_mutual_nda" },
        headers: { "idempotency-key": idempotencyKey() }
      })).body
      const sent = await call(service.url, "POST", `/contracts/${drafted.id}/send`, {
        key: beta.keys.test,
        person: bee.id,
        body: { recipients: [{ email: ada.email, name: "Ada", capacity: ["negotiator", "signer"] }], confirmed_by: bee.id },
        headers: { "if-match": drafted.words_hash, "idempotency-key": idempotencyKey() }
      })
      expect(sent.status, sent.text).toBe(200)
      const sheet = (await call(service.url, "GET", `/contracts/${drafted.id}`, { key: acme.keys.test, person: ada.id })).body
      expect(sheet.you).toMatchObject({ person: ada.id, is_guest: false })
    })

    it("lets exactly one of several calls at once have an email", async () => {
      const orgs = await Promise.all([1, 2, 3, 4].map(() => createOrg(service.url)))
      const email = freshEmail()
      const answers = await Promise.all(orgs.map((org) => addPerson(org.org_id, email)))
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409])
    })

    it("leaves external people alone: a guest's email can later become an org person's", async () => {
      const acme = await createOrg(service.url)
      const beta = await createOrg(service.url)
      const ada = acme.people[0]!
      const guest = freshEmail("guest")
      const drafted = (await call(service.url, "POST", "/contracts", {
        key: acme.keys.test,
        person: ada.id,
        body: { template_id: "tpl_mutual_nda" },
        headers: { "idempotency-key": idempotencyKey() }
      })).body
      const sent = await call(service.url, "POST", `/contracts/${drafted.id}/send`, {
        key: acme.keys.test,
        person: ada.id,
        body: { recipients: [{ email: guest, name: "Gus", capacity: ["negotiator"] }], confirmed_by: ada.id },
        headers: { "if-match": drafted.words_hash, "idempotency-key": idempotencyKey() }
      })
      expect(sent.status, sent.text).toBe(200)
      expect((await addPerson(beta.org_id, guest)).status).toBe(201)
    })
  })
}
