import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`amendments (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const executed = async () => {
      const parties = await twoOrgs(service.url)
      const { drafted } = await parties.sent()
      await parties.bea.commit(drafted.id, drafted.words_hash)
      for (const seat of [parties.ada, parties.bea]) await seat.sign(drafted.id, drafted.words_hash)
      expect((await parties.ada.sheet(drafted.id)).state).toBe("executed")
      const amend = (seat: typeof parties.ada, id: string, body: Record<string, unknown> = {}) =>
        call(service.url, "POST", `/contracts/${id}/amend`, {
          key: seat.org.keys.test,
          person: seat.person,
          body,
          headers: { "idempotency-key": idempotencyKey() }
        })
      return { ...parties, drafted, amend }
    }

    it("drafts an amendment of the executed words, private to its org until a Send addresses the other side", async () => {
      const { ada, bea, beta, drafted, amend } = await executed()
      const parentBefore = await ada.sheet(drafted.id)
      const amended = await amend(ada, drafted.id, { note: "Extending the term by a year." })
      expect(amended.status).toBe(201)
      expect(amended.body).toMatchObject({
        object: "contract",
        state: "draft",
        amends: drafted.id,
        origin: "api",
        version: 2,
        words_hash: parentBefore.words_hash,
        recipients: [{ email: beta.people[0]!.email, name: "Ada Lovelace", capacity: ["negotiator", "signer"] }]
      })
      expect(amended.body.id).not.toBe(drafted.id)
      expect(amended.body.url).toBe(`http://localhost/contracts/${amended.body.id}`)
      expect(amended.body.parties.map((p: { person: string; side: string }) => [p.person, p.side])).toEqual([[ada.person, "drafter"]])
      expect(amended.body.blocks.map((b: { text: string }) => b.text)).toEqual(parentBefore.blocks.map((b: { text: string }) => b.text))
      expect(await ada.sheet(drafted.id)).toEqual(parentBefore)
      expect((await bea.get(`/contracts/${amended.body.id}`)).status).toBe(404)

      const sent = await ada.send(amended.body.id, amended.body.words_hash, { confirmed_by: ada.person })
      expect(sent.status).toBe(200)
      expect(sent.body.relationship).toBe(parentBefore.relationship)
      const seen = await bea.sheet(amended.body.id)
      expect(seen).toMatchObject({ state: "sent", amends: drafted.id })
      const mail = (await bea.get("/sandbox/outbox")).body.data.find((m: { contract: string }) => m.contract === amended.body.id)
      expect(mail.text).toContain("Extending the term by a year.")
    })

    it("lets the other side amend too, with sides turned, and refuses contracts that are not executed", async () => {
      const { ada, bea, acme, drafted, amend, sent } = await executed()
      const theirs = await amend(bea, drafted.id)
      expect(theirs.status).toBe(201)
      expect(theirs.body.parties.map((p: { person: string; side: string }) => [p.person, p.side])).toEqual([[bea.person, "drafter"]])
      expect(theirs.body.recipients.map((r: { email: string }) => r.email)).toEqual([acme.people[0]!.email])
      expect((await ada.get(`/contracts/${theirs.body.id}`)).status).toBe(404)

      const open = (await sent()).drafted
      const early = await amend(ada, open.id)
      expect(early.status).toBe(400)
      expect(early.body.error.code).toBe("invalid_request")
      const noKey = await call(service.url, "POST", `/contracts/${drafted.id}/amend`, { key: ada.org.keys.test, person: ada.person, body: {} })
      expect(noKey.body.error).toMatchObject({ code: "invalid_request", param: "Idempotency-Key" })
      expect((await amend(ada, "con_nope")).status).toBe(404)
      const unaddressed = (await ada.draft()).body
      const nobody = await ada.send(unaddressed.id, unaddressed.words_hash, { confirmed_by: ada.person })
      expect(nobody.body.error).toMatchObject({ code: "invalid_request", param: "recipients" })
    })
  })
}
