import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { maxParties } from "../src/Domain/Contract/Membership.js"
import { databases } from "./support/databases.js"
import { everythingVisible, twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`limits the spec leaves open (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("sends to at most 20 recipients and holds at most 100 parties, refusing more with nothing stored", async () => {
      const { ada, sent } = await twoOrgs(service.url)
      const draft = (await ada.draft()).body
      const recipients = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `r${i}@example.com`, name: `R ${i}`, capacity: ["signer"] }))
      const tooMany = await ada.send(draft.id, draft.words_hash, { recipients: recipients(21), confirmed_by: ada.person })
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.error).toMatchObject({ code: "invalid_request", param: "recipients" })
      expect((await ada.sheet(draft.id)).state).toBe("draft")

      const { drafted } = await sent()
      let parties = (await ada.sheet(drafted.id)).parties.length
      for (let i = 0; parties < maxParties; i++, parties++) {
        const invited = await ada.post(`/contracts/${drafted.id}/invite`, { email: `guest${i}@example.com`, name: `Guest ${i}`, capacity: ["signer"] })
        expect(invited.status).toBe(201)
      }
      const before = await everythingVisible(ada, drafted.id)
      const overflow = await ada.post(`/contracts/${drafted.id}/invite`, { email: "one-more@example.com", name: "One More", capacity: ["signer"] })
      expect(overflow.status).toBe(400)
      expect(overflow.body.error).toMatchObject({ code: "invalid_request", param: "email" })
      expect(await everythingVisible(ada, drafted.id)).toEqual(before)
      expect((await ada.sheet(drafted.id)).parties).toHaveLength(maxParties)
    })
  })
}
