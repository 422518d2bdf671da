import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, startService } from "./support/service.js"

for (const database of databases) {
  describe(`clause threads and relationships (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await startService(database)
    })
    afterAll(() => service.stop())

    it("traces every move on a clause to the letter that carried it, with the talk, and never a staged one", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const thread = (query = "") => bea.get(`/contracts/${drafted.id}/blocks/${clause.id}/thread${query}`)
      const empty = await thread()
      expect(empty.status).toBe(200)
      expect(empty.body).toMatchObject({ object: "thread", block: clause.id, moves: [], talk: [], has_more: false })
      expect(empty.body.thread).toMatch(/^thr_/)

      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Beta's words.", why: "Shorter" })).body.ask
      const countered = (await bea.commit(drafted.id, drafted.words_hash)).body
      await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      // Staged, not sent: no thread shows it, not even the stager's own.
      expect((await ada.get(`/contracts/${drafted.id}/blocks/${clause.id}/thread`)).body.moves).toHaveLength(1)
      const accepted = (await ada.commit(drafted.id, drafted.words_hash)).body

      const read = (await thread()).body
      expect(read.thread).toBe(empty.body.thread)
      expect(read.moves).toEqual([
        { ask, type: "counter", at: expect.any(String), person: bea.person, from: clause.text, to: "Beta's words.", letter: countered.letter, standing: clause.text },
        { ask, type: "accept", at: expect.any(String), person: ada.person, from: clause.text, to: "Beta's words.", letter: accepted.letter, standing: "Beta's words." }
      ])
      expect(read.talk).toEqual([{ at: read.moves[0].at, person: bea.person, text: "Shorter" }])
      const letters = (await bea.get(`/contracts/${drafted.id}/letters`)).body.data.map((l: { id: string }) => l.id)
      for (const move of read.moves) expect(letters).toContain(move.letter)
      expect((await ada.get(`/contracts/${drafted.id}/blocks/${clause.id}/thread`)).body).toEqual(read)

      const first = (await thread("?limit=1")).body
      expect(first).toMatchObject({ moves: [read.moves[0]], has_more: true, next_cursor: countered.letter })
      const second = (await thread(`?limit=1&starting_after=${first.next_cursor}`)).body
      expect(second).toMatchObject({ moves: [read.moves[1]], has_more: false, next_cursor: null })
      expect((await thread("?starting_after=let_nope")).body.error).toMatchObject({ code: "invalid_request", param: "starting_after" })
      expect((await bea.get(`/contracts/${drafted.id}/blocks/blk_nope/thread`)).status).toBe(404)
    })

    it("shows a relationship to both orgs through their contracts, and to no one else", async () => {
      const { ada, bea, beta, sent } = await twoOrgs(service.url)
      const first = await sent()
      const second = await sent()
      expect(first.send.relationship_created).toBe(true)
      expect(second.send).toMatchObject({ relationship: first.send.relationship, relationship_created: false })
      const path = `/relationships/${first.send.relationship}`
      const mine = await ada.get(path)
      expect(mine.status).toBe(200)
      expect(mine.body).toMatchObject({ id: first.send.relationship, object: "relationship", assets: [] })
      expect(mine.body.contracts.map((c: { id: string }) => c.id).sort()).toEqual([first.drafted.id, second.drafted.id].sort())
      expect(mine.body.contracts[0]).toMatchObject({ state: "sent", origin: "template" })
      expect(mine.body.people.map((p: { id: string }) => p.id).sort()).toEqual([ada.person, bea.person].sort())
      expect(mine.body.people.find((p: { id: string }) => p.id === bea.person)).toEqual({ id: bea.person, name: "Ada Lovelace", email: beta.people[0]!.email })
      const theirs = await bea.get(path)
      expect(theirs.status).toBe(200)
      expect(theirs.body.contracts).toEqual(mine.body.contracts)

      const listed = (await ada.get(`/contracts?relationship=${first.send.relationship}`)).body.data.map((c: { id: string }) => c.id)
      expect(listed.sort()).toEqual([first.drafted.id, second.drafted.id].sort())
      const stranger = await createOrg(service.url)
      const foreign = await call(service.url, "GET", path, { key: stranger.keys.test })
      expect(foreign.status).toBe(404)
      expect(foreign.body.error.code).toBe("not_found")
      expect((await call(service.url, "GET", path, { key: ada.org.keys.live })).status).toBe(404)
      expect((await ada.get("/relationships/rel_nope")).status).toBe(404)
    })
  })
}
