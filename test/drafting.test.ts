import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { FactKind } from "../src/Domain/Words/Fact.js"
import type { TemplateView } from "../src/Templates/Api.js"
import { apiClient, type ApiClient, type CreatedOrg, newOrg, refusal, seatOf, type WireRefusal } from "./support/apiClient.js"
import { call, idempotencyKey, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"

type Template = typeof TemplateView.Type
type Blank = Template["blanks"][number]

const sampleValue = (blank: Blank) => {
  const samples: Record<FactKind, string> = {
    party: `${blank.label} Holdings Ltd`,
    jurisdiction: "England and Wales",
    term: "three (3) years",
    money: "GBP 25,000",
    date: "1 March 2027",
    notice: "sixty (60) days"
  }
  return samples[blank.kind]
}

for (const database of databases) {
  describe(`drafting from templates (${database.name})`, () => {
    let service: Running
    let org: CreatedOrg
    let templates: ReadonlyArray<Template>
    const allFacts = (template: Template) => Object.fromEntries(template.blanks.map((blank) => [blank.key, sampleValue(blank)]))
    const client = (of: CreatedOrg, person?: string) => apiClient(service.url, seatOf(of, person === undefined ? {} : { person }))

    beforeAll(async () => {
      service = await sharedService(database)
      org = await Effect.runPromise(newOrg(service.url, "Acme Ltd"))
      templates = (await Effect.runPromise(Effect.flatMap(client(org), (api) => api.templates.list()))).data
    })
    afterAll(() => service.stop())

    it.effect("lists six templates with blanks of every fact kind", () =>
      Effect.gen(function*() {
        const api = yield* client(org)
        const [list, response] = yield* api.templates.list({ withResponse: true })
        expect(response.status).toBe(200)
        expect(list.has_more).toBe(false)
        expect(list.data.map((t) => t.id)).toEqual([
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
      }))

    it.effect("drafts a contract whose facts appear in the words, with a hash and a head sequence", () =>
      Effect.gen(function*() {
        const api = yield* client(org)
        const template = templates.find((t) => t.id === "tpl_master_services")!
        const [body, response] = yield* api.contracts.draft({ payload: { template_id: template.id, facts: allFacts(template) }, withResponse: true })
        expect(response.status).toBe(201)
        expect(body.id).toMatch(/^con_/)
        expect(body.state).toBe("draft")
        expect(body.origin).toBe("template")
        expect(body.url).toBe(`http://localhost/contracts/${body.id}`)
        expect(body.words_hash).toMatch(/^sha256:[0-9a-f]{64}$/)
        expect(body.head_sequence).toBe(1)
        expect(body.questions).toEqual([])
        expect(body.blocks.filter((b) => b.kind === "clause").length).toBeGreaterThanOrEqual(12)
        expect(new Set(body.blocks.map((b) => b.kind))).toEqual(new Set(["heading", "clause", "signature_block"]))
        for (const fact of body.facts) {
          expect(fact.occurrences.length).toBeGreaterThan(0)
          for (const blockId of fact.occurrences) {
            const block = body.blocks.find((b) => b.id === blockId)
            expect(block?.text).toContain(String(fact.value))
          }
        }
        expect(JSON.stringify(body.blocks)).not.toContain("{{")
        expect(body.you).toEqual({ person: org.people[0]!.id, party: body.parties[0]!.id, capacity: ["negotiator", "signer"], is_guest: false })
      }))

    it.effect("asks at most three questions for required blanks left out instead of guessing", () =>
      Effect.gen(function*() {
        const api = yield* client(org)
        const template = templates.find((t) => t.blanks.filter((b) => b.required).length >= 4)!
        const [body, response] = yield* api.contracts.draft({ payload: { template_id: template.id, facts: {} }, withResponse: true })
        expect(response.status).toBe(201)
        const required = template.blanks.filter((b) => b.required)
        expect(body.questions.length).toBe(3)
        for (const question of body.questions) {
          expect(question.id).toMatch(/^q_/)
          expect(question.asks.length).toBeGreaterThan(10)
          const fact = body.facts.find((f) => f.id === question.fact)
          expect(fact?.missing).toBe(true)
          expect(required.map((b) => b.key)).toContain(fact?.name)
        }
        expect(body.ready.to_send).toBe(false)
        expect(body.ready.missing_facts.length).toBe(required.length)
      }))

    it.effect("refuses a prompt together with a template_id, and a prompt no template fits, storing nothing", () =>
      Effect.gen(function*() {
        const fresh = yield* newOrg(service.url)
        const api = yield* client(fresh)
        const both = yield* refusal(api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", prompt: "An NDA with Beta" } }))
        expect(both).toMatchObject({ status: 400, code: "invalid_request", param: "prompt", type: "invalid_request_error" })
        const prompt = yield* refusal(api.contracts.draft({ payload: { prompt: "Buy me a sandwich." } }))
        expect(prompt).toMatchObject({ status: 400, code: "invalid_request", param: "prompt" })
        const list = yield* api.contracts.list({ urlParams: {} })
        expect(list.data).toEqual([])
      }))

    it.effect("refuses unknown templates, unknown blanks and empty values, storing nothing", () =>
      Effect.gen(function*() {
        const fresh = yield* newOrg(service.url)
        const api = yield* client(fresh)
        const draft = (template_id: string, facts: Record<string, string>) => refusal(api.contracts.draft({ payload: { template_id, facts } }))
        const unknownTemplate = yield* draft("tpl_nope", {})
        expect(unknownTemplate).toMatchObject({ status: 404, code: "not_found", param: "template_id" })
        const unknownBlank = yield* draft("tpl_mutual_nda", { colour: "blue" })
        expect(unknownBlank).toMatchObject({ status: 400, code: "invalid_request", param: "facts.colour" })
        const key = templates[0]!.blanks[0]!.key
        const empty = yield* draft("tpl_mutual_nda", { [key]: "  " })
        expect(empty).toMatchObject({ status: 400, code: "fact_has_no_span", param: `facts.${key}` })
        // A value the declared body cannot hold: the typed client would refuse to send it, so raw.
        const wrongType = yield* Effect.promise(() =>
          call<WireRefusal>(service.url, "POST", "/contracts", {
            key: fresh.keys.live,
            person: fresh.people[0]!.id,
            body: { template_id: "tpl_mutual_nda", facts: { [key]: { nested: true } } },
            headers: { "idempotency-key": idempotencyKey() }
          })
        )
        expect(wrongType.status).toBe(400)
        expect(wrongType.body.error.code).toBe("invalid_request")
        expect((yield* api.contracts.list({ urlParams: {} })).data).toEqual([])
      }))

    it.effect("reads the sheet and the state as the caller's seat", () =>
      Effect.gen(function*() {
        const api = yield* client(org)
        const drafted = yield* api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", facts: {} } })
        const [sheet, response] = yield* api.contracts.sheet({ path: { id: drafted.id }, withResponse: true })
        expect(response.status).toBe(200)
        expect(sheet.words_hash).toBe(drafted.words_hash)
        expect(sheet.blocks).toEqual(drafted.blocks)
        expect(sheet.ready).toBeDefined()
        const colleague = yield* client(org, org.people[1]!.id)
        expect((yield* colleague.contracts.sheet({ path: { id: drafted.id } })).you).toEqual({
          person: org.people[1]!.id,
          party: null,
          capacity: [],
          is_guest: false
        })
        const state = yield* api.contracts.state({ path: { id: drafted.id } })
        expect(state).toMatchObject({ contract: drafted.id, state: "draft", words_hash: drafted.words_hash, head_sequence: 1 })
        const stranger = yield* client(yield* newOrg(service.url))
        const hidden = yield* refusal(stranger.contracts.sheet({ path: { id: drafted.id } }))
        const missing = yield* refusal(stranger.contracts.sheet({ path: { id: "con_doesnotexist" } }))
        expect(hidden.status).toBe(404)
        expect(hidden.message.replace(drafted.id, "X")).toBe(missing.message.replace("con_doesnotexist", "X"))
      }))

    it.effect("lists newest first with filters and cursor pagination", () =>
      Effect.gen(function*() {
        const fresh = yield* newOrg(service.url)
        const api = yield* client(fresh)
        const ids: Array<string> = []
        for (let i = 0; i < 5; i++) {
          ids.push((yield* api.contracts.draft({ payload: { template_id: i % 2 === 0 ? "tpl_mutual_nda" : "tpl_consulting", facts: {} } })).id)
        }
        const list = (urlParams: Parameters<ApiClient["contracts"]["list"]>[0]["urlParams"]) => api.contracts.list({ urlParams })
        const first = yield* list({ limit: "2" })
        expect(first.data.map((r) => r.id)).toEqual([ids[4], ids[3]])
        expect(first).toMatchObject({ has_more: true, next_cursor: ids[3] })
        // The row's exact set of keys is the wire's, which a decoded row cannot show.
        const raw = yield* Effect.promise(() => seat(service.url, fresh).get<{ readonly data: ReadonlyArray<object> }>("/contracts?limit=2"))
        expect(Object.keys(raw.body.data[0]!).sort()).toEqual(
          ["created_at", "head_sequence", "id", "object", "origin", "relationship", "state", "title", "updated_at", "words_hash"]
        )
        const second = yield* list({ limit: "2", starting_after: first.next_cursor! })
        expect(second.data.map((r) => r.id)).toEqual([ids[2], ids[1]])
        const last = yield* list({ limit: "2", starting_after: second.next_cursor! })
        expect(last).toMatchObject({ has_more: false, next_cursor: null })
        expect(last.data.map((r) => r.id)).toEqual([ids[0]])
        expect((yield* list({ state: "draft", origin: "template" })).data.length).toBe(5)
        expect((yield* list({ state: "sent,agreed" })).data.length).toBe(0)
        expect((yield* list({ origin: "import" })).data.length).toBe(0)
        expect((yield* list({ relationship: "rel_none" })).data.length).toBe(0)
        const future = new Date(Date.now() + 3_600_000).toISOString()
        expect((yield* list({ updated_since: future })).data.length).toBe(0)
        expect((yield* list({ updated_since: "2020-01-01T00:00:00Z" })).data.length).toBe(5)
        const bad = [
          [{ state: "bogus" }, "state"],
          [{ origin: "fax" }, "origin"],
          [{ limit: "0" }, "limit"],
          [{ limit: "101" }, "limit"],
          [{ updated_since: "yesterday" }, "updated_since"],
          [{ starting_after: "con_nope" }, "starting_after"]
        ] as const
        for (const [query, param] of bad) {
          const refused = yield* refusal(list(query))
          expect(refused.status, JSON.stringify(query)).toBe(400)
          expect(refused).toMatchObject({ code: "invalid_request", param })
        }
      }))
  })
}
