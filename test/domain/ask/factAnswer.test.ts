import { describe, expect, it } from "@effect/vitest"
import { kindsAsked } from "../../../src/Domain/Ask/AgreementKinds.js"
import type { AnswerPiece, Citation } from "../../../src/Domain/Ask/Compose.js"
import { composeFactAnswer, countSentence, dateInWords, type Shown } from "../../../src/Domain/Ask/FactAnswer.js"
import type { FactRow } from "../../../src/Domain/Ask/FactMatch.js"
import type { Filter } from "../../../src/Domain/Ask/Reading.js"
import { relevant } from "../../../src/Domain/Ask/Relevance.js"

const nyLaw: Filter = { kind: "law", place: "the State of New York" }
const renews: Filter = { kind: "renews" }

const textOf = (pieces: ReadonlyArray<AnswerPiece>) => pieces.map((piece) => (piece.type === "delta" ? piece.text : "")).join("")
const citationsOf = (pieces: ReadonlyArray<AnswerPiece>): ReadonlyArray<Citation> =>
  pieces.flatMap((piece) => (piece.type === "citation" ? [piece.citation] : []))

/** A contract shown with the fact that met the question, quoted from the block the fact stands in. */
const shownIn = (contract: string, title: string, block: string, value: string, reading: string | null = null): Shown => {
  const start = block.indexOf(value)
  const fact: FactRow = {
    contract,
    title,
    state: "signed",
    fact: `fct_${contract}`,
    name: "n",
    kind: "k",
    value,
    block: `blk_${contract}`,
    in_renewal: false,
    reading,
    currency: null,
    amount_min: null,
    amount_max: null
  }
  return {
    match: { contract, title, state: "signed", shown: fact, reading },
    evidence: { block: `blk_${contract}`, text: block, start, end: start + value.length }
  }
}

describe("the count sentence", () => {
  it("says no contract, one contract or how many meet what was asked", () => {
    expect(countSentence([nyLaw], 0, 0)).toBe("No contract you can see is governed by the laws of New York.")
    expect(countSentence([nyLaw], 1, 1)).toBe("One contract is governed by the laws of New York:")
    expect(countSentence([nyLaw], 4, 4)).toBe("4 contracts are governed by the laws of New York:")
  })

  it("says when only the first few by title are shown", () => {
    expect(countSentence([renews], 30, 10)).toBe("30 contracts renew automatically; the first 10 by title:")
  })

  it("says each filter in words, joined", () => {
    const filters: ReadonlyArray<Filter> = [
      { kind: "agreement_kind", agreement: kindsAsked("license agreements")[0]! },
      { kind: "date", field: "expiration_date", op: "before", year: 2015 },
      { kind: "amount", op: "over", amount: 1_500_000, currency: "USD" }
    ]
    expect(countSentence(filters, 2, 2)).toBe("2 contracts are license agreements, expire before 2015 and state an amount over $1,500,000:")
    expect(countSentence(filters, 1, 1)).toBe("One contract is a license agreement, expires before 2015 and states an amount over $1,500,000:")
    expect(countSentence([{ kind: "agreement_kind", agreement: kindsAsked("outsourcing agreements")[0]! }], 1, 1))
      .toBe("One contract is an outsourcing agreement:")
    expect(countSentence([{ kind: "renewal_notice" }], 0, 0)).toBe("No contract you can see needs notice to stop it renewing.")
    expect(countSentence([{ kind: "date", field: "effective_date", op: "after", year: 2010 }], 3, 3)).toBe("3 contracts took effect after 2010:")
    expect(countSentence([{ kind: "date", field: "agreement_date", op: "in", year: 2019 }], 0, 0)).toBe("No contract you can see was signed in 2019.")
    expect(countSentence([{ kind: "law", place: "the Commonwealth of Virginia" }], 1, 1)).toBe("One contract is governed by the laws of Virginia:")
    expect(countSentence([{ kind: "amount", op: "at least", amount: 500_000, currency: "EUR" }], 1, 1)).toBe("One contract states an amount at least €500,000:")
    expect(countSentence([{ kind: "amount", op: "under", amount: 900, currency: "CHF" }], 2, 2)).toBe("2 contracts state an amount under 900 CHF:")
  })
})

