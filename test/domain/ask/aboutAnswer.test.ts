import { describe, expect, it } from "@effect/vitest"
import { type AboutContract, composeAboutAnswer } from "../../../src/Domain/Ask/AboutAnswer.js"
import type { AnswerPiece, Citation } from "../../../src/Domain/Ask/Compose.js"
import type { Wanted } from "../../../src/Domain/Ask/Reading.js"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import type { Fact, FactKind } from "../../../src/Domain/Words/Fact.js"

const textOf = (pieces: ReadonlyArray<AnswerPiece>) => pieces.map((piece) => (piece.type === "delta" ? piece.text : "")).join("")
const citationsOf = (pieces: ReadonlyArray<AnswerPiece>): ReadonlyArray<Citation> =>
  pieces.flatMap((piece) => (piece.type === "citation" ? [piece.citation] : []))

type Block = { readonly id: string; readonly text: string }
let ids = 0
/** A fact whose span covers its value's words in the block. */
const fact = (kind: FactKind, name: string, value: string, block: Block): Fact => {
  const start = block.text.indexOf(value)
  if (start < 0) throw new Error(`"${value}" is not in block ${block.id}`)
  return {
    id: asId("fct", `fct_${++ids}`),
    name,
    label: name,
    kind,
    value,
    inferred: false,
    confirmed_by: null,
    confirmed_at: null,
    missing: false,
    spans: [{ block: block.id, start, end: start + value.length }]
  }
}

const preamble: Block = {
  id: "blk_1",
  text: "This Master Supply Agreement is made on March 3, 2011 between Acme Widgets, Inc. (\"Buyer\") and Beta Metals Ltd (\"Supplier\")."
}
const law: Block = { id: "blk_2", text: "12. Governing Law. This Agreement is governed by the laws of the State of New York, United States." }
const term: Block = {
  id: "blk_3",
  text:
    "2. Term. This Agreement begins on the Effective Date and continues for five (5) years. It then renews for successive one-year periods unless either party gives ninety (90) days notice of non-renewal."
}
const supply = (facts: ReadonlyArray<Fact>, title = "Master Supply Agreement", id = "con_1"): AboutContract => ({
  id,
  title,
  state: "signed",
  blocks: [preamble, law, term],
  facts
})

const buyer = fact("party", "party_1", "Acme Widgets, Inc.", preamble)
const seller = fact("party", "party_2", "Beta Metals Ltd", preamble)
const governing = fact("jurisdiction", "governing_law", "the State of New York, United States", law)
const signed = fact("date", "agreement_date", "March 3, 2011", preamble)
const expires = fact("date", "expiration_date", "five (5) years", term)
const renewal = fact("term", "renewal_term", "successive one-year periods", term)
const notice = fact("notice", "notice_period", "ninety (90) days", term)
const full = supply([buyer, seller, governing, signed, expires, renewal, notice])

const answer = (wants: Wanted, contracts: ReadonlyArray<AboutContract>, counterparty = false, org = "Acme Widgets Incorporated") =>
  composeAboutAnswer(wants, counterparty, org, contracts, "master supply agreement")

/** Every citation quotes its block word for word, holds the fact's words, and is cited in the text as [n], numbered 1..n. */
const expectWellCited = (pieces: ReadonlyArray<AnswerPiece>, contracts: ReadonlyArray<AboutContract>, words: ReadonlyArray<string>) => {
  const citations = citationsOf(pieces)
  expect(citations.map((citation) => citation.index)).toEqual(citations.map((_, i) => i + 1))
  citations.forEach((citation, i) => {
    const block = contracts.find((contract) => contract.id === citation.contract)!.blocks.find((b) => b.id === citation.block)!
    expect(block.text.includes(citation.quote)).toBe(true)
    expect(citation.quote).toContain(words[i])
    expect(textOf(pieces)).toContain(`"${citation.quote}" [${citation.index}]`)
  })
  expect(citations).toHaveLength(words.length)
}

describe("who a named contract is between", () => {
  it("names every party, citing the preamble once", () => {
    const pieces = answer("parties", [full])
    expect(textOf(pieces)).toContain("The Master Supply Agreement (con_1, signed) is between Acme Widgets, Inc. and Beta Metals Ltd. \"")
    expectWellCited(pieces, [full], ["Acme Widgets, Inc."])
  })

  it("ends on the full stop of a name that brings its own", () => {
    const buyerLast = supply([seller, fact("party", "party_2", "Acme Widgets, Inc.", preamble)])
    expect(textOf(answer("parties", [buyerLast]))).toContain("is between Beta Metals Ltd and Acme Widgets, Inc. \"")
  })

  it("names the counterparty as the party that is not the asker's org, however 'Inc.' or 'Ltd' is written", () => {
    expect(textOf(answer("parties", [full], true))).toContain(": the counterparty is Beta Metals Ltd.")
    expect(textOf(answer("parties", [full], true, "beta metals limited"))).toContain(": the counterparty is Acme Widgets, Inc.")
    expectWellCited(answer("parties", [full], true), [full], ["Beta Metals Ltd"])
  })

  it("names every party when it cannot tell which is the asker's org", () => {
    expect(textOf(answer("parties", [full], true, "Gamma Holdings LLC"))).toContain("is between Acme Widgets, Inc. and Beta Metals Ltd.")
  })

  it("says it names no party, with no citation, when none was read", () => {
    const pieces = answer("parties", [supply([governing])])
    expect(textOf(pieces)).toBe("The Master Supply Agreement (con_1, signed) names no party that was read from its words.")
    expect(citationsOf(pieces)).toEqual([])
  })
})

