import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { refusal } from "./support/apiClient.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"
import { ndaFacts, typedParties } from "./support/typedNegotiation.js"

for (const database of databases) {
  describe(`a contract from draft to executed, typed end to end (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it.effect("drafts, sends, counters, accepts, and executes when both sides sign", () =>
      Effect.gen(function*() {
        const { ada, bea, beta } = yield* typedParties(service.url)

        const [drafted, draftedResponse] = yield* ada.api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", facts: ndaFacts }, withResponse: true })
        expect(draftedResponse.status).toBe(201)
        expect(drafted).toMatchObject({ state: "draft", origin: "template", head_sequence: 1, livemode: false })
        expect(drafted.you).toEqual({ person: ada.person, party: drafted.parties[0]!.id, capacity: ["negotiator", "signer"], is_guest: false })
        const id = drafted.id
        const path = { id }

        const send = yield* ada.api.negotiation.send({
          path,
          headers: { "if-match": drafted.words_hash },
          payload: { recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }], confirmed_by: ada.person }
        })
        expect(send).toMatchObject({ state: "sent", relationship_created: true, words_hash: drafted.words_hash })
        expect(send.letter).toMatch(/^let_/)
        const seen = yield* bea.api.contracts.sheet({ path })
        expect(seen.state).toBe("sent")
        expect(seen.you).toMatchObject({ person: bea.person, capacity: ["negotiator", "signer"], is_guest: false })
        expect(seen.parties.map((p) => p.side).sort()).toEqual(["counterparty", "drafter"])

        const clause = seen.blocks.find((b) => b.kind === "clause" && b.text.includes("Term and Termination"))!
        const counterText = clause.text.replace("three (3) years", "five (5) years")
        const [staged, stagedResponse] = yield* bea.api.negotiation.stage({
          path,
          headers: { "if-match": seen.words_hash },
          payload: { block_id: clause.id, type: "counter", text: counterText, why: "Longer protection" },
          withResponse: true
        })
        expect(stagedResponse.status).toBe(201)
        expect(staged).toMatchObject({ state: "staged", sent: false, type: "counter", ask_created: true, words_hash: seen.words_hash })
        const reply = yield* bea.api.negotiation.reply({ path })
        expect(reply.opens_if_sent).toEqual([clause.id])
        expect(reply.decisions.map((d) => d.id)).toEqual([staged.id])

        const countered = yield* bea.api.negotiation.commit({ path, headers: { "if-match": seen.words_hash }, payload: { confirmed_by: bea.person } })
        expect(countered).toMatchObject({ state: "negotiating", landed: [], re_asked: [], asks_opened: [staged.ask], words_hash: seen.words_hash })

        const undecided = (yield* ada.api.negotiation.asks({ path, urlParams: { filter: "undecided" } })).data
        expect(undecided.map((a) => a.id)).toEqual([staged.ask])
        expect(undecided[0]).toMatchObject({ block: clause.id, standing: clause.text, proposed: counterText, state: "open" })
        const accepted = yield* ada.api.negotiation.stage({ path, headers: { "if-match": seen.words_hash }, payload: { ask_id: staged.ask, type: "accept" } })
        expect(accepted).toMatchObject({ state: "staged", type: "accept", ask: staged.ask })
        const agreed = yield* ada.api.negotiation.commit({ path, headers: { "if-match": seen.words_hash }, payload: { confirmed_by: ada.person } })
        expect(agreed).toMatchObject({ state: "agreed", landed: [clause.id], asks_opened: [] })
        expect(agreed.words_hash).not.toBe(seen.words_hash)

        const settled = yield* bea.api.contracts.sheet({ path })
        expect(settled.state).toBe("agreed")
        expect(settled.words_hash).toBe(agreed.words_hash)
        expect(settled.blocks.find((b) => b.id === clause.id)?.text).toBe(counterText)
        const before = yield* ada.api.contracts.state({ path })
        expect(before).toMatchObject({ state: "agreed", asks_open: [], asks_landed: [staged.ask], owed: [] })
        expect(before.letters).toHaveLength(3)
        expect(before.signatures.required_signers.map((s) => s.state)).toEqual([null, null])

        const stale = yield* refusal(ada.api.signatures.sign({ path, payload: { text_hash: seen.words_hash, confirmed_by: ada.person } }))
        expect(stale).toMatchObject({ status: 409, code: "words_changed", details: { current_hash: agreed.words_hash } })
        const [adaSigned, adaResponse] = yield* ada.api.signatures.sign({
          path,
          payload: { text_hash: agreed.words_hash, confirmed_by: ada.person },
          withResponse: true
        })
        expect(adaResponse.status).toBe(201)
        expect(adaSigned).toMatchObject({ state: "bound", bound_hash: agreed.words_hash, person: ada.person, contract_state: "agreed" })
        const beaSigned = yield* bea.api.signatures.sign({
          path,
          payload: { text_hash: agreed.words_hash, confirmed_by: bea.person, intent: "Signed for Beta GmbH." }
        })
        expect(beaSigned).toMatchObject({ state: "bound", intent: "Signed for Beta GmbH.", contract_state: "executed" })

        const executed = yield* ada.api.contracts.state({ path })
        expect(executed.state).toBe("executed")
        expect(executed.signatures).toMatchObject({ bound: [adaSigned.id, beaSigned.id], held: [], void: [], withdrawn: [], stale: false })
        expect(executed.signatures.required_signers.map((s) => s.state)).toEqual(["bound", "bound"])
        expect((yield* bea.api.contracts.sheet({ path })).state).toBe("executed")
        const events = (yield* ada.api.contracts.events({ path, urlParams: {} })).data
        const last = events.filter((e) => e.sequence === events.at(-1)!.sequence)
        expect(last.map((e) => e.type)).toEqual(["signature.bound", "contract.executed"])
        expect(last[1]!.data).toMatchObject({ contract: id, words_hash: agreed.words_hash })

        const late = yield* refusal(bea.api.negotiation.stage({
          path,
          headers: { "if-match": agreed.words_hash },
          payload: { block_id: clause.id, type: "counter", text: "Late.", why: "x" }
        }))
        expect(late).toMatchObject({ status: 409, code: "contract_executed", type: "conflict_error" })
      }))
  })
}
