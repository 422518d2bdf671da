import { describe, expect, it } from "@effect/vitest"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import { termOfBlock } from "../../../src/Domain/Playbooks/BlockTerm.js"
import type { Block } from "../../../src/Domain/Words/Blocks.js"
import type { Fact } from "../../../src/Domain/Words/Fact.js"
import { world } from "../fixtures.js"
import { blockOfFact, sentFrom } from "./fixtures.js"

const block = (text: string): Block => ({ id: asId("blk", "blk_x"), number: 1, kind: "clause", text })

const fact = (name: string, text: string, value: string): Fact => {
  const start = text.indexOf(value)
  return {
    id: asId("fct", `fct_${name}`),
    name,
    label: name,
    kind: "term",
    value,
    inferred: false,
    confirmed_by: null,
    confirmed_at: null,
    missing: false,
    spans: [{ block: "blk_x", start, end: start + value.length }]
  }
}

describe("termOfBlock", () => {
  it("reads the term from the keywords when no fact stands in the block", () => {
    const cases: ReadonlyArray<readonly [string, string | null]> = [
      ["Payment is due within forty-five (45) days of invoice.", "payment_terms"],
      ["This Agreement is governed by the laws of the State of New York.", "governing_law"],
      ["In no event shall either party's aggregate liability under this Agreement exceed the fees paid.", "liability_cap"],
      ["The Supplier's liability shall not exceed $2,000,000.", "liability_cap"],
      ["This Agreement renews automatically for successive one (1) year terms unless either party gives notice of non-renewal.", "renewal_notice"],
      ["This Agreement renews automatically for successive one (1) year terms.", "renewal_term"],
      ["The obligations of confidentiality survive for five (5) years.", "confidentiality_period"],
      ["A Deliverable not rejected within ten (10) Business Days is deemed accepted.", "acceptance_period"],
      ["The total fees for the Services are $50,000.", "fees"],
      ["Either party may terminate this Agreement on thirty (30) days' written notice.", "notice_period"],
      ["This Agreement continues for two (2) years from the Effective Date.", "term"],
      ["The Supplier shall keep its offices tidy.", null]
    ]
    for (const [text, term] of cases) expect({ text, term: termOfBlock(block(text), []) }).toEqual({ text, term })
  })

  it("prefers the first fact standing in the block over the words", () => {
    const text = "Invoices are payable within 30 days; fees are $5,000 a year; liability shall not exceed the fees."
    expect(termOfBlock(block(text), [fact("annual_fee", text, "$5,000")])).toBe("fees")
    expect(termOfBlock(block(text), [fact("annual_fee", text, "$5,000"), fact("payment_terms", text, "30 days")])).toBe("payment_terms")
    // A span that no longer shows its value (a replace landed over it) does not count.
    const stale = { ...fact("annual_fee", text, "$5,000"), value: "$6,000" }
    expect(termOfBlock(block(text), [stale])).toBe("liability_cap")
    // A fact that states no term leaves it to the words.
    expect(termOfBlock(block(text), [fact("customer", text, "fees")])).toBe("liability_cap")
  })

  it("maps every template fact that states a term", () => {
    const w = world()
    const contract = sentFrom(w)
    expect(termOfBlock(blockOfFact(contract, "payment_terms"), contract.facts)).toBe("payment_terms")
    expect(termOfBlock(blockOfFact(contract, "liability_cap"), contract.facts)).toBe("liability_cap")
    expect(termOfBlock(blockOfFact(contract, "initial_term"), contract.facts)).toBe("term")
    expect(termOfBlock(blockOfFact(contract, "governing_law"), contract.facts)).toBe("governing_law")
  })
})
