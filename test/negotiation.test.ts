import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { refusal } from "./support/apiClient.js"
import { seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"
import { counterFirstClause, type Side, typedParties } from "./support/typedNegotiation.js"

for (const database of databases) {
  describe(`negotiating between two orgs (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    // Privacy is about the wire: everything the other side can read, as the service wrote it,
    // not as the client's schemas decode it (which would drop a field the schemas do not declare).
    const onTheWire = (side: Side, path: string) => Effect.promise(() => seat(service.url, side.org, side.person, side.org.keys.test).get<unknown>(path))
    const everythingVisible = (side: Side, id: string) =>
      Effect.all({
        sheet: onTheWire(side, `/contracts/${id}`),
        state: onTheWire(side, `/contracts/${id}/state`),
        events: onTheWire(side, `/contracts/${id}/events`),
        asks: onTheWire(side, `/contracts/${id}/asks?filter=all`),
        letters: onTheWire(side, `/contracts/${id}/letters`),
        list: onTheWire(side, `/contracts?limit=100`)
      }).pipe(Effect.map((replies) => Object.fromEntries(Object.entries(replies).map(([name, reply]) => [name, reply.body]))))

    it.effect("never sends without confirmed_by: 409 with the letter preview, nothing stored", () =>
      Effect.gen(function*() {
        const { ada, beta, draft } = yield* typedParties(service.url)
        const drafted = yield* draft
        const path = { id: drafted.id }
        const refused = yield* refusal(ada.api.negotiation.send({
          path,
          headers: { "if-match": drafted.words_hash },
          payload: { recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator"] }] }
        }))
        expect(refused.status).toBe(409)
        expect(refused.code).toBe("confirmation_required")
        expect(refused.details).toMatchObject({ letter_preview: { from: drafted.parties[0]!.id, decisions: [] } })
        expect(refused.details).toMatchObject({ letter_preview: { to: [expect.anything()] } })
        expect(refused.details["landed_if_sent"]).toEqual([])
        const after = yield* ada.api.contracts.sheet({ path })
        expect(after).toMatchObject({ state: "draft", head_sequence: 1, parties: drafted.parties })
        expect((yield* ada.api.negotiation.outbox({ urlParams: {} })).data).toEqual([])
      }))

    it.effect("checks confirmed_by: on the list, a negotiator, of your own org", () =>
      Effect.gen(function*() {
        const { ada, acme, beta, draft } = yield* typedParties(service.url)
        const drafted = yield* draft
        const path = { id: drafted.id }
        const recipients = [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator" as const] }]
        const send = (confirmed_by: string) =>
          refusal(ada.api.negotiation.send({ path, headers: { "if-match": drafted.words_hash }, payload: { recipients, confirmed_by } }))
        const colleague = yield* send(acme.people[1]!.id)
        expect(colleague.status).toBe(403)
        expect(colleague.code).toBe("not_on_required_party_list")
        const stranger = yield* send(beta.people[0]!.id)
        expect(stranger.code).toBe("not_on_required_party_list")
        expect((yield* ada.api.contracts.sheet({ path })).state).toBe("draft")
      }))

    it.effect("runs draft → send → counter → accept → agreed, with events per seat", () =>
      Effect.gen(function*() {
        const { ada, bea, sent } = yield* typedParties(service.url)
        const { drafted, send } = yield* sent
        const path = { id: drafted.id }
        expect(send).toMatchObject({ state: "sent", relationship_created: true, words_hash: drafted.words_hash })
        expect(send.letter).toMatch(/^let_/)
        expect(send.relationship).toMatch(/^rel_/)

        const seen = yield* bea.api.contracts.sheet({ path })
        expect(seen.you).toMatchObject({ person: bea.person, capacity: ["negotiator", "signer"], is_guest: false })
        expect(seen.parties.map((p) => p.side).sort()).toEqual(["counterparty", "drafter"])
        const outbox = (yield* bea.api.negotiation.outbox({ urlParams: {} })).data
        expect(outbox[0]).toMatchObject({ to: bea.org.people[0]!.email, contract: drafted.id, link: null })

        const clause = drafted.blocks.find((b) => b.kind === "clause" && b.text.includes("Term and Termination"))!
        const counterText = clause.text.replace("three (3) years", "five (5) years")
        const [staged, stagedResponse] = yield* bea.api.negotiation.stage({
          path,
          headers: { "if-match": seen.words_hash },
          payload: { block_id: clause.id, type: "counter", text: counterText, why: "Longer protection" },
          withResponse: true
        })
        expect(stagedResponse.status).toBe(201)
        expect(staged).toMatchObject({ state: "staged", sent: false, ask_created: true, words_hash: seen.words_hash })
        const preview = yield* bea.api.negotiation.reply({ path })
        expect(preview.opens_if_sent).toEqual([clause.id])
        expect(preview.decisions).toHaveLength(1)

        const [committed, committedResponse] = yield* bea.api.negotiation.commit({
          path,
          headers: { "if-match": seen.words_hash },
          payload: { confirmed_by: bea.person },
          withResponse: true
        })
        expect(committedResponse.status).toBe(200)
        expect(committed).toMatchObject({ state: "negotiating", landed: [], re_asked: [], asks_opened: [staged.ask], words_hash: seen.words_hash })

        const undecided = (yield* ada.api.negotiation.asks({ path, urlParams: { filter: "undecided" } })).data
        expect(undecided).toHaveLength(1)
        expect(undecided[0]).toMatchObject({ id: staged.ask, block: clause.id, standing: clause.text, proposed: counterText, type: "replace" })
        const [, acceptedResponse] = yield* ada.api.negotiation.stage({
          path,
          headers: { "if-match": seen.words_hash },
          payload: { ask_id: staged.ask, type: "accept" },
          withResponse: true
        })
        expect(acceptedResponse.status).toBe(201)
        const agreed = yield* ada.api.negotiation.commit({ path, headers: { "if-match": seen.words_hash }, payload: { confirmed_by: ada.person } })
        expect(agreed).toMatchObject({ state: "agreed", landed: [clause.id], asks_opened: [] })
        expect(agreed.words_hash).not.toBe(seen.words_hash)

        const final = yield* bea.api.contracts.sheet({ path })
        expect(final.blocks.find((b) => b.id === clause.id)?.text).toBe(counterText)
        expect(final.words_hash).toBe(agreed.words_hash)
        const state = yield* ada.api.contracts.state({ path })
        expect(state).toMatchObject({ state: "agreed", asks_open: [], asks_landed: [staged.ask], owed: [] })
        expect(state.letters).toHaveLength(3)

        const adaEvents = (yield* ada.api.contracts.events({ path, urlParams: {} })).data
        const beaEvents = (yield* bea.api.contracts.events({ path, urlParams: {} })).data
        expect(adaEvents.map((e) => `${e.sequence}:${e.type}`)).toEqual([
          "1:contract.drafted",
          "2:reply.sent",
          "3:letter.received",
          "4:reply.sent",
          "4:words.changed",
          "4:contract.agreed"
        ])
        expect(beaEvents.map((e) => `${e.sequence}:${e.type}`)).toEqual([
          "2:letter.received",
          "3:reply.sent",
          "4:letter.received",
          "4:words.changed",
          "4:contract.agreed"
        ])
        const received = beaEvents.find((e) => e.sequence === 4)!
        expect(Object.keys(received.data).sort()).toEqual(["asks", "contract", "letter", "origin", "relationship", "state", "words_hash"])
      }))

    it.effect("keeps staged decisions private: the other side sees no change at all", () =>
      Effect.gen(function*() {
        const { ada, bea, sent } = yield* typedParties(service.url)
        const { drafted } = yield* sent
        const path = { id: drafted.id }
        const before = yield* everythingVisible(ada, drafted.id)
        const clause = drafted.blocks.find((b) => b.kind === "clause")!
        yield* bea.api.negotiation.stage({
          path,
          headers: { "if-match": drafted.words_hash },
          payload: { block_id: clause.id, type: "counter", text: "Different words entirely.", why: "Secret reason" }
        })
        expect(yield* everythingVisible(ada, drafted.id)).toEqual(before)
        const decision = (yield* bea.api.negotiation.reply({ path })).decisions[0]!
        const foreign = yield* onTheWire(ada, `/contracts/${drafted.id}/reply`)
        expect(foreign.text).not.toContain("Secret reason")
        expect(foreign.text).not.toContain(decision.id)
        expect((yield* ada.api.negotiation.reply({ path })).decisions).toEqual([])
      }))

    it.effect("a decline lands nothing and keeps the standing words", () =>
      Effect.gen(function*() {
        const { ada, bea, sent } = yield* typedParties(service.url)
        const { drafted } = yield* sent
        const path = { id: drafted.id }
        const headers = { "if-match": drafted.words_hash }
        const { ask, clause } = yield* counterFirstClause(bea, drafted, { text: "New words.", why: "Why not" })
        const [, declined] = yield* ada.api.negotiation.stage({
          path,
          headers,
          payload: { ask_id: ask, type: "decline", why: "We keep ours" },
          withResponse: true
        })
        expect(declined.status).toBe(201)
        const committed = yield* ada.api.negotiation.commit({ path, headers, payload: { confirmed_by: ada.person } })
        expect(committed).toMatchObject({ state: "negotiating", landed: [], words_hash: drafted.words_hash })
        const asks = (yield* bea.api.negotiation.asks({ path, urlParams: { filter: "all" } })).data
        expect(asks.find((a) => a.id === ask)?.state).toBe("voided")
        const live = asks.find((a) => a.state === "open")!
        expect(live).toMatchObject({ standing: clause.text, proposed: clause.text })
        expect((yield* refusal(bea.api.negotiation.stage({ path, headers, payload: { ask_id: ask, type: "accept" } }))).code).toBe("ask_voided_by_counter")
        yield* bea.api.negotiation.stage({ path, headers, payload: { ask_id: live.id, type: "accept" } })
        const settled = yield* bea.api.negotiation.commit({ path, headers, payload: { confirmed_by: bea.person } })
        expect(settled).toMatchObject({ state: "agreed", landed: [], words_hash: drafted.words_hash })
      }))

    it.effect("refuses a stale hash on a round with 409 words_changed and the re-asked decisions, storing nothing", () =>
      Effect.gen(function*() {
        const { ada, bea, sent } = yield* typedParties(service.url)
        const { drafted } = yield* sent
        const path = { id: drafted.id }
        const headers = { "if-match": drafted.words_hash }
        const { ask } = yield* counterFirstClause(bea, drafted, { text: "Beta's words.", why: "Ours" })
        yield* ada.api.negotiation.stage({ path, headers, payload: { ask_id: ask, type: "accept" } })
        const moved = (yield* ada.api.negotiation.commit({ path, headers, payload: { confirmed_by: ada.person } })).words_hash
        const stale = yield* refusal(bea.api.negotiation.commit({ path, headers, payload: { confirmed_by: bea.person } }))
        expect(stale.status).toBe(409)
        expect(stale).toMatchObject({ code: "words_changed", details: { current_hash: moved } })
        const none = yield* refusal(bea.api.negotiation.commit({ path, headers: { "if-match": "" }, payload: { confirmed_by: bea.person } }))
        expect(none.status).toBe(428)
        expect((yield* bea.api.contracts.state({ path })).letters).toHaveLength(3)
      }))

    it.effect("asks for a person on replies too, and checks the caller's seat", () =>
      Effect.gen(function*() {
        const { ada, bea, sent, beta } = yield* typedParties(service.url)
        const { drafted } = yield* sent
        const path = { id: drafted.id }
        const headers = { "if-match": drafted.words_hash }
        const unconfirmed = yield* refusal(bea.api.negotiation.commit({ path, headers, payload: {} }))
        expect(unconfirmed.status).toBe(409)
        expect(unconfirmed.code).toBe("confirmation_required")
        const colleague = yield* refusal(bea.api.negotiation.commit({ path, headers, payload: { confirmed_by: beta.people[1]!.id } }))
        expect(colleague.code).toBe("not_on_required_party_list")
        const ada2 = yield* refusal(ada.api.negotiation.commit({ path, headers, payload: { confirmed_by: bea.person } }))
        expect(ada2.code).toBe("not_on_required_party_list")
        expect((yield* ada.api.contracts.state({ path })).letters).toHaveLength(1)
      }))
  })
}
