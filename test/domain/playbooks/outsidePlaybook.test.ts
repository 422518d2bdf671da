import { describe, expect, it } from "@effect/vitest"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import { outsidePlaybook } from "../../../src/Domain/Playbooks/OutsidePlaybook.js"
import type { Block, BlockKind } from "../../../src/Domain/Words/Blocks.js"
import type { Fact } from "../../../src/Domain/Words/Fact.js"
import { world } from "../fixtures.js"
import { blockOfFact, days, rule, sentFrom, usd } from "./fixtures.js"

const block = (n: number, text: string, kind: BlockKind = "clause"): Block => ({ id: asId("blk", `blk_${n}`), number: n, kind, text })

const blocks = [
  block(5, "The Supplier's total liability shall not exceed $5,000,000."),
  block(1, "Payment is due within forty-five (45) days of invoice."),
  block(2, "This Agreement is governed by the laws of England."),
  block(3, "Either party may terminate on thirty (30) days' or sixty (60) days' notice."),
  block(4, "Payment Terms", "heading"),
  block(6, "The Supplier shall keep its offices tidy."),
  block(7, "Payment is due within a reasonable time of invoice.")
]

describe("outsidePlaybook", () => {
  it("lists, in block order, terms with no rule and amounts outside a rule's bounds", () => {
    const rules = [
      rule("payment_terms", { ceiling: days(30), preferred: days(30) }),
      rule("liability_cap", { floor: usd(1e6), ceiling: usd(2e6) }),
      rule("notice_period", { floor: days(90) })
    ]
    expect(outsidePlaybook(blocks, [], rules)).toEqual([
      { block: "blk_1", rule: "pbk_payment_terms", term: "payment_terms" },
      { block: "blk_2", rule: null, term: "governing_law" },
      { block: "blk_5", rule: "pbk_liability_cap", term: "liability_cap" }
    ])
  })

  it("leaves out what lies within, what cannot be read, and prose-only rules", () => {
    const rules = [
      rule("payment_terms", { floor: days(30), ceiling: days(60) }),
      rule("liability_cap", { ceiling: usd(1e7) }),
      rule("governing_law"),
      rule("notice_period", { floor: days(90) })
    ]
    expect(outsidePlaybook(blocks, [], rules)).toEqual([])
  })

  it("reads a fact's own value where the block states several amounts", () => {
    const w = world()
    const contract = sentFrom(w)
    const termClause = blockOfFact(contract, "notice_period")
    const only = (fact: string): ReadonlyArray<Fact> => contract.facts.filter((f) => f.name === fact)
    // The clause states "three (3) years", "one-year", "ninety (90) days" and "thirty (30) days".
    expect(outsidePlaybook([termClause], only("notice_period"), [rule("notice_period", { ceiling: days(60) })])).toEqual([
      { block: termClause.id, rule: "pbk_notice_period", term: "notice_period" }
    ])
    expect(outsidePlaybook([termClause], only("notice_period"), [rule("notice_period", { ceiling: days(90) })])).toEqual([])
    // A row per term the clause states: its term against the rule, its notice with no rule at all.
    expect(outsidePlaybook([termClause], contract.facts, [rule("term", { ceiling: { value: 2, unit: "years" } })])).toEqual([
      { block: termClause.id, rule: "pbk_term", term: "term" },
      { block: termClause.id, rule: null, term: "notice_period" }
    ])
  })
})
