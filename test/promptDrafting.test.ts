import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`drafting from a prompt (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const draft = (org: Org, body: unknown, key = idempotencyKey()) =>
      call(service.url, "POST", "/contracts", { key: org.keys.test, person: org.people[0]!.id, body, headers: { "idempotency-key": key } })
    const listed = async (org: Org) => (await call(service.url, "GET", "/contracts?limit=100", { key: org.keys.test })).body.data
    const factsOf = (sheet: { facts: ReadonlyArray<{ name: string; value: unknown; missing: boolean }> }) =>
      Object.fromEntries(sheet.facts.filter((f) => !f.missing).map((f) => [f.name, f.value]))

    it("picks the template, reads the facts the sentence states, proposes the people it names, and sends nothing", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const prompt = "Draft a mutual NDA with Globex Inc. under English law, effective 1 March 2027. Send it to jane@globex.com to sign."
      const drafted = await draft(acme, { prompt })
      expect(drafted.status).toBe(201)
      expect(drafted.body).toMatchObject({ state: "draft", origin: "prompt", title: "Mutual Non-Disclosure Agreement" })
      expect(factsOf(drafted.body)).toMatchObject({
        party_a: "Acme Ltd",
        party_b: "Globex Inc.",
        governing_law: "England and Wales",
        effective_date: "1 March 2027"
      })
      expect(drafted.body.proposed_recipients).toEqual([{ email: "jane@globex.com", capacity: ["signer"] }])
      expect(drafted.body.questions.length).toBeLessThanOrEqual(3)
      const text = drafted.body.blocks.map((b: { text: string }) => b.text).join("\n")
      for (const value of Object.values(factsOf(drafted.body))) expect(text).toContain(value)
      expect((await call(service.url, "GET", "/sandbox/outbox", { key: acme.keys.test })).body.data).toEqual([])
      expect((await call(service.url, "GET", "/contracts?origin=prompt", { key: acme.keys.test })).body.data.map((r: { id: string }) => r.id))
        .toEqual([drafted.body.id])
    })

    it("lets the caller's facts win over the sentence's, and asks instead of guessing what the sentence leaves out", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const chosen = await draft(acme, { prompt: "A consulting agreement with Initech LLC as our consultant.", facts: { consultant: "Initech Holdings LLC" } })
      expect(chosen.status).toBe(201)
      expect(factsOf(chosen.body)).toMatchObject({ client: "Acme Ltd", consultant: "Initech Holdings LLC" })
      const missing = chosen.body.facts.filter((f: { missing: boolean }) => f.missing).map((f: { name: string }) => f.name)
      expect(missing).toEqual(expect.arrayContaining(["effective_date", "daily_rate", "governing_law"]))
      expect(chosen.body.questions).toHaveLength(3)
      for (const question of chosen.body.questions) expect(question).toMatchObject({ id: expect.stringMatching(/^q_/), asks: expect.any(String) })
      expect(chosen.body.proposed_recipients).toEqual([])
    })

    it("asks about a fork the sentence leaves open rather than choosing for the caller", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const nda = await draft(acme, { prompt: "An NDA with Hooli Inc under Delaware law, effective 2 January 2027." })
      expect(nda.status).toBe(201)
      const forks = nda.body.questions.filter((q: { fact?: string }) => q.fact === undefined)
      expect(forks.length).toBeGreaterThan(0)
    })

    it("refuses a prompt with a template_id, a prompt no template fits, and a prompt over 5,000 characters, storing nothing", async () => {
      const acme = await createOrg(service.url)
      const cases: ReadonlyArray<Record<string, unknown>> = [
        { prompt: "A mutual NDA with Globex Inc.", template_id: "tpl_mutual_nda" },
        { prompt: "Buy me a sandwich with extra pickles." },
        { prompt: "" },
        { prompt: "NDA ".repeat(1300) }
      ]
      for (const body of cases) {
        const refused = await draft(acme, body)
        expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400)
        expect(refused.body.error).toMatchObject({ code: "invalid_request", param: "prompt" })
      }
      const unplaced = await draft(acme, { prompt: "Buy me a sandwich with extra pickles." })
      expect(unplaced.body.error.message.length).toBeGreaterThan(20)
      expect(await listed(acme)).toEqual([])
    })

    it("answers a retry under the same idempotency key with the same draft", async () => {
      const acme = await createOrg(service.url, "Acme Ltd")
      const key = idempotencyKey()
      const body = { prompt: "SaaS subscription for Globex Ltd at $24,000 a year; jane@globex.com negotiates." }
      const first = await draft(acme, body, key)
      const again = await draft(acme, body, key)
      expect(again.status).toBe(201)
      expect(again.body).toEqual(first.body)
      expect(await listed(acme)).toHaveLength(1)
    })
  })
}
