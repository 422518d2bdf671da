import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { databases } from "./support/databases.js"
import { everythingVisible, twoOrgs } from "./support/negotiation.js"
import { type Running, startService } from "./support/service.js"

for (const database of databases) {
  describe(`negotiating between two orgs (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await startService(database)
    })
    afterAll(() => service.stop())

    it("never sends without confirmed_by: 409 with the letter preview, nothing stored", async () => {
      const { ada, beta } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const reply = await ada.send(drafted.id, drafted.words_hash, {
        recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator"] }]
      })
      expect(reply.status).toBe(409)
      expect(reply.body.error.code).toBe("confirmation_required")
      expect(reply.body.letter_preview).toMatchObject({ from: drafted.parties[0].id, decisions: [] })
      expect(reply.body.letter_preview.to).toHaveLength(1)
      expect(reply.body.landed_if_sent).toEqual([])
      const after = await ada.sheet(drafted.id)
      expect(after).toMatchObject({ state: "draft", head_sequence: 1, parties: drafted.parties })
      expect((await ada.get("/sandbox/outbox")).body.data).toEqual([])
    })

    it("checks confirmed_by: on the list, a negotiator, of your own org", async () => {
      const { ada, acme, beta } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const recipients = [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator"] }]
      const colleague = await ada.send(drafted.id, drafted.words_hash, { recipients, confirmed_by: acme.people[1]!.id })
      expect(colleague.status).toBe(403)
      expect(colleague.body.error.code).toBe("not_on_required_party_list")
      const stranger = await ada.send(drafted.id, drafted.words_hash, { recipients, confirmed_by: beta.people[0]!.id })
      expect(stranger.body.error.code).toBe("not_on_required_party_list")
      expect((await ada.sheet(drafted.id)).state).toBe("draft")
    })

    it("runs draft → send → counter → accept → agreed, with events per seat", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted, send } = await sent()
      expect(send).toMatchObject({ state: "sent", relationship_created: true, words_hash: drafted.words_hash })
      expect(send.letter).toMatch(/^let_/)
      expect(send.relationship).toMatch(/^rel_/)

      const seen = await bea.sheet(drafted.id)
      expect(seen.you).toMatchObject({ person: bea.person, capacity: ["negotiator", "signer"], is_guest: false })
      expect(seen.parties.map((p: { side: string }) => p.side).sort()).toEqual(["counterparty", "drafter"])
      const outbox = (await bea.get("/sandbox/outbox")).body.data
      expect(outbox[0]).toMatchObject({ to: bea.org.people[0]!.email, contract: drafted.id, link: null })

      const clause = drafted.blocks.find((b: { kind: string; text: string }) => b.kind === "clause" && b.text.includes("Term and Termination"))
      const counterText = clause.text.replace("three (3) years", "five (5) years")
      const staged = await bea.stage(drafted.id, seen.words_hash, { block_id: clause.id, type: "counter", text: counterText, why: "Longer protection" })
      expect(staged.status).toBe(201)
      expect(staged.body).toMatchObject({ state: "staged", sent: false, ask_created: true, words_hash: seen.words_hash })
      const preview = (await bea.get(`/contracts/${drafted.id}/reply`)).body
      expect(preview.opens_if_sent).toEqual([clause.id])
      expect(preview.decisions).toHaveLength(1)

      const committed = await bea.commit(drafted.id, seen.words_hash)
      expect(committed.status).toBe(200)
      expect(committed.body).toMatchObject({ state: "negotiating", landed: [], re_asked: [], asks_opened: [staged.body.ask], words_hash: seen.words_hash })

      const undecided = (await ada.get(`/contracts/${drafted.id}/asks?filter=undecided`)).body.data
      expect(undecided).toHaveLength(1)
      expect(undecided[0]).toMatchObject({ id: staged.body.ask, block: clause.id, standing: clause.text, proposed: counterText, type: "replace" })
      const accepted = await ada.stage(drafted.id, seen.words_hash, { ask_id: staged.body.ask, type: "accept" })
      expect(accepted.status).toBe(201)
      const agreed = await ada.commit(drafted.id, seen.words_hash)
      expect(agreed.body).toMatchObject({ state: "agreed", landed: [clause.id], asks_opened: [] })
      expect(agreed.body.words_hash).not.toBe(seen.words_hash)

      const final = await bea.sheet(drafted.id)
      expect(final.blocks.find((b: { id: string }) => b.id === clause.id).text).toBe(counterText)
      expect(final.words_hash).toBe(agreed.body.words_hash)
      const state = await ada.state(drafted.id)
      expect(state).toMatchObject({ state: "agreed", asks_open: [], asks_landed: [staged.body.ask], owed: [] })
      expect(state.letters).toHaveLength(3)

      const adaTypes = (await ada.events(drafted.id)).data.map((e: { type: string; sequence: number }) => `${e.sequence}:${e.type}`)
      const beaTypes = (await bea.events(drafted.id)).data.map((e: { type: string; sequence: number }) => `${e.sequence}:${e.type}`)
      expect(adaTypes).toEqual(["1:contract.drafted", "2:reply.sent", "3:letter.received", "4:reply.sent", "4:words.changed", "4:contract.agreed"])
      expect(beaTypes).toEqual(["2:letter.received", "3:reply.sent", "4:letter.received", "4:words.changed", "4:contract.agreed"])
      const received = (await bea.events(drafted.id)).data.find((e: { sequence: number }) => e.sequence === 4)
      expect(Object.keys(received.data).sort()).toEqual(["asks", "contract", "letter", "origin", "relationship", "state", "words_hash"])
    })

    it("keeps staged decisions private: the other side sees no change at all", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const before = await everythingVisible(ada, drafted.id)
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Different words entirely.", why: "Secret reason" })
      expect(await everythingVisible(ada, drafted.id)).toEqual(before)
      const decision = (await bea.get(`/contracts/${drafted.id}/reply`)).body.decisions[0]
      const foreign = await ada.get(`/contracts/${drafted.id}/reply`)
      expect(JSON.stringify(foreign.body)).not.toContain("Secret reason")
      expect(JSON.stringify(foreign.body)).not.toContain(decision.id)
      expect(foreign.body.decisions).toEqual([])
    })

    it("a decline lands nothing and keeps the standing words", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "New words.", why: "Why not" })).body.ask
      await bea.commit(drafted.id, drafted.words_hash)
      const declined = await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "decline", why: "We keep ours" })
      expect(declined.status).toBe(201)
      const committed = (await ada.commit(drafted.id, drafted.words_hash)).body
      expect(committed).toMatchObject({ state: "negotiating", landed: [], words_hash: drafted.words_hash })
      const asks = (await bea.get(`/contracts/${drafted.id}/asks?filter=all`)).body.data
      expect(asks.find((a: { id: string }) => a.id === ask).state).toBe("voided")
      const live = asks.find((a: { state: string }) => a.state === "open")
      expect(live).toMatchObject({ standing: clause.text, proposed: clause.text })
      expect((await bea.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })).body.error.code).toBe("ask_voided_by_counter")
      await bea.stage(drafted.id, drafted.words_hash, { ask_id: live.id, type: "accept" })
      const settled = (await bea.commit(drafted.id, drafted.words_hash)).body
      expect(settled).toMatchObject({ state: "agreed", landed: [], words_hash: drafted.words_hash })
    })

    it("refuses a stale hash on a round with 409 words_changed and the re-asked decisions, storing nothing", async () => {
      const { ada, bea, as, sent, acme } = await twoOrgs(service.url)
      const { drafted } = await sent()
      void as
      void acme
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Beta's words.", why: "Ours" })).body.ask
      await bea.commit(drafted.id, drafted.words_hash)
      await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      const moved = (await ada.commit(drafted.id, drafted.words_hash)).body.words_hash
      const stale = await bea.commit(drafted.id, drafted.words_hash)
      expect(stale.status).toBe(409)
      expect(stale.body).toMatchObject({ error: { code: "words_changed" }, current_hash: moved })
      const none = await bea.commit(drafted.id, "")
      expect(none.status).toBe(428)
      expect((await bea.state(drafted.id)).letters).toHaveLength(3)
    })

    it("asks for a person on replies too, and checks the caller's seat", async () => {
      const { ada, bea, sent, beta } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const unconfirmed = await bea.commit(drafted.id, drafted.words_hash, {})
      expect(unconfirmed.status).toBe(409)
      expect(unconfirmed.body.error.code).toBe("confirmation_required")
      const colleague = await bea.commit(drafted.id, drafted.words_hash, { confirmed_by: beta.people[1]!.id })
      expect(colleague.body.error.code).toBe("not_on_required_party_list")
      const ada2 = await ada.commit(drafted.id, drafted.words_hash, { confirmed_by: bea.person })
      expect(ada2.body.error.code).toBe("not_on_required_party_list")
      expect((await ada.state(drafted.id)).letters).toHaveLength(1)
    })
  })
}
