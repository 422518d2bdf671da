import { describe, expect, it } from "@effect/vitest"
import { changedParts, restOf, storedParts } from "../../src/Engine/StoredParts.js"
import { accept, ada, bea, commit, counter, drafted, ok, sent, sign, world } from "../domain/fixtures.js"

// What a save writes follows from what the core made anew (src/Engine/StoredParts.ts): these pin
// that the common writes leave the words and the rest of the bulk alone, as the parts' columns expect.
describe("the parts a save writes", () => {
  it("are all of them for a new contract, and none of them stay in the document's rest", () => {
    const contract = drafted(world())
    expect(changedParts(null, contract)).toEqual(storedParts)
    for (const part of storedParts) expect(restOf(contract)).not.toHaveProperty(part)
    expect(restOf(contract)).not.toHaveProperty("letters")
    expect(restOf(contract)).toHaveProperty("parties")
  })

  it("are none for a round that lands no edit: an empty reply stores no words, facts, baseline, asks or signatures", () => {
    const w = world()
    const before = sent(w)
    const after = commit(before, bea, w).contract
    expect(after.head_sequence).toBe(before.head_sequence + 1)
    expect(changedParts(before, after)).toEqual([])
  })

  it("are the asks when a round opens one, and the words when a round lands an edit; the baseline stays as sent", () => {
    const w = world()
    const before = sent(w)
    const countered = counter(before, bea, w)
    const asked = commit(countered.contract, bea, w).contract
    expect(changedParts(countered.contract, asked)).toEqual(["asks"])
    const landed = commit(accept(asked, ada, w, countered.ask), ada, w).contract
    expect(landed.words_hash).not.toBe(asked.words_hash)
    expect(changedParts(asked, landed)).toContain("blocks")
    expect(changedParts(asked, landed)).not.toContain("baseline")
  })

  it("are the signatures alone when a party signs", () => {
    const w = world()
    const agreed = commit(sent(w), bea, w).contract
    const signed = ok(sign(agreed, ada, w)).contract
    expect(changedParts(agreed, signed)).toEqual(["signatures"])
  })
})
