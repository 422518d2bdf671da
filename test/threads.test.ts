import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { apiClient, newOrg, refusal } from "./support/apiClient.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"
import { typedParties } from "./support/typedNegotiation.js"

for (const database of databases) {
  describe(`clause threads and relationships (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it.effect("traces every move on a clause to the letter that carried it, with the talk, and never a staged one", () =>
      Effect.gen(function*() {
        const { ada, bea, sent } = yield* typedParties(service.url)
        const { drafted } = yield* sent
        const id = drafted.id
        const clause = drafted.blocks.find((b) => b.kind === "clause")!
        const ifMatch = { "if-match": drafted.words_hash }
        const thread = (urlParams: { readonly limit?: string; readonly starting_after?: string } = {}) =>
          bea.api.negotiation.thread({ path: { id, block_id: clause.id }, urlParams })
        const [empty, response] = yield* bea.api.negotiation.thread({ path: { id, block_id: clause.id }, urlParams: {}, withResponse: true })
        expect(response.status).toBe(200)
        expect(empty).toMatchObject({ object: "thread", block: clause.id, moves: [], talk: [], has_more: false })
        expect(empty.thread).toMatch(/^thr_/)

        const ask = (yield* bea.api.negotiation.stage({
          path: { id },
          headers: ifMatch,
          payload: { block_id: clause.id, type: "counter", text: "Beta's words.", why: "Shorter" }
        })).ask
        const countered = yield* bea.api.negotiation.commit({ path: { id }, headers: ifMatch, payload: { confirmed_by: bea.person } })
        yield* ada.api.negotiation.stage({ path: { id }, headers: ifMatch, payload: { ask_id: ask, type: "accept" } })
        // Staged, not sent: no thread shows it, not even the stager's own.
        expect((yield* ada.api.negotiation.thread({ path: { id, block_id: clause.id }, urlParams: {} })).moves).toHaveLength(1)
        const accepted = yield* ada.api.negotiation.commit({ path: { id }, headers: ifMatch, payload: { confirmed_by: ada.person } })

        const read = yield* thread()
        expect(read.thread).toBe(empty.thread)
        expect(read.moves).toEqual([
          {
            ask,
            type: "counter",
            at: expect.any(String),
            person: bea.person,
            from: clause.text,
            to: "Beta's words.",
            letter: countered.letter,
            standing: clause.text
          },
          {
            ask,
            type: "accept",
            at: expect.any(String),
            person: ada.person,
            from: clause.text,
            to: "Beta's words.",
            letter: accepted.letter,
            standing: "Beta's words."
          }
        ])
        expect(read.talk).toEqual([{ at: read.moves[0]!.at, person: bea.person, text: "Shorter" }])
        const letters = (yield* bea.api.negotiation.letters({ path: { id }, urlParams: {} })).data.map((l) => l.id)
        for (const move of read.moves) expect(letters).toContain(move.letter)
        expect(yield* ada.api.negotiation.thread({ path: { id, block_id: clause.id }, urlParams: {} })).toEqual(read)

        const first = yield* thread({ limit: "1" })
        expect(first).toMatchObject({ moves: [read.moves[0]], has_more: true, next_cursor: countered.letter })
        const second = yield* thread({ limit: "1", starting_after: first.next_cursor! })
        expect(second).toMatchObject({ moves: [read.moves[1]], has_more: false, next_cursor: null })
        expect(yield* refusal(thread({ starting_after: "let_nope" }))).toMatchObject({ code: "invalid_request", param: "starting_after" })
        expect((yield* refusal(bea.api.negotiation.thread({ path: { id, block_id: "blk_nope" }, urlParams: {} }))).status).toBe(404)
      }))

    it.effect("shows a relationship to both orgs through their contracts, and to no one else", () =>
      Effect.gen(function*() {
        const { ada, bea, beta, sent } = yield* typedParties(service.url)
        const first = yield* sent
        const second = yield* sent
        expect(first.send.relationship_created).toBe(true)
        expect(second.send).toMatchObject({ relationship: first.send.relationship, relationship_created: false })
        const path = { id: first.send.relationship }
        const [mine, response] = yield* ada.api.relationships.get({ path, withResponse: true })
        expect(response.status).toBe(200)
        expect(mine).toMatchObject({ id: first.send.relationship, object: "relationship", assets: [] })
        expect(mine.contracts.map((c) => c.id).sort()).toEqual([first.drafted.id, second.drafted.id].sort())
        expect(mine.contracts[0]).toMatchObject({ state: "sent", origin: "template" })
        expect(mine.people.map((p) => p.id).sort()).toEqual([ada.person, bea.person].sort())
        expect(mine.people.find((p) => p.id === bea.person)).toEqual({ id: bea.person, name: "Ada Lovelace", email: beta.people[0]!.email })
        const [theirs, theirResponse] = yield* bea.api.relationships.get({ path, withResponse: true })
        expect(theirResponse.status).toBe(200)
        expect(theirs.contracts).toEqual(mine.contracts)

        const listed = (yield* ada.api.contracts.list({ urlParams: { relationship: first.send.relationship } })).data.map((c) => c.id)
        expect(listed.sort()).toEqual([first.drafted.id, second.drafted.id].sort())
        const stranger = yield* apiClient(service.url, { key: (yield* newOrg(service.url)).keys.test })
        const foreign = yield* refusal(stranger.relationships.get({ path }))
        expect(foreign.status).toBe(404)
        expect(foreign.code).toBe("not_found")
        const live = yield* apiClient(service.url, { key: ada.org.keys.live })
        expect((yield* refusal(live.relationships.get({ path }))).status).toBe(404)
        expect((yield* refusal(ada.api.relationships.get({ path: { id: "rel_nope" } }))).status).toBe(404)
      }))
  })
}
