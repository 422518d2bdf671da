import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import { call } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, startService } from "./support/service.js"

// Fails the next contract write after it is stored, as a crash or a bug between the write and its
// kept answer would: the client sees no success, the database holds the write.
let failAfterNextWrite = false
const failingProbe = Layer.succeed(WriteProbe, {
  around: (_id, write) =>
    Effect.tap(write, () => {
      if (!failAfterNextWrite) return Effect.void
      failAfterNextWrite = false
      return Effect.dieMessage("failure after the write was stored")
    })
})

for (const database of databases) {
  describe(`idempotency when a stored write loses its answer (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await startService(database, { probe: failingProbe })
    })
    afterAll(() => service.stop())

    it("a retry of a reply commit whose answer was lost replays the answer its save kept, and commits nothing more", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const before = await bea.sheet(drafted.id)
      const post = () =>
        call(service.url, "POST", `/contracts/${drafted.id}/replies`, {
          key: bea.org.keys.test,
          person: bea.person,
          body: { confirmed_by: bea.person },
          headers: { "if-match": before.words_hash, "idempotency-key": "reply-once" }
        })
      failAfterNextWrite = true
      const failed = await post()
      expect(failed.status).toBe(500)
      // The round is stored although its answer was lost.
      expect((await ada.sheet(drafted.id)).head_sequence).toBe(before.head_sequence + 1)

      // A commit answers with its write's result, so the save kept the answer itself: a replay.
      const retried = await post()
      expect(retried.status).toBe(200)
      expect(retried.headers.get("idempotent-replayed")).toBe("true")
      const after = await ada.sheet(drafted.id)
      expect(after.head_sequence).toBe(before.head_sequence + 1)
      const letters = (await bea.get(`/contracts/${drafted.id}/letters`)).body.data
      expect(letters.filter((letter: { id: string }) => letter.id === retried.body.letter)).toHaveLength(1)
      expect(after.words_hash).toBe(retried.body.words_hash)

      const replayed = await post()
      expect(replayed.status).toBe(200)
      expect(replayed.text).toBe(retried.text)
      expect((await ada.sheet(drafted.id)).head_sequence).toBe(before.head_sequence + 1)
    })

    it("a retry of a draft answers with the contract the first attempt stored, and makes no second one", async () => {
      const { ada } = await twoOrgs(service.url)
      const post = () =>
        call(service.url, "POST", "/contracts", {
          key: ada.org.keys.test,
          person: ada.person,
          body: { template_id: "tpl_mutual_nda" },
          headers: { "idempotency-key": "draft-once" }
        })
      failAfterNextWrite = true
      expect((await post()).status).toBe(500)
      const listed = (await ada.get("/contracts?limit=100")).body.data
      expect(listed).toHaveLength(1)

      // A draft answers with its sheet, rendered after the write: resumed from the stored write, not a replay.
      const resumed = await post()
      expect(resumed.status).toBe(201)
      expect(resumed.headers.get("idempotent-replayed")).toBeNull()
      expect(resumed.body.id).toBe(listed[0].id)
      expect((await ada.get("/contracts?limit=100")).body.data).toHaveLength(1)
      const replayed = await post()
      expect(replayed.headers.get("idempotent-replayed")).toBe("true")
      expect(replayed.text).toBe(resumed.text)
    })
  })
}
