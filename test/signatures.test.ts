import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { apiClient, newOrg, refusal, type WireRefusal } from "./support/apiClient.js"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"
import { counterFirstClause, type Side, typedParties } from "./support/typedNegotiation.js"

for (const database of databases) {
  describe(`signatures and execution (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    /** Sent by Acme, answered by Beta with an empty reply: agreed by silence, ready to sign. */
    const agreed = Effect.gen(function*() {
      const parties = yield* typedParties(service.url)
      const { drafted } = yield* parties.sent
      const reply = yield* parties.bea.api.negotiation.commit({
        path: { id: drafted.id },
        headers: { "if-match": drafted.words_hash },
        payload: { confirmed_by: parties.bea.person }
      })
      expect(reply.state).toBe("agreed")
      return { ...parties, drafted, path: { id: drafted.id } }
    })

    /** A signing call on the wire itself, for what the typed client cannot send: an If-Match, or no Idempotency-Key. */
    const signOnTheWire = (side: Side, id: string, body: Record<string, unknown>, headers: Record<string, string>) =>
      Effect.promise(() =>
        call<WireRefusal>(service.url, "POST", `/contracts/${id}/signatures`, { key: side.org.keys.test, person: side.person, body, headers })
      )

    it.effect("binds each signer to the agreed hash; the last binding executes the contract in the same step", () =>
      Effect.gen(function*() {
        const { ada, bea, drafted, path } = yield* agreed
        const [first, firstResponse] = yield* ada.api.signatures.sign({
          path,
          payload: { text_hash: drafted.words_hash, confirmed_by: ada.person },
          withResponse: true
        })
        expect(firstResponse.status).toBe(201)
        expect(first).toMatchObject({
          object: "signature",
          state: "bound",
          bound_hash: drafted.words_hash,
          person: ada.person,
          confirmed_by: ada.person,
          intent: "I agree to be bound by these words.",
          mark: null,
          contract_state: "agreed"
        })
        expect(first.id).toMatch(/^sig_/)
        const [second, secondResponse] = yield* bea.api.signatures.sign({
          path,
          payload: { text_hash: drafted.words_hash, confirmed_by: bea.person, intent: "Signed for Beta GmbH." },
          withResponse: true
        })
        expect(secondResponse.status).toBe(201)
        expect(second).toMatchObject({ state: "bound", intent: "Signed for Beta GmbH.", contract_state: "executed" })

        const sheet = yield* bea.api.contracts.sheet({ path })
        expect(sheet.state).toBe("executed")
        const events = (yield* ada.api.contracts.events({ path, urlParams: {} })).data
        const last = events.filter((e) => e.sequence === events.at(-1)!.sequence)
        expect(last.map((e) => e.type)).toEqual(["signature.bound", "contract.executed"])
        expect(last[1]!.data).toMatchObject({
          contract: drafted.id,
          version: 1,
          words_hash: drafted.words_hash,
          certificate_url: `http://localhost/contracts/${drafted.id}/certificate`
        })
        const state = yield* ada.api.contracts.state({ path })
        expect(state.signatures).toMatchObject({ bound: [first.id, second.id], held: [], void: [], withdrawn: [], stale: false })
        expect(state.signatures.required_signers.map((r) => r.state)).toEqual(["bound", "bound"])

        // Executed: nothing that would change the deal gets in.
        const clause = drafted.blocks.find((b) => b.kind === "clause")!
        const refusals = [
          yield* refusal(bea.api.negotiation.stage({
            path,
            headers: { "if-match": drafted.words_hash },
            payload: { block_id: clause.id, type: "counter", text: "Late.", why: "x" }
          })),
          yield* refusal(ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person } })),
          yield* refusal(ada.api.parties.invite({ path, payload: { email: ada.org.people[1]!.email, name: "Brook", capacity: ["signer"] } })),
          yield* refusal(ada.api.parties.cancel({ path, payload: { reason: "Too late" } })),
          yield* refusal(ada.api.signatures.withdraw({ path: { signature_id: first.id }, payload: { confirmed_by: ada.person } }))
        ]
        for (const refused of refusals) {
          expect(refused.status, JSON.stringify(refused)).toBe(409)
          expect(refused.code).toBe("contract_executed")
        }
        expect((yield* ada.api.contracts.events({ path, urlParams: {} })).data).toHaveLength(events.length)
      }))

    it.effect("refuses bad signing calls and stores nothing: If-Match, no confirmed_by, stale hash, not a signer, a draft", () =>
      Effect.gen(function*() {
        const { ada, acme, draft, drafted, path } = yield* agreed
        const eventCount = Effect.map(ada.api.contracts.events({ path, urlParams: {} }), (page) => page.data.length)
        const before = yield* eventCount
        // Signing declares no If-Match, so only a raw call can send one.
        const withIfMatch = yield* signOnTheWire(ada, drafted.id, { text_hash: drafted.words_hash, confirmed_by: ada.person }, {
          "if-match": drafted.words_hash,
          "idempotency-key": idempotencyKey()
        })
        expect(withIfMatch.status).toBe(400)
        expect(withIfMatch.body.error).toMatchObject({ code: "invalid_request", param: "If-Match" })
        const unconfirmed = yield* refusal(ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash } }))
        expect(unconfirmed.status).toBe(409)
        expect(unconfirmed.code).toBe("confirmation_required")
        const stale = yield* refusal(ada.api.signatures.sign({ path, payload: { text_hash: "sha256:stale", confirmed_by: ada.person } }))
        expect(stale.status).toBe(409)
        expect(stale).toMatchObject({ code: "words_changed", details: { current_hash: drafted.words_hash, your_signature: null } })
        // The typed client always sends an Idempotency-Key on a write, so its absence goes raw.
        const noKey = yield* signOnTheWire(ada, drafted.id, { text_hash: drafted.words_hash, confirmed_by: ada.person }, {})
        expect(noKey.body.error).toMatchObject({ code: "invalid_request", param: "Idempotency-Key" })

        const brook = acme.people[1]!
        yield* ada.api.parties.invite({ path, payload: { email: brook.email, name: "Brook", capacity: ["negotiator"] } })
        const afterInvite = yield* eventCount
        expect(afterInvite).toBe(before + 1)
        const negotiatorOnly = yield* refusal(ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: brook.id } }))
        expect(negotiatorOnly.status).toBe(403)
        expect(negotiatorOnly).toMatchObject({ code: "not_a_signer", param: "confirmed_by" })
        expect((yield* ada.api.signatures.list({ path })).data).toEqual([])
        expect(yield* eventCount).toBe(afterInvite)

        const unsentDraft = yield* draft
        const unsent = yield* refusal(ada.api.signatures.sign({
          path: { id: unsentDraft.id },
          payload: { text_hash: unsentDraft.words_hash, confirmed_by: ada.person }
        }))
        expect(unsent.status).toBe(400)
      }))

    it.effect("holds a bound signature while a question is open, and binds it again when agreed on the same words", () =>
      Effect.gen(function*() {
        const { ada, bea, drafted, path } = yield* agreed
        const signed = yield* ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person } })
        const signature = ada.api.signatures.get({ path: { signature_id: signed.id } })
        const eventTypes = Effect.map(ada.api.contracts.events({ path, urlParams: {} }), (page) => page.data.map((e) => e.type))
        const { ask, committed: reopened } = yield* counterFirstClause(bea, drafted, { text: "Reopened.", why: "One more thing" })
        expect(reopened.state).toBe("negotiating")
        expect((yield* signature).state).toBe("held")
        expect((yield* eventTypes).slice(-2)).toEqual(["letter.received", "signature.held"])

        const [, withdrawn] = yield* bea.api.parties.withdrawAsk({ path: { ask_id: ask }, withResponse: true })
        expect(withdrawn.status).toBe(200)
        expect((yield* signature).state).toBe("bound")
        expect((yield* eventTypes).slice(-3)).toEqual(["ask.withdrawn", "contract.agreed", "signature.bound"])
        expect((yield* ada.api.contracts.state({ path })).state).toBe("agreed")
      }))

    it.effect("voids signatures when the words mint a new hash; a fresh signature binds the new words", () =>
      Effect.gen(function*() {
        const { ada, bea, drafted, path } = yield* agreed
        const headers = { "if-match": drafted.words_hash }
        const old = yield* ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person } })
        const { ask } = yield* counterFirstClause(bea, drafted, { text: "New words.", why: "Better" })
        yield* ada.api.negotiation.stage({ path, headers, payload: { ask_id: ask, type: "accept" } })
        const landed = yield* ada.api.negotiation.commit({ path, headers, payload: { confirmed_by: ada.person } })
        expect(landed.state).toBe("agreed")
        const voided = yield* ada.api.signatures.get({ path: { signature_id: old.id } })
        expect(voided).toMatchObject({ state: "void", bound_hash: drafted.words_hash })
        expect(voided.struck_at).not.toBeNull()
        const changed = (yield* bea.api.contracts.events({ path, urlParams: {} })).data.find((e) => e.type === "words.changed")!
        expect(changed.data["signatures_voided"]).toEqual([old.id])
        const state = (yield* ada.api.contracts.state({ path })).signatures
        expect(state).toMatchObject({ void: [old.id], stale: true })

        const again = yield* refusal(ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person } }))
        expect(again.status).toBe(409)
        expect(again.details).toMatchObject({ current_hash: landed.words_hash, your_signature: { id: old.id, state: "void" } })
        const fresh = yield* ada.api.signatures.sign({ path, payload: { text_hash: landed.words_hash, confirmed_by: ada.person } })
        expect(fresh).toMatchObject({ state: "bound", bound_hash: landed.words_hash })
        const done = yield* bea.api.signatures.sign({ path, payload: { text_hash: landed.words_hash, confirmed_by: bea.person } })
        expect(done.contract_state).toBe("executed")
        const list = (yield* bea.api.signatures.list({ path })).data
        expect(list.map((s) => [s.id, s.state])).toEqual([[old.id, "void"], [fresh.id, "bound"], [done.id, "bound"]])
      }))

    it.effect("withdraws a signature by its signer's side only, with a person confirming", () =>
      Effect.gen(function*() {
        const { ada, bea, drafted, path } = yield* agreed
        const signed = yield* ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person } })
        const withdraw = (side: Side, signature_id: string, payload: { readonly confirmed_by?: string }) =>
          side.api.signatures.withdraw({ path: { signature_id }, payload, withResponse: true })
        const unconfirmed = yield* refusal(withdraw(ada, signed.id, {}))
        expect(unconfirmed.status).toBe(409)
        expect(unconfirmed.code).toBe("confirmation_required")
        const notYours = yield* refusal(withdraw(bea, signed.id, { confirmed_by: bea.person }))
        expect(notYours.status).toBe(403)
        expect(notYours.code).toBe("not_a_signer")
        expect((yield* ada.api.signatures.get({ path: { signature_id: signed.id } })).state).toBe("bound")
        const [withdrawn, response] = yield* withdraw(ada, signed.id, { confirmed_by: ada.person })
        expect(response.status).toBe(200)
        expect(withdrawn).toMatchObject({ id: signed.id, state: "withdrawn" })
        expect((yield* ada.api.contracts.events({ path, urlParams: {} })).data.at(-1)).toMatchObject({
          type: "signature.withdrawn",
          data: { signature: signed.id, withdrawn_by: ada.person }
        })
        expect((yield* refusal(withdraw(ada, signed.id, { confirmed_by: ada.person }))).status).toBe(400)
        expect((yield* refusal(withdraw(ada, "sig_nope", { confirmed_by: ada.person }))).status).toBe(404)
        expect((yield* ada.api.contracts.state({ path })).signatures.withdrawn).toEqual([signed.id])
        // A withdrawn signature leaves the signer free to sign again.
        const [, again] = yield* ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person }, withResponse: true })
        expect(again.status).toBe(201)
      }))

    it.effect("pins the signer's mark and its checksum at press time", () =>
      Effect.gen(function*() {
        const { ada, bea, drafted, path } = yield* agreed
        const mine = { id: ada.person }
        const [typed, typedResponse] = yield* ada.api.marks.put({ path: mine, payload: { kind: "typed", text: "Ada L." }, withResponse: true })
        expect(typedResponse.status).toBe(200)
        expect(typed).toMatchObject({ object: "mark", person: ada.person, kind: "typed", text: "Ada L." })
        expect(typed.checksum).toMatch(/^sha256:[0-9a-f]{64}$/)
        expect((yield* refusal(ada.api.marks.put({ path: { id: bea.person }, payload: { kind: "typed", text: "Not mine" } }))).status).toBe(404)
        const badImage = yield* refusal(ada.api.marks.put({
          path: mine,
          payload: { kind: "image", content_type: "image/png", data: Buffer.from("not a png").toString("base64") }
        }))
        expect(badImage.status).toBe(400)
        expect(badImage.param).toBe("data")

        const signed = yield* ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person } })
        expect(signed.mark).toEqual({ kind: "typed", checksum: typed.checksum, text: "Ada L." })
        const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString("base64")
        const image = yield* ada.api.marks.put({ path: mine, payload: { kind: "image", content_type: "image/png", data: png } })
        expect(image.checksum).not.toBe(typed.checksum)
        expect(yield* ada.api.marks.get({ path: mine })).toMatchObject({ kind: "image", data: png })
        expect((yield* ada.api.signatures.get({ path: { signature_id: signed.id } })).mark?.checksum).toBe(typed.checksum)
        const removed = yield* ada.api.marks.remove({ path: mine })
        expect(removed).toEqual({ object: "mark", person: ada.person, deleted: true })
        expect((yield* refusal(ada.api.marks.get({ path: mine }))).status).toBe(404)
      }))

    it.effect("lists receipts for every letter and signature, each letter chained to the one before", () =>
      Effect.gen(function*() {
        const { ada, bea, drafted, path } = yield* agreed
        const signed = yield* ada.api.signatures.sign({ path, payload: { text_hash: drafted.words_hash, confirmed_by: ada.person } })
        const receipts = (yield* bea.api.signatures.receipts({ path })).data
        expect(receipts.map((r) => r.kind)).toEqual(["letter", "letter", "signature"])
        expect(receipts[1]!.previous).toBe(receipts[0]!.digest)
        expect(receipts[2]).toMatchObject({ id: signed.id, words_hash: drafted.words_hash, person: ada.person })
        const stranger = yield* apiClient(service.url, { key: (yield* newOrg(service.url)).keys.test })
        const foreign = yield* refusal(stranger.signatures.get({ path: { signature_id: signed.id } }))
        expect(foreign.status).toBe(404)
      }))
  })
}
