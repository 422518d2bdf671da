import { describe, expect, it } from "@effect/vitest"
import { makeId, randomToken } from "../src/RandomIds.js"

describe("random ids", () => {
  it("are base-62 tokens of the asked length, all distinct, through many refills of the byte pool", () => {
    const tokens = Array.from({ length: 5_000 }, () => randomToken())
    for (const token of tokens) expect(token).toMatch(/^[0-9A-Za-z]{20}$/)
    expect(new Set(tokens).size).toBe(tokens.length)
    expect(randomToken(7)).toMatch(/^[0-9A-Za-z]{7}$/)
    expect(makeId("con")).toMatch(/^con_[0-9A-Za-z]{20}$/)
  })

  it("draw every character alike: no character is favoured by the byte's remainder", () => {
    const counts = new Map<string, number>()
    for (const char of Array.from({ length: 10_000 }, () => randomToken()).join("")) counts.set(char, (counts.get(char) ?? 0) + 1)
    expect(counts.size).toBe(62)
    // 200,000 characters, each about 3,226 times. Taking every byte modulo 62 would draw the first eight a quarter more often.
    const expected = 200_000 / 62
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0)
    // 61 degrees of freedom: above 110 happens by chance less than once in ten thousand runs.
    expect(chiSquare).toBeLessThan(110)
  })
})
