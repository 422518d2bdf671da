import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { ContractStore } from "../src/Engine/ContractStore.js"
import { ImportLetter } from "../src/Engine/Entity.js"
import type { Actor } from "../src/Domain/Contract/Actor.js"
import { createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { allLetters, twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

interface Event {
  readonly type: string
  readonly sequence: number
  readonly data: Record<string, unknown>
}

for (const database of databases) {
  describe(`imported letters (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    /** What mail ingress will send: the entity message, through the store, as a person of the org (no route sends it yet). */
    const message = (contract: string, org: Org, input: { author: string; authoredAt: string | null; note: string | null; ingress: string }) => {
      const person = org.people[0]!
      const actor: Actor = { mode: "test", org: org.org_id, person: { id: person.id, name: person.name, email: person.email }, guest: null }
      return Effect.flatMap(ContractStore, (store) => store.write(contract, ImportLetter, (entity) => entity.ImportLetter({ actor, ...input })))
    }
    const importLetter = (...args: Parameters<typeof message>) => service.run(message(...args))
    const refusal = (...args: Parameters<typeof message>) => service.run(Effect.flip(message(...args)))

    it("records a letter of the earlier mail thread that both seats read, owing nobody a reply and moving no words", async () => {
      const { ada, bea, beta, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const id: string = drafted.id
      // Beta counters a clause: Acme owes a reply, and the attention feed says so.
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause").id
      const ask = (await bea.stage(id, drafted.words_hash, { block_id: clause, type: "counter", text: "Two years.", why: "longer" })).body.ask
      const round = (await bea.commit(id, drafted.words_hash)).body
      const feed = async (seat: typeof ada) => (await seat.get("/attention")).body
      const before = {
        ada: { state: await ada.state(id), feed: await feed(ada), receipts: (await ada.get(`/contracts/${id}/receipts`)).body },
        bea: { state: await bea.state(id), feed: await feed(bea) },
        asks: (await ada.get(`/contracts/${id}/asks?filter=all`)).body
      }
      expect(before.ada.feed.data.flatMap((g: { rows: ReadonlyArray<{ kind: string }> }) => g.rows.map((r) => r.kind))).toEqual(["letter"])

      // Beta's people forwarded their earlier mail: recorded by Bea, authored by Beta's counsel.
      const recorded = await importLetter(id, beta, {
        author: "Counsel@Beta.Test",
        authoredAt: "2026-10-30T16:00:00+02:00",
        note: "As discussed, two years.",
        ingress: "ing_test_1"
      })
      expect(recorded).toEqual({ letter: expect.stringMatching(/^let_/), sequence: before.ada.state.head_sequence + 1 })
      // With no authored time, the time it is recorded stands in.
      const undated = await importLetter(id, beta, { author: "bea@beta.test", authoredAt: null, note: null, ingress: "ing_test_2" })
      expect(undated.sequence).toBe(recorded.sequence + 1)

      for (const reader of [ada, bea]) {
        const letters = await allLetters(reader, id)
        expect(letters.map((l: { id: string; kind: string }) => [l.id, l.kind])).toEqual([
          [letters[0].id, "sent"],
          [round.letter, "sent"],
          [recorded.letter, "imported"],
          [undated.letter, "imported"]
        ])
        expect(letters[2]).toEqual({
          id: recorded.letter,
          object: "letter",
          kind: "imported",
          sequence: recorded.sequence,
          from: null,
          to: [],
          note: "As discussed, two years.",
          sent_at: null,
          confirmed_by: null,
          author: "counsel@beta.test",
          authored_at: "2026-10-30T14:00:00.000Z",
          asks: [],
          decisions: []
        })
        expect(letters[1]).toMatchObject({ kind: "sent", author: null, authored_at: null, confirmed_by: bea.person })
        expect(Date.parse(letters[3].authored_at)).toBeGreaterThan(Date.parse(letters[2].authored_at))
        expect((await reader.get(`/contracts/${id}/letters/${recorded.letter}`)).body).toEqual(letters[2])
        expect((await reader.get(`/contracts/${id}/letters/latest`)).body.id).toBe(undated.letter)

        // The event log: one `letter.imported` at each new sequence, its origin the letter's own.
        const events: ReadonlyArray<Event> = (await reader.events(id)).data
        const imported = events.filter((e) => e.type === "letter.imported")
        expect(imported.map((e) => e.sequence)).toEqual([recorded.sequence, undated.sequence])
        expect(imported[0]!.data).toEqual({
          contract: id,
          letter: recorded.letter,
          author: "counsel@beta.test",
          authored_at: "2026-10-30T14:00:00.000Z",
          origin: "email",
          recorded_by: bea.person,
          words_hash: drafted.words_hash,
          state: "negotiating"
        })
        expect(events.filter((e) => e.sequence >= recorded.sequence).map((e) => e.type)).toEqual(["letter.imported", "letter.imported"])
      }

      // Nothing else moved: the words, the asks and their tallies, who owes a reply, and the feeds.
      const adaState = await ada.state(id)
      expect(adaState.words_hash).toBe(drafted.words_hash)
      expect(adaState.head_sequence).toBe(undated.sequence)
      expect({ ...adaState, head_sequence: 0, updated_at: "", letters: adaState.letters.slice(0, 2) }).toEqual({
        ...before.ada.state,
        head_sequence: 0,
        updated_at: ""
      })
      expect(adaState.letters.slice(2)).toEqual([
        { id: recorded.letter, kind: "imported", sequence: recorded.sequence, from: null, sent_at: null },
        { id: undated.letter, kind: "imported", sequence: undated.sequence, from: null, sent_at: null }
      ])
      expect((await bea.state(id)).owed).toEqual(before.bea.state.owed)
      expect((await ada.get(`/contracts/${id}/asks?filter=all`)).body).toEqual(before.asks)
      expect((await ada.get(`/contracts/${id}/receipts`)).body).toEqual(before.ada.receipts)
      expect(await feed(ada)).toEqual(before.ada.feed)
      expect(await feed(bea)).toEqual(before.bea.feed)
      expect((await feed(bea)).data.flatMap((g: { rows: ReadonlyArray<{ kind: string }> }) => g.rows.filter((r) => r.kind === "letter"))).toEqual([])
      expect((await ada.sheet(id)).words_hash).toBe(drafted.words_hash)

      // Rounds go on as before: Ada's reply answers Bea's, and the ask lands.
      await ada.stage(id, drafted.words_hash, { ask_id: ask, type: "accept" })
      const answered = (await ada.commit(id, drafted.words_hash)).body
      expect(answered).toMatchObject({ state: "agreed", landed: [clause] })
    })

    it("refuses a person of neither side as not found, and a cancelled contract", async () => {
      const { ada, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const stranger = await createOrg(service.url, "Gamma AG")
      const input = { author: "x@y.test", authoredAt: null, note: null, ingress: "ing_test_3" }
      expect(await refusal(drafted.id, stranger, input)).toMatchObject({ code: "not_found" })
      expect((await ada.post(`/contracts/${drafted.id}/cancel`, { reason: "No deal." }, { "idempotency-key": idempotencyKey() })).status).toBe(200)
      expect(await refusal(drafted.id, ada.org, input)).toMatchObject({ code: "contract_cancelled" })
      expect((await ada.events(drafted.id)).data.some((e: Event) => e.type === "letter.imported")).toBe(false)
    })
  })
}
