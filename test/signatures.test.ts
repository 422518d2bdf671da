import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, startService } from "./support/service.js"

for (const database of databases) {
  describe(`signatures and execution (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await startService(database)
    })
    afterAll(() => service.stop())

    /** Sent by Acme, answered by Beta with an empty reply: agreed by silence, ready to sign. */
    const agreed = async () => {
      const parties = await twoOrgs(service.url)
      const { drafted } = await parties.sent()
      const reply = await parties.bea.commit(drafted.id, drafted.words_hash)
      expect(reply.body.state).toBe("agreed")
      const seatCalls = (seat: typeof parties.ada) => ({
        sign: (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
          call(service.url, "POST", `/contracts/${drafted.id}/signatures`, {
            key: seat.org.keys.test,
            person: seat.person,
            body,
            headers: { "idempotency-key": idempotencyKey(), ...headers }
          }),
        withdraw: (signature: string, body: Record<string, unknown>) =>
          call(service.url, "POST", `/signatures/${signature}/withdraw`, {
            key: seat.org.keys.test,
            person: seat.person,
            body,
            headers: { "idempotency-key": idempotencyKey() }
          })
      })
      return { ...parties, drafted, adaSigns: seatCalls(parties.ada), beaSigns: seatCalls(parties.bea) }
    }

    it("binds each signer to the agreed hash; the last binding executes the contract in the same step", async () => {
      const { ada, bea, drafted, adaSigns, beaSigns } = await agreed()
      const first = await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({
        object: "signature",
        state: "bound",
        bound_hash: drafted.words_hash,
        person: ada.person,
        confirmed_by: ada.person,
        intent: "I agree to be bound by these words.",
        mark: null,
        contract_state: "agreed"
      })
      expect(first.body.id).toMatch(/^sig_/)
      const second = await beaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: bea.person, intent: "Signed for Beta GmbH." })
      expect(second.status).toBe(201)
      expect(second.body).toMatchObject({ state: "bound", intent: "Signed for Beta GmbH.", contract_state: "executed" })

      const sheet = await bea.sheet(drafted.id)
      expect(sheet.state).toBe("executed")
      const events = (await ada.events(drafted.id)).data
      const last = events.filter((e: { sequence: number }) => e.sequence === events.at(-1).sequence)
      expect(last.map((e: { type: string }) => e.type)).toEqual(["signature.bound", "contract.executed"])
      expect(last[1].data).toMatchObject({
        contract: drafted.id,
        version: 1,
        words_hash: drafted.words_hash,
        certificate_url: `http://localhost/contracts/${drafted.id}/certificate`
      })
      const state = await ada.state(drafted.id)
      expect(state.signatures).toMatchObject({ bound: [first.body.id, second.body.id], held: [], void: [], withdrawn: [], stale: false })
      expect(state.signatures.required_signers.map((r: { state: string }) => r.state)).toEqual(["bound", "bound"])

      // Executed: nothing that would change the deal gets in.
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const refusals = [
        await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Late.", why: "x" }),
        await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person }),
        await ada.post(`/contracts/${drafted.id}/invite`, { email: ada.org.people[1]!.email, name: "Brook", capacity: ["signer"] }),
        await call(service.url, "POST", `/contracts/${drafted.id}/cancel`, {
          key: ada.org.keys.test,
          person: ada.person,
          body: { reason: "Too late" },
          headers: { "idempotency-key": idempotencyKey() }
        }),
        await adaSigns.withdraw(first.body.id, { confirmed_by: ada.person })
      ]
      for (const refused of refusals) {
        expect(refused.status, refused.text).toBe(409)
        expect(refused.body.error.code).toBe("contract_executed")
      }
      expect((await ada.events(drafted.id)).data).toHaveLength(events.length)
    })

    it("refuses bad signing calls and stores nothing: If-Match, no confirmed_by, stale hash, not a signer, a draft", async () => {
      const { ada, acme, as, drafted, adaSigns } = await agreed()
      const before = (await ada.events(drafted.id)).data.length
      const withIfMatch = await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person }, { "if-match": drafted.words_hash })
      expect(withIfMatch.status).toBe(400)
      expect(withIfMatch.body.error).toMatchObject({ code: "invalid_request", param: "If-Match" })
      const unconfirmed = await adaSigns.sign({ text_hash: drafted.words_hash })
      expect(unconfirmed.status).toBe(409)
      expect(unconfirmed.body.error.code).toBe("confirmation_required")
      const stale = await adaSigns.sign({ text_hash: "sha256:stale", confirmed_by: ada.person })
      expect(stale.status).toBe(409)
      expect(stale.body).toMatchObject({ error: { code: "words_changed" }, current_hash: drafted.words_hash, your_signature: null })
      const noKey = await call(service.url, "POST", `/contracts/${drafted.id}/signatures`, {
        key: ada.org.keys.test,
        person: ada.person,
        body: { text_hash: drafted.words_hash, confirmed_by: ada.person }
      })
      expect(noKey.body.error).toMatchObject({ code: "invalid_request", param: "Idempotency-Key" })

      const brook = as(acme, acme.people[1]!.id)
      await ada.post(`/contracts/${drafted.id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      const afterInvite = (await ada.events(drafted.id)).data.length
      expect(afterInvite).toBe(before + 1)
      const negotiatorOnly = await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: brook.person })
      expect(negotiatorOnly.status).toBe(403)
      expect(negotiatorOnly.body.error).toMatchObject({ code: "not_a_signer", param: "confirmed_by" })
      expect((await ada.get(`/contracts/${drafted.id}/signatures`)).body.data).toEqual([])
      expect((await ada.events(drafted.id)).data).toHaveLength(afterInvite)

      const draft = (await ada.draft()).body
      const unsent = await call(service.url, "POST", `/contracts/${draft.id}/signatures`, {
        key: ada.org.keys.test,
        person: ada.person,
        body: { text_hash: draft.words_hash, confirmed_by: ada.person },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(unsent.status).toBe(400)
    })

    it("holds a bound signature while a question is open, and binds it again when agreed on the same words", async () => {
      const { ada, bea, drafted, adaSigns } = await agreed()
      const signed = (await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })).body
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Reopened.", why: "One more thing" })).body.ask
      const reopened = (await bea.commit(drafted.id, drafted.words_hash)).body
      expect(reopened.state).toBe("negotiating")
      expect((await ada.get(`/signatures/${signed.id}`)).body.state).toBe("held")
      const heldEvents = (await ada.events(drafted.id)).data.slice(-2).map((e: { type: string }) => e.type)
      expect(heldEvents).toEqual(["letter.received", "signature.held"])

      const withdrawn = await bea.post(`/asks/${ask}/withdraw`)
      expect(withdrawn.status).toBe(200)
      expect((await ada.get(`/signatures/${signed.id}`)).body.state).toBe("bound")
      const types = (await ada.events(drafted.id)).data.slice(-3).map((e: { type: string }) => e.type)
      expect(types).toEqual(["ask.withdrawn", "contract.agreed", "signature.bound"])
      expect((await ada.state(drafted.id)).state).toBe("agreed")
    })

    it("voids signatures when the words mint a new hash; a fresh signature binds the new words", async () => {
      const { ada, bea, drafted, adaSigns, beaSigns } = await agreed()
      const old = (await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })).body
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "New words.", why: "Better" })).body.ask
      await bea.commit(drafted.id, drafted.words_hash)
      await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      const landed = (await ada.commit(drafted.id, drafted.words_hash)).body
      expect(landed.state).toBe("agreed")
      const voided = (await ada.get(`/signatures/${old.id}`)).body
      expect(voided).toMatchObject({ state: "void", bound_hash: drafted.words_hash })
      expect(voided.struck_at).not.toBeNull()
      const changed = (await bea.events(drafted.id)).data.find((e: { type: string }) => e.type === "words.changed")
      expect(changed.data.signatures_voided).toEqual([old.id])
      const state = (await ada.state(drafted.id)).signatures
      expect(state).toMatchObject({ void: [old.id], stale: true })

      const again = await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })
      expect(again.status).toBe(409)
      expect(again.body).toMatchObject({ current_hash: landed.words_hash, your_signature: { id: old.id, state: "void" } })
      const fresh = await adaSigns.sign({ text_hash: landed.words_hash, confirmed_by: ada.person })
      expect(fresh.body).toMatchObject({ state: "bound", bound_hash: landed.words_hash })
      const done = await beaSigns.sign({ text_hash: landed.words_hash, confirmed_by: bea.person })
      expect(done.body.contract_state).toBe("executed")
      const list = (await bea.get(`/contracts/${drafted.id}/signatures`)).body.data
      expect(list.map((s: { id: string; state: string }) => [s.id, s.state])).toEqual([[old.id, "void"], [fresh.body.id, "bound"], [done.body.id, "bound"]])
    })

    it("withdraws a signature by its signer's side only, with a person confirming", async () => {
      const { ada, bea, drafted, adaSigns, beaSigns } = await agreed()
      const signed = (await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })).body
      const unconfirmed = await adaSigns.withdraw(signed.id, {})
      expect(unconfirmed.status).toBe(409)
      expect(unconfirmed.body.error.code).toBe("confirmation_required")
      const notYours = await beaSigns.withdraw(signed.id, { confirmed_by: bea.person })
      expect(notYours.status).toBe(403)
      expect(notYours.body.error.code).toBe("not_a_signer")
      expect((await ada.get(`/signatures/${signed.id}`)).body.state).toBe("bound")
      const withdrawn = await adaSigns.withdraw(signed.id, { confirmed_by: ada.person })
      expect(withdrawn.status).toBe(200)
      expect(withdrawn.body).toMatchObject({ id: signed.id, state: "withdrawn" })
      expect((await ada.events(drafted.id)).data.at(-1)).toMatchObject({
        type: "signature.withdrawn",
        data: { signature: signed.id, withdrawn_by: ada.person }
      })
      expect((await adaSigns.withdraw(signed.id, { confirmed_by: ada.person })).status).toBe(400)
      expect((await adaSigns.withdraw("sig_nope", { confirmed_by: ada.person })).status).toBe(404)
      expect((await ada.state(drafted.id)).signatures.withdrawn).toEqual([signed.id])
      // A withdrawn signature leaves the signer free to sign again.
      expect((await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })).status).toBe(201)
    })

    it("pins the signer's mark and its checksum at press time", async () => {
      const { ada, bea, drafted, adaSigns } = await agreed()
      const put = (body: unknown, person = ada.person) =>
        call(service.url, "PUT", `/people/${person}/mark`, { key: ada.org.keys.test, person: ada.person, body })
      const typed = await put({ kind: "typed", text: "Ada L." })
      expect(typed.status).toBe(200)
      expect(typed.body).toMatchObject({ object: "mark", person: ada.person, kind: "typed", text: "Ada L." })
      expect(typed.body.checksum).toMatch(/^sha256:[0-9a-f]{64}$/)
      expect((await put({ kind: "typed", text: "Not mine" }, bea.person)).status).toBe(404)
      const badImage = await put({ kind: "image", content_type: "image/png", data: Buffer.from("not a png").toString("base64") })
      expect(badImage.status).toBe(400)
      expect(badImage.body.error.param).toBe("data")

      const signed = (await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })).body
      expect(signed.mark).toEqual({ kind: "typed", checksum: typed.body.checksum, text: "Ada L." })
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString("base64")
      const image = await put({ kind: "image", content_type: "image/png", data: png })
      expect(image.body.checksum).not.toBe(typed.body.checksum)
      expect((await ada.get(`/people/${ada.person}/mark`)).body).toMatchObject({ kind: "image", data: png })
      expect((await ada.get(`/signatures/${signed.id}`)).body.mark.checksum).toBe(typed.body.checksum)
      const removed = await call(service.url, "DELETE", `/people/${ada.person}/mark`, { key: ada.org.keys.test, person: ada.person })
      expect(removed.body).toEqual({ object: "mark", person: ada.person, deleted: true })
      expect((await ada.get(`/people/${ada.person}/mark`)).status).toBe(404)
    })

    it("lists receipts for every letter and signature, each letter chained to the one before", async () => {
      const { ada, bea, drafted, adaSigns } = await agreed()
      const signed = (await adaSigns.sign({ text_hash: drafted.words_hash, confirmed_by: ada.person })).body
      const receipts = (await bea.get(`/contracts/${drafted.id}/receipts`)).body.data
      expect(receipts.map((r: { kind: string }) => r.kind)).toEqual(["letter", "letter", "signature"])
      expect(receipts[1].previous).toBe(receipts[0].digest)
      expect(receipts[2]).toMatchObject({ id: signed.id, words_hash: drafted.words_hash, person: ada.person })
      const stranger = await createOrg(service.url)
      const foreign = await call(service.url, "GET", `/signatures/${signed.id}`, { key: stranger.keys.test })
      expect(foreign.status).toBe(404)
    })
  })
}
