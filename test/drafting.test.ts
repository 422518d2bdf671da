import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"

interface Blank {
  key: string
  label: string
  kind: string
  required: boolean
}

const sampleValue = (blank: Blank) =>
  ({
    party: `${blank.label} Holdings Ltd`,
    jurisdiction: "England and Wales",
    term: "three (3) years",
    money: "GBP 25,000",
    date: "1 March 2027",
    notice: "sixty (60) days"
  })[blank.kind] ?? "value"

for (const database of databases) {
  describe(`drafting from templates (${database.name})`, () => {
    let service: Running
    let org: Org
    let templates: Array<{ id: string; name: string; blanks: Array<Blank> }>
    const allFacts = (template: { blanks: Array<Blank> }) =>
      Object.fromEntries(template.blanks.map((blank) => [blank.key, sampleValue(blank)]))

    beforeAll(async () => {
      service = await startService(database)
      org = await createOrg(service.url, "Acme Ltd")
      templates = (await seat(service.url, org).get("/templates")).body.data
    })
    afterAll(() => service.stop())

    it("lists six templates with blanks of every fact kind", async () => {
      const reply = await seat(service.url, org).get("/templates")
      expect(reply.status).toBe(200)
      expect(reply.body.has_more).toBe(false)
      expect(reply.body.data.map((t: { id: string }) => t.id)).toEqual([
        "tpl_mutual_nda",
        "tpl_one_way_nda",
        "tpl_master_services",
        "tpl_statement_of_work",
        "tpl_consulting",
        "tpl_saas_subscription"
      ])
      const kinds = new Set(templates.flatMap((t) => t.blanks.map((b) => b.kind)))
      expect([...kinds].sort()).toEqual(["date", "jurisdiction", "money", "notice", "party", "term"])
      for (const template of templates) expect(template.blanks.some((b) => b.required)).toBe(true)
    })

    it("drafts a contract whose facts appear in the words, with a hash and a head sequence", async () => {
      const template = templates.find((t) => t.id === "tpl_master_services")!
      const reply = await seat(service.url, org).draft(template.id, allFacts(template))
      expect(reply.status).toBe(201)
      const body = reply.body
      expect(body.id).toMatch(/^con_/)
      expect(body.state).toBe("draft")
      expect(body.origin).toBe("template")
      expect(body.url).toBe(`http://localhost/contracts/${body.id}`)
      expect(body.words_hash).toMatch(/^sha256:[0-9a-f]{64}$/)
      expect(body.head_sequence).toBe(1)
      expect(body.questions).toEqual([])
      expect(body.blocks.filter((b: { kind: string }) => b.kind === "clause").length).toBeGreaterThanOrEqual(12)
      expect(new Set(body.blocks.map((b: { kind: string }) => b.kind))).toEqual(new Set(["heading", "clause", "signature_block"]))
      for (const fact of body.facts) {
        expect(fact.occurrences.length).toBeGreaterThan(0)
        for (const blockId of fact.occurrences) {
          const block = body.blocks.find((b: { id: string }) => b.id === blockId)
          expect(block.text).toContain(String(fact.value))
        }
      }
      expect(JSON.stringify(body.blocks)).not.toContain("{{")
      expect(body.you).toEqual({ person: org.people[0]!.id, party: body.parties[0].id, capacity: ["negotiator", "signer"], is_guest: false })
    })

    it("asks at most three questions for required blanks left out instead of guessing", async () => {
      const template = templates.find((t) => t.blanks.filter((b) => b.required).length >= 4)!
      const reply = await seat(service.url, org).draft(template.id, {})
      expect(reply.status).toBe(201)
      const required = template.blanks.filter((b) => b.required)
      expect(reply.body.questions.length).toBe(3)
      for (const question of reply.body.questions) {
        expect(question.id).toMatch(/^q_/)
        expect(question.asks.length).toBeGreaterThan(10)
        const fact = reply.body.facts.find((f: { id: string }) => f.id === question.fact)
        expect(fact.missing).toBe(true)
        expect(required.map((b) => b.key)).toContain(fact.name)
      }
      expect(reply.body.ready.to_send).toBe(false)
      expect(reply.body.ready.missing_facts.length).toBe(required.length)
    })

    it("refuses a prompt together with a template_id, and a prompt alone, storing nothing", async () => {
      const fresh = await createOrg(service.url)
      const both = await call(service.url, "POST", "/contracts", {
        key: fresh.keys.live,
        person: fresh.people[0]!.id,
        body: { template_id: "tpl_mutual_nda", prompt: "An NDA with Beta" },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(both.status).toBe(400)
      expect(both.body.error).toMatchObject({ code: "invalid_request", param: "prompt", type: "invalid_request_error" })
      const prompt = await call(service.url, "POST", "/contracts", {
        key: fresh.keys.live,
        person: fresh.people[0]!.id,
        body: { prompt: "An NDA with Beta" },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(prompt.status).toBe(400)
      expect(prompt.body.error.param).toBe("prompt")
      expect(prompt.body.error.message).toMatch(/prompt/)
      const list = await seat(service.url, fresh).get("/contracts")
      expect(list.body.data).toEqual([])
    })

    it("refuses unknown templates, unknown blanks and empty values, storing nothing", async () => {
      const fresh = await createOrg(service.url)
      const s = seat(service.url, fresh)
      const unknownTemplate = await s.draft("tpl_nope")
      expect(unknownTemplate.status).toBe(404)
      expect(unknownTemplate.body.error).toMatchObject({ code: "not_found", param: "template_id" })
      const unknownBlank = await s.draft("tpl_mutual_nda", { colour: "blue" })
      expect(unknownBlank.status).toBe(400)
      expect(unknownBlank.body.error).toMatchObject({ code: "invalid_request", param: "facts.colour" })
      const key = templates[0]!.blanks[0]!.key
      const empty = await s.draft("tpl_mutual_nda", { [key]: "  " })
      expect(empty.status).toBe(400)
      expect(empty.body.error).toMatchObject({ code: "fact_has_no_span", param: `facts.${key}` })
      const wrongType = await s.draft("tpl_mutual_nda", { [key]: { nested: true } } as never)
      expect(wrongType.status).toBe(400)
      expect(wrongType.body.error.code).toBe("invalid_request")
      expect((await s.get("/contracts")).body.data).toEqual([])
    })

    it("reads the sheet and the state as the caller's seat", async () => {
      const drafted = (await seat(service.url, org).draft()).body
      const sheet = await seat(service.url, org).get(`/contracts/${drafted.id}`)
      expect(sheet.status).toBe(200)
      expect(sheet.body.words_hash).toBe(drafted.words_hash)
      expect(sheet.body.blocks).toEqual(drafted.blocks)
      expect(sheet.body.ready).toBeDefined()
      const colleague = await seat(service.url, org, org.people[1]!.id).get(`/contracts/${drafted.id}`)
      expect(colleague.body.you).toEqual({ person: org.people[1]!.id, party: null, capacity: [], is_guest: false })
      const state = await seat(service.url, org).get(`/contracts/${drafted.id}/state`)
      expect(state.body).toMatchObject({ contract: drafted.id, state: "draft", words_hash: drafted.words_hash, head_sequence: 1 })
      const stranger = await createOrg(service.url)
      const hidden = await seat(service.url, stranger).get(`/contracts/${drafted.id}`)
      const missing = await seat(service.url, stranger).get(`/contracts/con_doesnotexist`)
      expect(hidden.status).toBe(404)
      expect(hidden.body.error.message.replace(drafted.id, "X")).toBe(missing.body.error.message.replace("con_doesnotexist", "X"))
    })

    it("lists newest first with filters and cursor pagination", async () => {
      const fresh = await createOrg(service.url)
      const s = seat(service.url, fresh)
      const ids: Array<string> = []
      for (let i = 0; i < 5; i++) ids.push((await s.draft(i % 2 === 0 ? "tpl_mutual_nda" : "tpl_consulting")).body.id)
      const first = await s.get("/contracts?limit=2")
      expect(first.body.data.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3]])
      expect(first.body).toMatchObject({ has_more: true, next_cursor: ids[3] })
      expect(Object.keys(first.body.data[0]).sort()).toEqual(
        ["created_at", "head_sequence", "id", "object", "origin", "relationship", "state", "title", "updated_at", "words_hash"]
      )
      const second = await s.get(`/contracts?limit=2&starting_after=${first.body.next_cursor}`)
      expect(second.body.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]])
      const last = await s.get(`/contracts?limit=2&starting_after=${second.body.next_cursor}`)
      expect(last.body).toMatchObject({ has_more: false, next_cursor: null })
      expect(last.body.data.map((r: { id: string }) => r.id)).toEqual([ids[0]])
      expect((await s.get("/contracts?state=draft&origin=template")).body.data.length).toBe(5)
      expect((await s.get("/contracts?state=sent,agreed")).body.data.length).toBe(0)
      expect((await s.get("/contracts?origin=import")).body.data.length).toBe(0)
      expect((await s.get("/contracts?relationship=rel_none")).body.data.length).toBe(0)
      const future = new Date(Date.now() + 3_600_000).toISOString()
      expect((await s.get(`/contracts?updated_since=${future}`)).body.data.length).toBe(0)
      expect((await s.get(`/contracts?updated_since=2020-01-01T00:00:00Z`)).body.data.length).toBe(5)
      for (const [query, param] of [["state=bogus", "state"], ["origin=fax", "origin"], ["limit=0", "limit"], ["limit=101", "limit"], ["updated_since=yesterday", "updated_since"], ["starting_after=con_nope", "starting_after"]]) {
        const bad = await s.get(`/contracts?${query}`)
        expect(bad.status, query).toBe(400)
        expect(bad.body.error).toMatchObject({ code: "invalid_request", param })
      }
    })
  })
}