describe("the law, renewal and notice of a named contract", () => {
  it("names the governing law and quotes it", () => {
    const pieces = answer("law", [full])
    expect(textOf(pieces)).toContain("is governed by the laws of the State of New York, United States.")
    expectWellCited(pieces, [full], ["the State of New York"])
  })

  it("says how it renews and what notice stops it, quoting the renewal clause", () => {
    expect(textOf(answer("renewal", [full]))).toContain("renews: successive one-year periods.")
    expectWellCited(answer("renewal", [full]), [full], ["successive one-year periods"])
    expect(textOf(answer("notice", [full]))).toContain("needs ninety (90) days notice to stop it renewing.")
    expectWellCited(answer("notice", [full]), [full], ["ninety (90) days"])
  })

  it("says a fact it does not hold is missing, with no citation", () => {
    const bare = supply([buyer, seller])
    for (
      const [wants, said] of [
        ["law", "names no governing law."],
        ["renewal", "states no renewal."],
        ["notice", "states no notice to stop it renewing."],
        ["expiration_date", "states no expiration date that was read from its words."],
        ["agreement_date", "states no date of signing that was read from its words."]
      ] as const
    ) {
      const pieces = answer(wants, [bare])
      expect(textOf(pieces)).toBe(`The Master Supply Agreement (con_1, signed) ${said}`)
      expect(citationsOf(pieces)).toEqual([])
    }
  })
})

describe("the dates of a named contract", () => {
  it("says each date in words, an expiration counted from the start", () => {
    expect(textOf(answer("agreement_date", [full]))).toContain("is dated March 3, 2011.")
    expect(textOf(answer("expiration_date", [full]))).toContain("expires on March 3, 2016.")
    expectWellCited(answer("expiration_date", [full]), [full], ["five (5) years"])
  })

  it("takes the date it was made as its effective date, and says so", () => {
    expect(textOf(answer("effective_date", [full]))).toContain("took effect on March 3, 2011 (the date it was made: it names no other start).")
    const start: Block = { id: "blk_4", text: "This Agreement is effective as of April 1, 2011." }
    const own: AboutContract = { ...supply([]), blocks: [preamble, start], facts: [signed, fact("date", "effective_date", "April 1, 2011", start)] }
    expect(textOf(answer("effective_date", [own]))).toContain("took effect on April 1, 2011. \"")
    expectWellCited(answer("effective_date", [own]), [own], ["April 1, 2011"])
  })

  it("says a perpetual contract has no expiration date", () => {
    const until: Block = { id: "blk_9", text: "This Agreement continues until terminated by either party on written notice." }
    const perpetual: AboutContract = { ...supply([]), blocks: [until], facts: [fact("date", "expiration_date", "until terminated by either party", until)] }
    const pieces = answer("expiration_date", [perpetual])
    expect(textOf(pieces)).toContain("runs until it is terminated: it has no expiration date.")
    expect(textOf(pieces)).not.toMatch(/perpetual|expires on/)
    expectWellCited(pieces, [perpetual], ["until terminated by either party"])
  })
})

describe("the contracts a question names", () => {
  it("says no contract is titled like the name when none is", () => {
    expect(answer("parties", [])).toEqual([{ type: "delta", text: "No contract you can see is titled like \"master supply agreement\"." }])
  })

  it("answers each of several titles that tie, numbering the citations across them", () => {
    const twin = supply([governing], "Master Supply Agreement", "con_2")
    const pieces = answer("law", [full, twin])
    expect(textOf(pieces).startsWith("2 contracts you can see are titled like that:\nThe Master Supply Agreement (con_1, signed)")).toBe(true)
    expect(textOf(pieces)).toContain("\nThe Master Supply Agreement (con_2, signed)")
    expect(citationsOf(pieces).map((citation) => [citation.index, citation.contract])).toEqual([[1, "con_1"], [2, "con_2"]])
    expectWellCited(pieces, [full, twin], ["the State of New York", "the State of New York"])
  })
})

describe("the renewal and the end of a named contract", () => {
  const initial = fact("term", "term", "five (5) years", term)

  it("says the renewal term itself, not the initial term or the notice standing in the same clause", () => {
    const text = textOf(answer("renewal", [supply([initial, notice, renewal])]))
    expect(text).toContain("renews: successive one-year periods.")
    expect(textOf(answer("renewal", [supply([initial, notice])]))).toContain("renews: five (5) years.")
  })

  it("says an end written as a length with no start to count from as its words, naming no date", () => {
    const text = textOf(answer("expiration_date", [supply([expires])]))
    expect(text).toContain("states its expiration date as \"five (5) years\", which names no date.")
    expect(text).not.toMatch(/expires on/)
  })
})
