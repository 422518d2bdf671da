import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { acmeRules, setPlaybook } from "../support/playbooks.js"
import { adminToken, type Running, sharedService } from "../support/service.js"

for (const database of databases) {
  describe(`playbooks: set by the operator, read by the org (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const admin = { authorization: `Bearer ${adminToken}` }
    const readAs = (org: Awaited<ReturnType<typeof createOrg>>, key = org.keys.test) => seat(service.url, org, org.people[0]!.id, key)

    it("stores the rules in order with ids, answers them to the org's keys in both modes, and filters by topic", async () => {
      const acme = await createOrg(service.url)
      const set = await setPlaybook(service.url, acme.org_id, acmeRules)
      expect(set.status).toBe(200)
      expect(set.body.org_id).toBe(acme.org_id)
      expect(set.body.rules).toHaveLength(3)
      for (const [index, rule] of set.body.rules.entries()) {
        expect(rule).toEqual({ id: expect.stringMatching(/^pbk_/), object: "playbook_rule", source: "org_settings", ...acmeRules[index] })
      }
      for (const key of [acme.keys.test, acme.keys.live]) {
        expect((await readAs(acme, key).get("/playbooks")).body).toEqual({ data: set.body.rules, has_more: false })
      }
      expect((await readAs(acme).get("/playbooks?topic=liability_cap")).body.data).toEqual([set.body.rules[1]])
      expect((await readAs(acme).get("/playbooks?topic=notice_period")).body.data).toEqual([])
      const unknown = await readAs(acme).get("/playbooks?topic=vibes")
      expect(unknown.status).toBe(400)
      expect(unknown.body.error).toMatchObject({ code: "invalid_request", param: "topic" })
      expect((await call(service.url, "GET", `/admin/orgs/${acme.org_id}/playbook`, { headers: admin })).body).toEqual(set.body)
    })

    it("never shows one org's playbook to another", async () => {
      const acme = await createOrg(service.url)
      const beta = await createOrg(service.url)
      await setPlaybook(service.url, acme.org_id, acmeRules)
      const seen = await readAs(beta).get("/playbooks")
      expect(seen.body).toEqual({ data: [], has_more: false })
      expect(seen.text).not.toContain(acmeRules[0]!.rule_text)
    })

    it("keeps a rule's id when a save names it, and refuses an id that is not the org's, or named twice", async () => {
      const acme = await createOrg(service.url)
      const other = await createOrg(service.url)
      const first = (await setPlaybook(service.url, acme.org_id, acmeRules)).body.rules
      const foreign = (await setPlaybook(service.url, other.org_id, acmeRules)).body.rules[0].id
      const kept = await setPlaybook(service.url, acme.org_id, [{ ...acmeRules[1], id: first[1].id, rule_text: "Changed." }, acmeRules[0]!])
      expect(kept.status).toBe(200)
      expect(kept.body.rules[0]).toMatchObject({ id: first[1].id, rule_text: "Changed." })
      expect(kept.body.rules[1].id).not.toBe(first[0].id)
      for (const rules of [[{ ...acmeRules[0], id: foreign }], [{ ...acmeRules[0], id: first[1].id }, { ...acmeRules[1], id: first[1].id }]]) {
        const refused = await setPlaybook(service.url, acme.org_id, rules)
        expect(refused.status).toBe(400)
        expect(refused.body.error.param).toMatch(/^rules\[\d\]\.id$/)
      }
      expect((await readAs(acme).get("/playbooks")).body.data).toEqual(kept.body.rules)
    })

    it("refuses each malformed rule by its param and leaves the stored playbook whole", async () => {
      const acme = await createOrg(service.url)
      const stored = (await setPlaybook(service.url, acme.org_id, acmeRules)).body.rules
      const [payment] = acmeRules
      const cases: ReadonlyArray<[Record<string, unknown>, string]> = [
        [{ ...payment, term: "vibes" }, "rules[1].term"],
        [{ ...payment, rule_text: "  " }, "rules[1].rule_text"],
        [{ ...payment, rule_text: "x".repeat(2001) }, "rules[1].rule_text"],
        [{ ...payment, floor: { value: 60, unit: "days" } }, "rules[1]"],
        [{ ...payment, preferred: { value: 90, unit: "days" } }, "rules[1].preferred"],
        [{ ...payment, floor: { value: 15, unit: "parsecs" } }, "rules[1].floor.unit"],
        [{ ...payment, floor: { value: -1, unit: "days" } }, "rules[1].floor.value"],
        [{ ...payment, ceiling: { value: 45, unit: "USD" } }, "rules[1].ceiling.unit"]
      ]
      for (const [rule, param] of cases) {
        const refused = await setPlaybook(service.url, acme.org_id, [acmeRules[1]!, rule])
        expect(refused.status, JSON.stringify(rule)).toBe(400)
        expect(refused.body.error.code).toBe("invalid_request")
        expect(refused.body.error.param, JSON.stringify(rule)).toMatch(new RegExp(`^${param.replace(/[[\]]/g, "\\$&")}`))
      }
      const extra = await setPlaybook(service.url, acme.org_id, [{ ...payment, extra: 1 }])
      expect(extra.status).toBe(400)
      const tooMany = await setPlaybook(service.url, acme.org_id, Array.from({ length: 201 }, () => payment))
      expect(tooMany.status).toBe(400)
      expect((await readAs(acme).get("/playbooks")).body.data).toEqual(stored)
      const emptied = await setPlaybook(service.url, acme.org_id, [])
      expect(emptied.body.rules).toEqual([])
      expect((await readAs(acme).get("/playbooks")).body.data).toEqual([])
    })

    it("answers 404 for an org that does not exist, and opens to the admin token alone", async () => {
      const missing = await setPlaybook(service.url, "org_doesnotexist", acmeRules)
      expect(missing.status).toBe(404)
      const acme = await createOrg(service.url)
      const withKey = await call(service.url, "PUT", `/admin/orgs/${acme.org_id}/playbook`, { key: acme.keys.live, body: { rules: acmeRules } })
      expect(withKey.status).toBe(401)
      expect((await readAs(acme).get("/playbooks")).body.data).toEqual([])
    })
  })
}
