import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call } from "./support/client.js"
import { databases } from "./support/databases.js"
import { everythingVisible, twoOrgs } from "./support/negotiation.js"
import { adminToken, type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`decisions and the unsent reply (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    /** Sent, with one open ask from Beta on the first clause for Acme to decide. */
    const withOpenAsk = async () => {
      const parties = await twoOrgs(service.url)
      const { drafted } = await parties.sent()
      const [clause, other] = drafted.blocks.filter((b: { kind: string }) => b.kind === "clause")
      const ask =
        (await parties.bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Beta's words.", why: "Ours" })).body.ask
      await parties.bea.commit(drafted.id, drafted.words_hash)
      return { ...parties, drafted, clause, other, ask }
    }

    it("refuses every malformed decision with 400 invalid_request and the field at fault, staging nothing", async () => {
      const { ada, bea, drafted, clause, ask } = await withOpenAsk()
      const seenByBeta = await everythingVisible(bea, drafted.id)
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ask_id: ask, block_id: clause.id, type: "counter", text: "x", why: "y" }, "ask_id"],
        [{ type: "counter", text: "x", why: "y" }, "ask_id"],
        [{ block_id: clause.id, type: "accept" }, "block_id"],
        [{ block_id: clause.id, type: "decline", why: "y" }, "block_id"],
        [{ ask_id: ask, type: "counter", why: "y" }, "text"],
        [{ ask_id: ask, type: "counter", text: "Other words." }, "why"],
        [{ ask_id: ask, type: "decline" }, "why"],
        [{ ask_id: ask, type: "shrug" }, "type"],
        [{ ask_id: ask, type: "accept", extra: true }, "extra"]
      ]
      for (const [body, param] of cases) {
        const reply = await ada.stage(drafted.id, drafted.words_hash, body)
        expect(reply.status, JSON.stringify(body)).toBe(400)
        expect(reply.body.error).toMatchObject({ code: "invalid_request", param })
      }
      const noMatch = await call(service.url, "POST", `/contracts/${drafted.id}/decisions`, {
        key: ada.org.keys.test,
        person: ada.person,
        body: { ask_id: ask, type: "accept" }
      })
      expect(noMatch.status).toBe(428)
      expect(noMatch.body.error.code).toBe("if_match_required")
      expect((await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions).toEqual([])
      expect(await everythingVisible(bea, drafted.id)).toEqual(seenByBeta)
    })

    it("keeps a signer-only party out of the negotiation: 403 not_a_negotiator to stage, commit or confirm", async () => {
      const { ada, acme, as, drafted, ask } = await withOpenAsk()
      const brook = as(acme, acme.people[1]!.id)
      const invited = await ada.post(`/contracts/${drafted.id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["signer"] })
      expect(invited.status).toBe(201)
      const staged = await brook.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      expect(staged.status).toBe(403)
      expect(staged.body.error.code).toBe("not_a_negotiator")
      const committed = await brook.commit(drafted.id, drafted.words_hash)
      expect(committed.body.error.code).toBe("not_a_negotiator")
      await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      const confirmedBySigner = await ada.commit(drafted.id, drafted.words_hash, { confirmed_by: brook.person })
      expect(confirmedBySigner.status).toBe(403)
      expect(confirmedBySigner.body.error).toMatchObject({ code: "not_a_negotiator", param: "confirmed_by" })
      expect((await ada.state(drafted.id)).letters).toHaveLength(2)
      expect((await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions).toHaveLength(1)
    })

    it("answers a stale commit with every staged decision re-asked, and stores nothing", async () => {
      const { ada, bea, drafted, clause, other, ask } = await withOpenAsk()
      const mine = (await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })).body
      const more = (await ada.stage(drafted.id, drafted.words_hash, { block_id: other.id, type: "counter", text: "Acme's words.", why: "Ours too" })).body
      // Beta withdraws its own ask and the contract agrees: the words Acme decided against are gone.
      await bea.post(`/asks/${ask}/withdraw`)
      await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Second thoughts.", why: "Again" })
      await bea.commit(drafted.id, drafted.words_hash)
      const stale = await ada.commit(drafted.id, "sha256:0000")
      expect(stale.status).toBe(409)
      expect(stale.body.error.code).toBe("words_changed")
      expect(stale.body.current_hash).toBe(drafted.words_hash)
      expect(stale.body.re_asked.map((d: { id: string }) => d.id).sort()).toEqual([mine.id, more.id].sort())
      expect((await ada.state(drafted.id)).letters).toHaveLength(3)
      expect((await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions).toHaveLength(2)
    })

    it("keeps the reply's note, withdrawals and discards private, and the reply says what it holds", async () => {
      const { ada, bea, drafted, ask, other } = await withOpenAsk()
      const seenByBeta = await everythingVisible(bea, drafted.id)
      const noted = await call(service.url, "PATCH", `/contracts/${drafted.id}/reply`, {
        key: ada.org.keys.test,
        person: ada.person,
        body: { note: "Private covering note" }
      })
      expect(noted.status).toBe(200)
      expect(noted.body).toMatchObject({ note: "Private covering note", letter_preview: { note: "Private covering note" } })
      expect(await everythingVisible(bea, drafted.id)).toEqual(seenByBeta)

      const accept = (await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })).body
      const counter = (await ada.stage(drafted.id, drafted.words_hash, { block_id: other.id, type: "counter", text: "Ours.", why: "Secret" })).body
      const withdrawn = await call(service.url, "DELETE", `/contracts/${drafted.id}/decisions/${counter.id}`, { key: ada.org.keys.test, person: ada.person })
      expect(withdrawn.status).toBe(200)
      expect(withdrawn.body).toEqual({ id: counter.id, object: "decision", deleted: true, words_hash: drafted.words_hash })
      const reply = (await ada.get(`/contracts/${drafted.id}/reply`)).body
      expect(reply.decisions.map((d: { id: string }) => d.id)).toEqual([accept.id])
      expect(reply.landed_if_sent).toHaveLength(1)
      expect(await everythingVisible(bea, drafted.id)).toEqual(seenByBeta)

      const missing = await call(service.url, "DELETE", `/contracts/${drafted.id}/decisions/${counter.id}`, { key: ada.org.keys.test, person: ada.person })
      expect(missing.status).toBe(404)
      const othersDecision = await call(service.url, "DELETE", `/contracts/${drafted.id}/decisions/${accept.id}`, {
        key: bea.org.keys.test,
        person: bea.person
      })
      expect(othersDecision.status).toBe(404)
      expect(JSON.stringify(othersDecision.body)).not.toContain("Secret")

      const discarded = await call(service.url, "DELETE", `/contracts/${drafted.id}/reply`, { key: ada.org.keys.test, person: ada.person })
      expect(discarded.status).toBe(200)
      expect(discarded.body).toMatchObject({ decisions: [], note: null, landed_if_sent: [], opens_if_sent: [] })
      expect(await everythingVisible(bea, drafted.id)).toEqual(seenByBeta)
    })

    it("turns a fact edit after the first Send into a decision, so it needs decisions:write", async () => {
      const { ada, drafted } = await withOpenAsk()
      const fact = drafted.facts.find((f: { name: string }) => f.name === "governing_law")
      const admin = { authorization: `Bearer ${adminToken}` }
      const writer = (await call(service.url, "POST", `/admin/orgs/${ada.org.org_id}/keys`, {
        headers: admin,
        body: { mode: "test", scopes: ["contracts:read", "contracts:write"] }
      })).body.key
      const refused = await call(service.url, "POST", `/contracts/${drafted.id}/facts/${fact.id}`, {
        key: writer,
        person: ada.person,
        body: { value: "the State of New York" },
        headers: { "if-match": drafted.words_hash }
      })
      expect(refused.status).toBe(403)
      expect(refused.body.error).toMatchObject({ code: "insufficient_scope", param: "decisions:write" })
      expect((await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions).toEqual([])
      const decider =
        (await call(service.url, "POST", `/admin/orgs/${ada.org.org_id}/keys`, { headers: admin, body: { mode: "test", scopes: ["decisions:write"] } })).body
          .key
      const staged = await call(service.url, "POST", `/contracts/${drafted.id}/facts/${fact.id}`, {
        key: decider,
        person: ada.person,
        body: { value: "the State of New York" },
        headers: { "if-match": drafted.words_hash }
      })
      expect(staged.status).toBe(200)
      expect(staged.body).toMatchObject({ applied: false, grouped: true })
    })
  })
}
