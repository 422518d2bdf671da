import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { bestQuote, composeAnswer, type Passage } from "../../../src/Domain/Ask/Compose.js"
import { searchTerms, stemOf } from "../../../src/Domain/Ask/Question.js"

const hostileText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 600 }),
  fc.string({ unit: "binary", maxLength: 600 }).map((s) => s.toWellFormed()),
  fc.array(fc.constantFrom("renew", "automatically", "notice", "𝒜𝒷", "é", ". ", "; ", " ", "x".repeat(500), "\n"), { maxLength: 80 })
    .map((parts) => parts.join(""))
)

describe("the question's search terms", () => {
  it("keeps content words once, in order, without question words or the words every contract shares", () => {
    expect(searchTerms("Which contracts renew automatically?")).toEqual(["renew", "automatically"])
    expect(searchTerms("What is the notice period, and the NOTICE for termination?")).toEqual(["notice", "period", "termination"])
    expect(searchTerms("which of the?")).toEqual([])
    expect(searchTerms("Governing law: New York (état de New-York) 2027")).toEqual(["governing", "law", "new", "york", "état", "de", "2027"])
  })

  it("holds only letters and digits, at most twenty, whatever the question holds", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 3000 }), (question) => {
      const terms = searchTerms(question)
      expect(terms.length).toBeLessThanOrEqual(20)
      for (const term of terms) expect(term).toMatch(/^[\p{L}\p{N}]{2,40}$/u)
    }))
    expect(searchTerms(`${"word ".repeat(200_000)}`)).toEqual(["word"])
  })

  it("stems long terms so a sentence's other forms match", () => {
    expect(stemOf("automatically")).toBe("automatic")
    expect(stemOf("renew")).toBe("rene")
    expect(stemOf("law")).toBe("law")
  })
})

describe("the extractive answer", () => {
  it("quotes the sentence that says most about the question, word for word", () => {
    const text = "7. Term and Renewal. The term runs for one year. It then renews automatically for successive periods of one year. Either party may stop it."
    expect(bestQuote(text, ["renew", "automatically"])).toBe("It then renews automatically for successive periods of one year.")
  })

  it("always quotes well-formed words of the block, at most a paragraph long, whatever the block holds", () => {
    fc.assert(
      fc.property(hostileText, fc.array(fc.constantFrom("renew", "automatically", "notice", "x"), { maxLength: 3 }), (text, terms) => {
        const quote = bestQuote(text, terms)
        expect(text.includes(quote)).toBe(true)
        expect(quote.isWellFormed()).toBe(true)
        expect(quote.length).toBeLessThanOrEqual(400)
        if (text.trim() !== "" && !/^[\uD800-\uDFFF\s]*$/.test(text)) expect(quote.length).toBeGreaterThan(0)
      }),
      { numRuns: 500 }
    )
  })

  it("reads a megabyte block in bounded time and still quotes from it", () => {
    const text = `${"a".repeat(1_000_000)} renews automatically.`
    const quote = bestQuote(text, ["renew"])
    expect(text.includes(quote)).toBe(true)
    expect(quote.length).toBeLessThanOrEqual(400)
  })

  it("cites each passage once, in rank order, and every quoted word is in the answer beside its marker", () => {
    fc.assert(
      fc.property(fc.array(hostileText, { minLength: 1, maxLength: 6 }), (texts) => {
        const passages: Array<Passage> = texts.map((text, i) => ({ contract: `con_${i}`, title: `T${i}`, state: "draft", block: `blk_${i}`, text }))
        const pieces = composeAnswer(["renew"], passages)
        const citations = pieces.flatMap((piece) => (piece.type === "citation" ? [piece.citation] : []))
        const answer = pieces.flatMap((piece) => (piece.type === "delta" ? [piece.text] : [])).join("")
        expect(citations.map((c) => c.block)).toEqual(passages.map((p) => p.block))
        citations.forEach((citation, i) => {
          expect(citation.index).toBe(i + 1)
          expect(passages[i]!.text.includes(citation.quote)).toBe(true)
          expect(answer).toContain(`"${citation.quote}" [${i + 1}]`)
        })
      }),
      { numRuns: 200 }
    )
  })

  it("says so when no contract the asker can see speaks to the question, citing nothing", () => {
    expect(composeAnswer(["renew"], [])).toEqual([{ type: "delta", text: "No contract you can see speaks to that." }])
  })
})
