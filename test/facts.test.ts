import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { apiClient, type CreatedOrg, newOrg, refusal, type Seat, seatOf, type WireRefusal } from "./support/apiClient.js"
import { seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`facts before the first Send (${database.name})`, () => {
    let service: Running
    let org: CreatedOrg
    beforeAll(async () => {
      service = await sharedService(database)
      org = await Effect.runPromise(newOrg(service.url, "Acme Ltd"))
    })
    afterAll(() => service.stop())

    const as = (who?: Seat) => Effect.suspend(() => apiClient(service.url, who ?? seatOf(org)))
    const drafted = Effect.flatMap(as(), (api) => api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", facts: {} } }))
    const sheet = (id: string) => Effect.flatMap(as(), (api) => api.contracts.sheet({ path: { id } }))
    const events = (id: string, urlParams: { readonly limit?: string; readonly starting_after?: string } = {}) =>
      Effect.flatMap(as(), (api) => api.contracts.events({ path: { id }, urlParams }))
    const setFact = (id: string, fact_id: string, value: string, ifMatch?: string) =>
      Effect.flatMap(
        as(),
        (api) =>
          api.contracts.setFact({
            path: { id, fact_id },
            payload: { value },
            headers: ifMatch === undefined ? {} : { "if-match": ifMatch },
            withResponse: true
          })
      )

    it.effect("applies a new value to every occurrence and returns the new hash", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const fact = contract.facts.find((f) => f.kind === "party")!
        const [edit, response] = yield* setFact(contract.id, fact.id, "Zephyr Widgets plc", contract.words_hash)
        expect(response.status).toBe(200)
        expect(edit.applied).toBe(true)
        expect([...edit.blocks_touched].sort()).toEqual([...fact.occurrences].sort())
        expect(edit.words_hash).not.toBe(contract.words_hash)
        const after = yield* sheet(contract.id)
        expect(after.words_hash).toBe(edit.words_hash)
        for (const blockId of fact.occurrences) {
          const block = after.blocks.find((b) => b.id === blockId)
          expect(block?.text).toContain("Zephyr Widgets plc")
          expect(block?.text).not.toContain(String(fact.value))
        }
        const updated = after.facts.find((f) => f.id === fact.id)
        expect(updated).toMatchObject({ value: "Zephyr Widgets plc", missing: false })
        // Other facts in the same blocks still point at their own words.
        for (const other of after.facts) {
          for (const blockId of other.occurrences) {
            expect(after.blocks.find((b) => b.id === blockId)?.text).toContain(String(other.value))
          }
        }
        const log = yield* events(contract.id)
        expect(log.data.map((e) => e.type)).toEqual(["contract.drafted", "words.changed"])
        expect(log.data.map((e) => e.sequence)).toEqual([1, 2])
        expect(log.head_sequence).toBe(2)
        expect(log.data[1]!.data).toMatchObject({ words_hash: edit.words_hash, previous_hash: contract.words_hash, signatures_voided: [] })
      }))

    it.effect("fills a missing required blank, clearing it from the questions' list of missing facts", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const missing = contract.facts.find((f) => f.missing)!
        const [, response] = yield* setFact(contract.id, missing.id, "1 April 2027", contract.words_hash)
        expect(response.status).toBe(200)
        const after = yield* sheet(contract.id)
        expect(after.ready.missing_facts).not.toContain(missing.id)
        expect(after.blocks.map((b) => b.text).join("\n")).not.toContain(String(missing.value))
      }))

    it.effect("needs If-Match: none is 428, stale is 409 with the current hash; nothing changes", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const fact = contract.facts[0]!
        const none = yield* refusal(setFact(contract.id, fact.id, "Other Ltd"))
        expect(none).toMatchObject({ status: 428, code: "if_match_required", type: "invalid_request_error" })
        const stale = yield* refusal(setFact(contract.id, fact.id, "Other Ltd", "sha256:" + "0".repeat(64)))
        expect(stale.status).toBe(409)
        expect(stale.code).toBe("words_changed")
        expect(stale.details.current_hash).toBe(contract.words_hash)
        const after = yield* sheet(contract.id)
        expect(after.words_hash).toBe(contract.words_hash)
        expect(after.head_sequence).toBe(1)
        expect(after.blocks).toEqual(contract.blocks)
      }))

    // The header's spelling on the wire is the point, so this one stays raw.
    it("accepts a quoted If-Match as ETags are usually sent", async () => {
      const contract = await Effect.runPromise(drafted)
      const reply = await seat(service.url, org).post<unknown>(`/contracts/${contract.id}/facts/${contract.facts[0]!.id}`, { value: "Quoted Ltd" }, {
        "if-match": `"${contract.words_hash}"`
      })
      expect(reply.status).toBe(200)
    })

    it.effect("refuses a value that would appear nowhere, and bad values, leaving the words alone", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const fact = contract.facts[0]!
        const empty = yield* refusal(setFact(contract.id, fact.id, "", contract.words_hash))
        expect(empty).toMatchObject({ status: 400, code: "fact_has_no_span", param: "value" })
        // An object is no fact value: the typed client would refuse to send it, so raw.
        const objectValue = yield* Effect.promise(() =>
          seat(service.url, org).post<WireRefusal>(`/contracts/${contract.id}/facts/${fact.id}`, { value: { a: 1 } }, { "if-match": contract.words_hash })
        )
        expect(objectValue.status).toBe(400)
        expect(objectValue.body.error).toMatchObject({ code: "invalid_request", param: "value" })
        const tooLong = yield* refusal(setFact(contract.id, fact.id, "x".repeat(2001), contract.words_hash))
        expect(tooLong).toMatchObject({ status: 400, code: "invalid_request", param: "value" })
        const unknownFact = yield* refusal(setFact(contract.id, "fct_nope", "x", contract.words_hash))
        expect(unknownFact.status).toBe(404)
        const after = yield* sheet(contract.id)
        expect(after.words_hash).toBe(contract.words_hash)
        expect(after.head_sequence).toBe(1)
      }))

    it.effect("keeps other orgs out of a draft: 404, as if it did not exist", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const stranger = yield* as(seatOf(yield* newOrg(service.url)))
        const refused = yield* refusal(stranger.contracts.setFact({
          path: { id: contract.id, fact_id: contract.facts[0]!.id },
          payload: { value: "Mine" },
          headers: { "if-match": contract.words_hash }
        }))
        expect(refused.status).toBe(404)
        expect((yield* sheet(contract.id)).words_hash).toBe(contract.words_hash)
      }))

    it.effect("confirms a fact without If-Match, recording who confirmed it", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const fact = contract.facts[0]!
        const colleague = yield* as(seatOf(org, { person: org.people[1]!.id }))
        const [confirmed, response] = yield* colleague.contracts.confirmFact({ path: { id: contract.id, fact_id: fact.id }, withResponse: true })
        expect(response.status).toBe(200)
        expect(confirmed).toEqual({
          id: fact.id,
          value: fact.value,
          normalized: fact.normalized,
          inferred: false,
          occurrences: fact.occurrences,
          confirmed_by: org.people[1]!.id,
          words_hash: contract.words_hash
        })
        const after = yield* sheet(contract.id)
        expect(after.words_hash).toBe(contract.words_hash)
        expect(after.facts.find((f) => f.id === fact.id)?.confirmed_by).toBe(org.people[1]!.id)
        const log = (yield* events(contract.id)).data
        expect(log.at(-1)).toMatchObject({ type: "fact.confirmed", sequence: 2, data: { fact: fact.id, confirmed_by: org.people[1]!.id } })
      }))

    it.effect("needs an acting person for writes with an org key", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const personless = yield* as({ key: org.keys.live })
        const refused = yield* refusal(personless.contracts.confirmFact({ path: { id: contract.id, fact_id: contract.facts[0]!.id } }))
        expect(refused).toMatchObject({ status: 400, code: "acting_person_required", param: "Contracts-Acting-Person" })
        expect((yield* sheet(contract.id)).head_sequence).toBe(1)
      }))

    it.effect("pages events by sequence, oldest first", () =>
      Effect.gen(function*() {
        const contract = yield* drafted
        const api = yield* as()
        for (let i = 0; i < 3; i++) yield* api.contracts.confirmFact({ path: { id: contract.id, fact_id: contract.facts[0]!.id } })
        const page = yield* events(contract.id, { limit: "2" })
        expect(page.data.map((e) => e.sequence)).toEqual([1, 2])
        expect(page).toMatchObject({ has_more: true, next_cursor: "2", head_sequence: 4 })
        const rest = yield* events(contract.id, { starting_after: "2" })
        expect(rest.data.map((e) => e.sequence)).toEqual([3, 4])
        expect(rest.has_more).toBe(false)
        // An event's exact set of keys is the wire's, which a decoded event cannot show.
        const raw = yield* Effect.promise(() =>
          seat(service.url, org).get<{ readonly data: ReadonlyArray<object> }>(`/contracts/${contract.id}/events?starting_after=2`)
        )
        for (const event of raw.body.data) expect(Object.keys(event).sort()).toEqual(["created", "data", "id", "sequence", "type"])
        expect((yield* refusal(events(contract.id, { starting_after: "-1" }))).status).toBe(400)
      }))
  })
}
