import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { allLetters, twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

/** Every id a JSON answer names, whatever field it sits in. */
const idsIn = (value: unknown) => new Set(JSON.stringify(value).match(/\b(?:pty|ask|dec|let|blk|fct|per|sig|con)_[0-9A-Za-z]{20}\b/g) ?? [])

for (const database of databases) {
  describe(`Send: the warning and the preview (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("sends with unfilled template blanks, and says so in a warning naming them", async () => {
      const { ada, beta } = await twoOrgs(service.url)
      const drafted =
        (await ada.post("/contracts", { template_id: "tpl_mutual_nda", facts: { party_a: "Acme Ltd" } }, { "idempotency-key": idempotencyKey() })).body
      const unfilled = drafted.facts.filter((f: { missing: boolean }) => f.missing).map((f: { id: string }) => f.id)
      expect(unfilled.length).toBeGreaterThan(0)
      const sent = await ada.send(drafted.id, drafted.words_hash, {
        recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      expect(sent.status).toBe(200)
      expect(sent.body.state).toBe("sent")
      expect(sent.body.warning).toEqual({ code: "unconfirmed_content", message: expect.stringContaining("unfilled"), facts: unfilled, blocks: [] })
    })

    it("has no warning when everything was settled", async () => {
      const { sent } = await twoOrgs(service.url)
      expect((await sent()).send.warning).toBeNull()
    })

    it("never previews an id its commit does not produce: a first Send names new recipients by email", async () => {
      const { ada, bea, beta } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const recipients = [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }, {
        email: "gail@example.com",
        name: "Gail",
        capacity: ["signer"]
      }]
      const preview = await ada.send(drafted.id, drafted.words_hash, { recipients, note: "Our NDA." })
      expect(preview.status).toBe(409)
      expect(preview.body.error.code).toBe("confirmation_required")
      expect(preview.body.letter_preview.to).toEqual([beta.people[0]!.email, "gail@example.com"])
      const sent = await ada.send(drafted.id, drafted.words_hash, { recipients, note: "Our NDA.", confirmed_by: ada.person })
      expect(sent.status).toBe(200)
      const committed = {
        sheet: await ada.sheet(drafted.id),
        letters: await allLetters(ada, drafted.id),
        asks: (await ada.get(`/contracts/${drafted.id}/asks?filter=all`)).body
      }
      const known = idsIn(committed)
      for (const id of idsIn(preview.body)) expect(known, id).toContain(id)
      expect(committed.letters[0].to).toEqual(
        committed.sheet.parties.filter((p: { side: string }) => p.side === "counterparty").map((p: { id: string }) => p.id)
      )

      // A later round previews existing parties by id, and everything it names exists after the commit.
      const clause = committed.sheet.blocks.find((b: { kind: string }) => b.kind === "clause")
      await bea.stage(drafted.id, sent.body.words_hash, { block_id: clause.id, type: "counter", text: "Narrower.", why: "w" })
      const replyPreview = await bea.commit(drafted.id, sent.body.words_hash, {})
      expect(replyPreview.body.error.code).toBe("confirmation_required")
      expect(replyPreview.body.letter_preview.to).toEqual([committed.sheet.parties.find((p: { side: string }) => p.side === "drafter").id])
      const reply = await bea.commit(drafted.id, sent.body.words_hash)
      expect(reply.status).toBe(200)
      const after = idsIn({
        sheet: await ada.sheet(drafted.id),
        letters: await allLetters(ada, drafted.id),
        asks: (await ada.get(`/contracts/${drafted.id}/asks?filter=all`)).body
      })
      for (const id of idsIn(replyPreview.body)) expect(after, id).toContain(id)
    })

    it("treats an empty confirmed_by as absent: nothing is sent without a person", async () => {
      const { ada, bea, beta } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const recipients = [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }]
      for (const confirmed_by of ["", "  "]) {
        const reply = await ada.send(drafted.id, drafted.words_hash, { recipients, confirmed_by })
        expect(reply.status).toBe(409)
        expect(reply.body.error.code).toBe("confirmation_required")
      }
      expect((await ada.sheet(drafted.id)).state).toBe("draft")
      expect((await ada.send(drafted.id, drafted.words_hash, { recipients, confirmed_by: ada.person })).status).toBe(200)
      const commit = await bea.commit(drafted.id, drafted.words_hash, { confirmed_by: "" })
      expect(commit.body.error.code).toBe("confirmation_required")
      const signing = await bea.sign(drafted.id, drafted.words_hash, { confirmed_by: "" })
      expect(signing.body.error.code).toBe("confirmation_required")
      expect((await bea.state(drafted.id)).letters.length).toBe(1)
    })

    it("takes no body at all where every field is optional: amend, a reply commit", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const noBody = (seat: typeof ada, path: string, headers: Record<string, string> = {}) =>
        call(service.url, "POST", path, { key: seat.org.keys.test, person: seat.person, headers: { "idempotency-key": idempotencyKey(), ...headers } })
      const preview = await noBody(bea, `/contracts/${drafted.id}/replies`, { "if-match": drafted.words_hash })
      expect(preview.status).toBe(409)
      expect(preview.body.error.code).toBe("confirmation_required")
      await bea.commit(drafted.id, drafted.words_hash)
      for (const seat of [ada, bea]) await seat.sign(drafted.id, drafted.words_hash)
      const amended = await noBody(ada, `/contracts/${drafted.id}/amend`)
      expect(amended.status).toBe(201)
      expect(amended.body).toMatchObject({ state: "draft", amends: drafted.id })
      // A call that needs a field still needs a body.
      const draft = await noBody(ada, "/contracts")
      expect(draft.status).toBe(400)
      expect(draft.body.error.code).toBe("invalid_request")
    })
  })
}
