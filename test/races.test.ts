import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { wordsHash } from "../src/Domain/Words/Blocks.js"
import { databases } from "./support/databases.js"
import { replayLetters, twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

interface Block {
  readonly id: string
  readonly kind: "clause" | "heading" | "signature_block"
  readonly text: string
}

for (const database of databases) {
  describe(`racing reply commits (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("lands each commit as one whole round or answers 409 and stores nothing; the letters replay to the words", async () => {
      const { ada, bea, as, beta, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const brook = as(beta, beta.people[1]!.id)
      await bea.post(`/contracts/${drafted.id}/invite`, { email: beta.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      const clauses: ReadonlyArray<Block> = drafted.blocks.filter((b: Block) => b.kind === "clause")
      const hash = drafted.words_hash
      for (const [i, clause] of clauses.slice(0, 4).entries()) {
        await ada.stage(drafted.id, hash, { block_id: clause.id, type: "counter", text: `Acme's clause ${i}.`, why: "Ours" })
      }
      const opened = (await ada.commit(drafted.id, hash)).body.asks_opened as ReadonlyArray<string>
      expect(opened).toHaveLength(4)
      // Both Beta negotiators accept everything, and Acme opens another question: three replies race.
      for (const seat of [bea, brook]) {
        for (const ask of opened) await seat.stage(drafted.id, hash, { ask_id: ask, type: "accept" })
      }
      await ada.stage(drafted.id, hash, { block_id: clauses[5]!.id, type: "counter", text: "Acme again.", why: "More" })
      const before = await ada.state(drafted.id)

      const racers = [ada, bea, brook]
      const replies = await Promise.all(Array.from({ length: 33 }, (_, i) => racers[i % racers.length]!.commit(drafted.id, hash)))
      const late = await bea.commit(drafted.id, hash)

      for (const reply of replies) expect([200, 409], reply.text).toContain(reply.status)
      expect(late.status).toBe(409)
      const won = replies.filter((r) => r.status === 200).map((r) => r.body)
      for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body.error.code).toBe("words_changed")

      const letters = (await ada.get(`/contracts/${drafted.id}/letters?limit=100`)).body.data
      expect(letters).toHaveLength(before.letters.length + won.length)
      expect(new Set(won.map((w) => w.letter)).size).toBe(won.length)
      expect(letters.slice(before.letters.length).map((l: { id: string }) => l.id).sort()).toEqual(won.map((w) => w.letter).sort())
      const sequences = letters.map((l: { sequence: number }) => l.sequence)
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b))
      expect(new Set(sequences).size).toBe(sequences.length)
      // Every staged decision went out in exactly one letter or is still staged: none lost, none sent twice.
      const carried = letters.flatMap((l: { decisions: ReadonlyArray<{ id: string }> }) => l.decisions.map((d) => d.id))
      const staged = (await ada.get(`/contracts/${drafted.id}/reply`)).body.decisions.map((d: { id: string }) => d.id)
      expect(new Set([...carried, ...staged]).size).toBe(4 + 4 + 4 + 1)
      expect(carried.length + staged.length).toBe(4 + 4 + 4 + 1)

      // Replay: the words at Send, then each letter's landed asks in letter order, give the stored words.
      const asks = (await ada.get(`/contracts/${drafted.id}/asks?filter=all`)).body.data
      const blocks = replayLetters<Block>(drafted.blocks, letters, asks)
      const sheet = await bea.sheet(drafted.id)
      expect(sheet.blocks.map((b: Block) => [b.id, b.text])).toEqual(blocks.map((b) => [b.id, b.text]))
      expect(sheet.words_hash).toBe(wordsHash(sheet.blocks))
      expect(asks.filter((a: { state: string }) => a.state === "landed")).toHaveLength(4)
      expect(sheet.state).toBe("negotiating")
    })
  })
}
