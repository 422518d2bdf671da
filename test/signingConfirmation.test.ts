import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

// The spec's error table: `confirmation_required` carries `letter_preview` (`from`, `to[]`,
// `decisions[]`) and `landed_if_sent` beside the envelope, for signatures and their withdrawal too.
for (const database of databases) {
  describe(`confirmation_required on signature calls (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("carries the letter preview and landed_if_sent beside the signature's own fields, and stores nothing", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      expect((await bea.commit(drafted.id, drafted.words_hash)).body.state).toBe("agreed")
      const party = (await ada.sheet(drafted.id)).you.party
      const as = { key: ada.org.keys.test, person: ada.person }
      const events = async () => (await ada.events(drafted.id)).data.length
      const before = await events()

      const unsigned = await call(service.url, "POST", `/contracts/${drafted.id}/signatures`, {
        ...as,
        body: { text_hash: drafted.words_hash },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(unsigned.status).toBe(409)
      const { error, ...beside } = unsigned.body
      expect(error).toMatchObject({ code: "confirmation_required", param: "confirmed_by" })
      expect(beside).toEqual({
        letter_preview: { from: party, to: [], note: null, decisions: [], asks: [] },
        landed_if_sent: [],
        text_hash: drafted.words_hash,
        state_if_signed: "bound"
      })
      expect(await events()).toBe(before)

      const signature = (await ada.sign(drafted.id, drafted.words_hash)).body.id
      const withdrawal = await call(service.url, "POST", `/signatures/${signature}/withdraw`, {
        ...as,
        body: {},
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(withdrawal.status).toBe(409)
      const { error: refused, ...alongside } = withdrawal.body
      expect(refused).toMatchObject({ code: "confirmation_required", param: "confirmed_by" })
      expect(alongside).toEqual({ letter_preview: { from: party, to: [], note: null, decisions: [], asks: [] }, landed_if_sent: [], signature })
      expect((await ada.get(`/signatures/${signature}`)).body.state).toBe("bound")
    })
  })
}
