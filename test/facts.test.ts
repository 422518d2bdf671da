import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"

for (const database of databases) {
  describe(`facts before the first Send (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await startService(database)
      org = await createOrg(service.url, "Acme Ltd")
    })
    afterAll(() => service.stop())

    const drafted = async () => (await seat(service.url, org).draft("tpl_mutual_nda")).body
    const sheet = async (id: string) => (await seat(service.url, org).get(`/contracts/${id}`)).body
    const setFact = (id: string, factId: string, value: unknown, ifMatch?: string) =>
      seat(service.url, org).post(`/contracts/${id}/facts/${factId}`, { value }, ifMatch === undefined ? {} : { "if-match": ifMatch })

    it("applies a new value to every occurrence and returns the new hash", async () => {
      const contract = await drafted()
      const fact = contract.facts.find((f: { kind: string }) => f.kind === "party")
      const reply = await setFact(contract.id, fact.id, "Zephyr Widgets plc", contract.words_hash)
      expect(reply.status).toBe(200)
      expect(reply.body.applied).toBe(true)
      expect([...reply.body.blocks_touched].sort()).toEqual([...fact.occurrences].sort())
      expect(reply.body.words_hash).not.toBe(contract.words_hash)
      const after = await sheet(contract.id)
      expect(after.words_hash).toBe(reply.body.words_hash)
      for (const blockId of fact.occurrences) {
        const block = after.blocks.find((b: { id: string }) => b.id === blockId)
        expect(block.text).toContain("Zephyr Widgets plc")
        expect(block.text).not.toContain(String(fact.value))
      }
      const updated = after.facts.find((f: { id: string }) => f.id === fact.id)
      expect(updated).toMatchObject({ value: "Zephyr Widgets plc", missing: false })
      // Other facts in the same blocks still point at their own words.
      for (const other of after.facts) {
        for (const blockId of other.occurrences) {
          expect(after.blocks.find((b: { id: string }) => b.id === blockId).text).toContain(String(other.value))
        }
      }
      const events = (await seat(service.url, org).get(`/contracts/${contract.id}/events`)).body
      expect(events.data.map((e: { type: string }) => e.type)).toEqual(["contract.drafted", "words.changed"])
      expect(events.data.map((e: { sequence: number }) => e.sequence)).toEqual([1, 2])
      expect(events.head_sequence).toBe(2)
      expect(events.data[1].data).toMatchObject({ words_hash: reply.body.words_hash, previous_hash: contract.words_hash, signatures_voided: [] })
    })

    it("fills a missing required blank, clearing it from the questions' list of missing facts", async () => {
      const contract = await drafted()
      const missing = contract.facts.find((f: { missing: boolean }) => f.missing)
      const reply = await setFact(contract.id, missing.id, "1 April 2027", contract.words_hash)
      expect(reply.status).toBe(200)
      const after = await sheet(contract.id)
      expect(after.ready.missing_facts).not.toContain(missing.id)
      expect(after.blocks.map((b: { text: string }) => b.text).join("\n")).not.toContain(String(missing.value))
    })

    it("needs If-Match: none is 428, stale is 409 with the current hash; nothing changes", async () => {
      const contract = await drafted()
      const fact = contract.facts[0]
      const none = await setFact(contract.id, fact.id, "Other Ltd")
      expect(none.status).toBe(428)
      expect(none.body.error).toMatchObject({ code: "if_match_required", type: "invalid_request_error" })
      const stale = await setFact(contract.id, fact.id, "Other Ltd", "sha256:" + "0".repeat(64))
      expect(stale.status).toBe(409)
      expect(stale.body.error.code).toBe("words_changed")
      expect(stale.body.current_hash).toBe(contract.words_hash)
      const after = await sheet(contract.id)
      expect(after.words_hash).toBe(contract.words_hash)
      expect(after.head_sequence).toBe(1)
      expect(after.blocks).toEqual(contract.blocks)
    })

    it("accepts a quoted If-Match as ETags are usually sent", async () => {
      const contract = await drafted()
      const reply = await setFact(contract.id, contract.facts[0].id, "Quoted Ltd", `"${contract.words_hash}"`)
      expect(reply.status).toBe(200)
    })

    it("refuses a value that would appear nowhere, and bad values, leaving the words alone", async () => {
      const contract = await drafted()
      const fact = contract.facts[0]
      const empty = await setFact(contract.id, fact.id, "", contract.words_hash)
      expect(empty.status).toBe(400)
      expect(empty.body.error).toMatchObject({ code: "fact_has_no_span", param: "value" })
      const objectValue = await setFact(contract.id, fact.id, { a: 1 }, contract.words_hash)
      expect(objectValue.status).toBe(400)
      expect(objectValue.body.error).toMatchObject({ code: "invalid_request", param: "value" })
      const tooLong = await setFact(contract.id, fact.id, "x".repeat(2001), contract.words_hash)
      expect(tooLong.status).toBe(400)
      expect(tooLong.body.error).toMatchObject({ code: "invalid_request", param: "value" })
      const unknownFact = await setFact(contract.id, "fct_nope", "x", contract.words_hash)
      expect(unknownFact.status).toBe(404)
      const after = await sheet(contract.id)
      expect(after.words_hash).toBe(contract.words_hash)
      expect(after.head_sequence).toBe(1)
    })

    it("keeps other orgs out of a draft: 404, as if it did not exist", async () => {
      const contract = await drafted()
      const stranger = await createOrg(service.url)
      const reply = await seat(service.url, stranger).post(`/contracts/${contract.id}/facts/${contract.facts[0].id}`, { value: "Mine" }, {
        "if-match": contract.words_hash
      })
      expect(reply.status).toBe(404)
      expect((await sheet(contract.id)).words_hash).toBe(contract.words_hash)
    })

    it("confirms a fact without If-Match, recording who confirmed it", async () => {
      const contract = await drafted()
      const fact = contract.facts[0]
      const reply = await seat(service.url, org, org.people[1]!.id).post(`/contracts/${contract.id}/facts/${fact.id}/confirm`)
      expect(reply.status).toBe(200)
      expect(reply.body).toEqual({
        id: fact.id,
        value: fact.value,
        inferred: false,
        occurrences: fact.occurrences,
        confirmed_by: org.people[1]!.id,
        words_hash: contract.words_hash
      })
      const after = await sheet(contract.id)
      expect(after.words_hash).toBe(contract.words_hash)
      expect(after.facts.find((f: { id: string }) => f.id === fact.id).confirmed_by).toBe(org.people[1]!.id)
      const events = (await seat(service.url, org).get(`/contracts/${contract.id}/events`)).body.data
      expect(events.at(-1)).toMatchObject({ type: "fact.confirmed", sequence: 2, data: { fact: fact.id, confirmed_by: org.people[1]!.id } })
    })

    it("needs an acting person for writes with an org key", async () => {
      const contract = await drafted()
      const reply = await call(service.url, "POST", `/contracts/${contract.id}/facts/${contract.facts[0].id}/confirm`, { key: org.keys.live })
      expect(reply.status).toBe(400)
      expect(reply.body.error).toMatchObject({ code: "acting_person_required", param: "Contracts-Acting-Person" })
      expect((await sheet(contract.id)).head_sequence).toBe(1)
    })

    it("pages events by sequence, oldest first", async () => {
      const contract = await drafted()
      const s = seat(service.url, org)
      for (let i = 0; i < 3; i++) await s.post(`/contracts/${contract.id}/facts/${contract.facts[0].id}/confirm`)
      const page = (await s.get(`/contracts/${contract.id}/events?limit=2`)).body
      expect(page.data.map((e: { sequence: number }) => e.sequence)).toEqual([1, 2])
      expect(page).toMatchObject({ has_more: true, next_cursor: "2", head_sequence: 4 })
      const rest = (await s.get(`/contracts/${contract.id}/events?starting_after=2`)).body
      expect(rest.data.map((e: { sequence: number }) => e.sequence)).toEqual([3, 4])
      expect(rest.has_more).toBe(false)
      for (const event of rest.data) expect(Object.keys(event).sort()).toEqual(["created", "data", "id", "sequence", "type"])
      expect((await s.get(`/contracts/${contract.id}/events?starting_after=-1`)).status).toBe(400)
    })
  })
}
