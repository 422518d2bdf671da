import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import type { Fact } from "../../src/Domain/Words/Fact.js"
import { replaceFactValue } from "../../src/Domain/Words/Fact.js"
import { wordsHash } from "../../src/Domain/Words/Blocks.js"
import { asId } from "../../src/Domain/Contract/Ids.js"

describe("the words hash", () => {
  it("depends on kind and text in order, never on ids or numbers", () => {
    const a = [{ id: asId("blk", "blk_1"), number: 1, kind: "clause" as const, text: "One." }, {
      id: asId("blk", "blk_2"),
      number: 2,
      kind: "clause" as const,
      text: "Two."
    }]
    const renamed = a.map((b, i) => ({ ...b, id: asId("blk", `blk_x${i}`), number: i + 10 }))
    expect(wordsHash(renamed)).toBe(wordsHash(a))
    expect(wordsHash([a[1]!, a[0]!])).not.toBe(wordsHash(a))
    expect(wordsHash([{ ...a[0]!, kind: "heading" }, a[1]!])).not.toBe(wordsHash(a))
    expect(wordsHash(a)).toMatch(/^sha256:[0-9a-f]{64}$/)
  })
})

// Builds a block from segments, some of them fact values, and checks that rewriting any fact keeps
// every span of every fact pointing exactly at its value.
const arbitraryDocument = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("text" as const), text: fc.string({ maxLength: 12 }) }),
    fc.record({ kind: fc.constant("fact" as const), fact: fc.integer({ min: 0, max: 2 }) })
  ),
  { maxLength: 12 }
)

describe("rewriting a fact", () => {
  it("keeps every span of every fact on its own words", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryDocument, { minLength: 1, maxLength: 3 }),
        fc.array(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.string({ minLength: 1, maxLength: 15 }),
        (documents, values, target, replacement) => {
          const spans: Array<Array<{ block: string; start: number; end: number }>> = [[], [], []]
          const blocks = documents.map((segments, b) => {
            let text = ""
            for (const segment of segments) {
              if (segment.kind === "text") text += segment.text
              else {
                spans[segment.fact]!.push({ block: `blk_${b}`, start: text.length, end: text.length + values[segment.fact]!.length })
                text += values[segment.fact]!
              }
            }
            return { id: asId("blk", `blk_${b}`), number: b + 1, kind: "clause" as const, text }
          })
          const facts: Array<Fact> = values.map((value, i) => ({
            id: asId("fct", `fct_${i}`),
            name: `f${i}`,
            label: `F${i}`,
            kind: "party",
            value,
            inferred: false,
            confirmed_by: null,
            confirmed_at: null,
            missing: false,
            spans: spans[i]!
          }))
          const change = replaceFactValue(blocks, facts, `fct_${target}`, replacement)
          for (const fact of change.facts) {
            for (const span of fact.spans) {
              const block = change.blocks.find((b) => b.id === span.block)!
              expect(block.text.slice(span.start, span.end)).toBe(String(fact.value))
            }
          }
          expect([...change.blocksTouched].sort()).toEqual([...new Set(spans[target]!.map((s) => s.block))].sort())
        }
      )
    )
  })
})