describe("the answer from facts", () => {
  const blocks = [
    "1. Definitions. 12. Governing Law. This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of laws rules. 13. Notices.",
    `${"Preamble words. ".repeat(40)}This Agreement is governed by New York law. ${"Trailing words. ".repeat(40)}`,
    "Governed by the laws of New York"
  ]
  const shown = [
    shownIn("c1", "Alpha License Agreement", blocks[0]!, "the State of New York"),
    shownIn("c2", "Beta Supply Agreement", blocks[1]!, "New York"),
    shownIn("c3", "Gamma Agreement", blocks[2]!, "New York")
  ]
  const pieces = composeFactAnswer([nyLaw], 5, shown)
  const citations = citationsOf(pieces)

  it("opens with the count, then a line per contract by title", () => {
    const text = textOf(pieces)
    expect(
      text.startsWith("5 contracts are governed by the laws of New York; the first 3 by title:\n- Alpha License Agreement (c1, signed): the State of New York")
    ).toBe(true)
    expect(text).toContain("\n- Beta Supply Agreement (c2, signed): New York \"")
    expect(text).toContain("\n- Gamma Agreement (c3, signed): New York \"")
  })

  it("quotes, word for word, the sentence of the block that holds the fact", () => {
    expect(citations.map((citation) => citation.block)).toEqual(["blk_c1", "blk_c2", "blk_c3"])
    citations.forEach((citation, i) => {
      expect(blocks[i]!.includes(citation.quote)).toBe(true)
      expect(citation.quote).toContain(i === 0 ? "the State of New York" : "New York")
      expect(citation.quote.length).toBeLessThanOrEqual(400)
    })
    expect(citations[0]!.quote).toBe("This Agreement shall be governed by the laws of the State of New York, without regard to its conflict of laws rules.")
    expect(citations[1]!.quote).toBe("This Agreement is governed by New York law.")
  })

  it("numbers the citations 1..n and cites each in the text as [n], right after its quote", () => {
    expect(citations.map((citation) => citation.index)).toEqual([1, 2, 3])
    const text = textOf(pieces)
    for (const citation of citations) expect(text).toContain(`"${citation.quote}" [${citation.index}]`)
    expect(citations.map((citation) => [citation.contract, citation.title])).toEqual([
      ["c1", "Alpha License Agreement"],
      ["c2", "Beta Supply Agreement"],
      ["c3", "Gamma Agreement"]
    ])
  })

  it("names a contract with no evidence without a quote, and numbers only what it cites", () => {
    const noEvidence: Shown = { match: { contract: "c0", title: "Aardvark Franchise Agreement", state: "draft", shown: null, reading: null }, evidence: null }
    const mixed = composeFactAnswer([nyLaw], 3, [noEvidence, shown[0]!, shown[1]!])
    expect(textOf(mixed)).toContain("\n- Aardvark Franchise Agreement (c0, draft):\n- Alpha")
    expect(citationsOf(mixed).map((citation) => [citation.index, citation.contract])).toEqual([[1, "c1"], [2, "c2"]])
  })

  it("gives a date's reading in words when its words say it otherwise", () => {
    const block = "This Agreement shall expire five (5) years from the Effective Date."
    const expiring = composeFactAnswer([{ kind: "date", field: "expiration_date", op: "in", year: 2015 }], 1, [
      shownIn("c1", "Alpha Agreement", block, "five (5) years from the Effective Date", "2015-06-01")
    ])
    expect(textOf(expiring)).toContain("(c1, signed): five (5) years from the Effective Date (June 1, 2015) \"")
    const plain = composeFactAnswer([{ kind: "date", field: "expiration_date", op: "in", year: 2015 }], 1, [
      shownIn("c1", "Alpha Agreement", "It ends on 2015-06-01.", "2015-06-01", "2015-06-01")
    ])
    expect(textOf(plain)).toContain("(c1, signed): 2015-06-01 \"")
  })

  it("says no contract, with no citation, when none meets the question", () => {
    const none = composeFactAnswer([renews], 0, [])
    expect(none).toEqual([{ type: "delta", text: "No contract you can see renews automatically." }])
  })
})

describe("a date in words", () => {
  it("reads a day, a month or a year alone, and leaves any other words as they are", () => {
    expect(dateInWords("2004-12-31")).toBe("December 31, 2004")
    expect(dateInWords("2015-06-01")).toBe("June 1, 2015")
    expect(dateInWords("2019-02")).toBe("February 2019")
    expect(dateInWords("2020")).toBe("2020")
    expect(dateInWords("perpetual")).toBe("perpetual")
    expect(dateInWords("P1Y")).toBe("P1Y")
  })
})

describe("the relevance cut-off", () => {
  it("drops hits ranked under half the top rank, keeping the order", () => {
    const hits = [{ id: "a", rank: 0.2 }, { id: "b", rank: 0.8 }, { id: "c", rank: 0.4 }, { id: "d", rank: 0.39 }]
    expect(relevant(hits).map((hit) => hit.id)).toEqual(["b", "c"])
    expect(relevant([{ rank: 3 }, { rank: 1.5 }, { rank: 1.49 }])).toEqual([{ rank: 3 }, { rank: 1.5 }])
  })

  it("keeps an empty list empty, and a single hit", () => {
    expect(relevant([])).toEqual([])
    expect(relevant([{ rank: 0.01 }])).toEqual([{ rank: 0.01 }])
  })
})
