import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import type { Contract } from "../src/Domain/Contract/Contract.js"
import { peerCopies } from "../src/Engine/PeerCopies.js"

/** A stored table of contracts by revision, counting the documents it sends. */
const storage = () => {
  const rows = new Map<string, { revision: number; storedBytes: number }>()
  const sent: Array<string> = []
  const contractOf = (id: string, revision: number) => ({ id, title: `${id} r${revision}` }) as unknown as Contract
  const repo = {
    loadIfChanged: (id: string, known: number) =>
      Effect.sync(() =>
        Option.map(Option.fromNullable(rows.get(id)), ({ revision, storedBytes }) => {
          if (revision !== known) sent.push(id)
          return { revision, storedBytes, contract: revision === known ? null : contractOf(id, revision) }
        })
      )
  }
  const save = (id: string, storedBytes = 1000) => rows.set(id, { revision: (rows.get(id)?.revision ?? -1) + 1, storedBytes })
  return { repo, save, sent }
}

const titleOf = (read: Option.Option<Contract>) => Option.getOrThrow(read).title

describe("a runner's copies of contracts other runners write", () => {
  it.effect("sends a document only when its revision moved, and never serves an older one", () =>
    Effect.gen(function*() {
      const { repo, save, sent } = storage()
      const read = peerCopies(repo)
      save("con_a")
      expect(titleOf(yield* read("con_a"))).toBe("con_a r0")
      expect(titleOf(yield* read("con_a"))).toBe("con_a r0")
      expect(sent).toEqual(["con_a"])
      save("con_a")
      expect(titleOf(yield* read("con_a"))).toBe("con_a r1")
      expect(sent).toEqual(["con_a", "con_a"])
      expect(Option.isNone(yield* read("con_missing"))).toBe(true)
    }))

  it.effect("keeps the last 500 read, dropping the least recently read first, and never a very large contract", () =>
    Effect.gen(function*() {
      const { repo, save, sent } = storage()
      const read = peerCopies(repo)
      for (let i = 0; i < 501; i++) save(`con_${i}`)
      save("con_big", 64 * 1024 + 1)
      for (let i = 0; i < 500; i++) yield* read(`con_${i}`)
      // Reading con_0 again makes con_1 the least recently read, which the 501st copy pushes out.
      yield* read("con_0")
      yield* read("con_500")
      sent.length = 0
      yield* read("con_0")
      yield* read("con_2")
      expect(sent).toEqual([])
      yield* read("con_1")
      expect(sent).toEqual(["con_1"])
      yield* read("con_big")
      yield* read("con_big")
      expect(sent).toEqual(["con_1", "con_big", "con_big"])
    }))

  it.effect("keeps the newer copy when an older read answers last", () =>
    Effect.gen(function*() {
      const { repo, save, sent } = storage()
      const gate = yield* Effect.makeLatch(false)
      let calls = 0
      // The first read's answer is taken at once (revision 0) and held back until the gate opens.
      const read = peerCopies({
        loadIfChanged: (id, known) =>
          Effect.flatMap(repo.loadIfChanged(id, known), (answer) => (calls++ === 0 ? Effect.as(gate.await, answer) : Effect.succeed(answer)))
      })
      save("con_a")
      const first = yield* Effect.fork(read("con_a"))
      yield* Effect.yieldNow()
      save("con_a")
      expect(titleOf(yield* read("con_a"))).toBe("con_a r1")
      yield* gate.open
      expect(titleOf(yield* first)).toBe("con_a r0")
      // The copy kept is revision 1's: asking again sends nothing.
      expect(titleOf(yield* read("con_a"))).toBe("con_a r1")
      expect(sent).toEqual(["con_a", "con_a"])
    }))
})
