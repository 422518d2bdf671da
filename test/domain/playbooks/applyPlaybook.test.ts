import { describe, expect, it } from "@effect/vitest"
import type { Contract } from "../../../src/Domain/Contract/Contract.js"
import { applyPlaybook } from "../../../src/Domain/Playbooks/ApplyPlaybook.js"
import type { PlaybookRule } from "../../../src/Domain/Playbooks/Rule.js"
import { replyOf } from "../../../src/Domain/Negotiation/Staging.js"
import { ada, commit, ok, world, type World } from "../fixtures.js"
import { days, factNamed, proposes, proposesFact, rule, sentFrom, usd, withFactWritten } from "./fixtures.js"

const apply = (contract: Contract, w: World, rules: ReadonlyArray<PlaybookRule>, askIds?: ReadonlyArray<string>, actor = ada) =>
  applyPlaybook(contract, actor, { askIds, rules, ifMatch: contract.words_hash, now: w.now, newId: w.newId })

const paymentRule = rule("payment_terms", { floor: days(15), ceiling: days(60), preferred: days(30) })

const decisionsOf = (contract: Contract, actor = ada) => replyOf(contract, contract.parties.find((p) => p.person === actor.person!.id)!.id).decisions

describe("applyPlaybook decides the other side's asks by the caller's rules", () => {
  it("accepts an ask within floor and ceiling, with no why on the decision and the rule quoted to the caller", () => {
    const w = world()
    const { ask, contract } = proposes(sentFrom(w), w, "payment_terms", "forty-five (45) days")
    const done = ok(apply(contract, w, [paymentRule]))
    expect(done.result.staged).toEqual([
      {
        decision: decisionsOf(done.contract)[0]!.id,
        ask,
        type: "accept",
        rule: "pbk_payment_terms",
        why: "Playbook (payment_terms): \"Our position on payment_terms.\""
      }
    ])
    expect(done.result.skipped).toEqual([])
    expect(decisionsOf(done.contract)).toMatchObject([{ ask, type: "accept", why: null, text: null }])
    expect(done.events).toEqual([])
    expect(done.result.words_hash).toBe(contract.words_hash)
    expect(done.contract.words_hash).toBe(contract.words_hash)
  })

  it("counters a spelled-out duration above the ceiling with the preferred one, written the same way", () => {
    const w = world()
    const { ask, contract } = proposes(sentFrom(w), w, "payment_terms", "ninety (90) days")
    const done = ok(apply(contract, w, [paymentRule]))
    expect(done.result.staged).toMatchObject([{ ask, type: "counter", rule: "pbk_payment_terms" }])
    const [decision] = decisionsOf(done.contract)
    expect(decision).toMatchObject({ ask, type: "counter", why: "We propose thirty (30) days." })
    expect(decision!.text).toBe(
      "6. Fees and Payment. The Customer shall pay the fees set out in each Statement of Work. The Supplier shall invoice monthly in arrears unless the Statement of Work says otherwise, and the Customer shall pay each undisputed invoice within thirty (30) days of receipt. Fees are exclusive of VAT and other applicable taxes."
    )
    // The why the other side will read says nothing of the rule.
    expect(decision!.why).not.toMatch(/Playbook|60|15|position/)
  })

  it("counters a sum above the ceiling in the proposal's own style", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["$5,000,000", "$1,500,000"],
      ["$5 million", "$1.5 million"],
      ["USD 5,000,000", "USD 1,500,000"],
      ["$5000000", "$1500000"]
    ]
    for (const [proposed, countered] of cases) {
      const w = world()
      const { contract } = proposes(sentFrom(w), w, "liability_cap", proposed)
      const done = ok(apply(contract, w, [rule("liability_cap", { floor: usd(500_000), ceiling: usd(2_000_000), preferred: usd(1_500_000) })]))
      const [decision] = decisionsOf(done.contract)
      expect(decision!.text).toBe(withFactWritten(contract, "liability_cap", countered))
      expect(decision!.why).toBe(`We propose ${countered}.`)
    }
  })

  it("counters a grouped fact change with the new value alone, which commits as a grouped ask", () => {
    const w = world()
    const { ask, contract } = proposesFact(sentFrom(w), w, "payment_terms", "ninety (90) days")
    const done = ok(apply(contract, w, [paymentRule]))
    expect(done.result.staged).toMatchObject([{ ask, type: "counter" }])
    expect(decisionsOf(done.contract)).toMatchObject([{ ask, type: "counter", text: "thirty (30) days", why: "We propose thirty (30) days." }])
    const round = commit(done.contract, ada, w)
    expect(round.result.re_asked).toEqual([])
    const opened = round.contract.asks.find((a) => a.id === round.result.asks_opened[0])!
    expect(opened).toMatchObject({ type: "grouped", fact: { id: factNamed(contract, "payment_terms").id, value: "thirty (30) days" } })
  })

  it("reads a change to one fact of a clause that states two as that fact's term", () => {
    const w = world()
    const { ask, contract } = proposes(sentFrom(w), w, "notice_period", "thirty (30) days")
    const rules = [rule("term", { floor: days(1), ceiling: days(2) }), rule("notice_period", { floor: days(60), preferred: days(90) })]
    const done = ok(apply(contract, w, rules))
    expect(done.result.staged).toMatchObject([{ ask, type: "counter", rule: "pbk_notice_period" }])
    expect(decisionsOf(done.contract)[0]!.text).toBe(withFactWritten(contract, "notice_period", "ninety (90) days"))
  })

  it("uses the first of several rules for one term", () => {
    const w = world()
    const { contract } = proposes(sentFrom(w), w, "payment_terms", "ninety (90) days")
    const rules = [rule("payment_terms", { ceiling: days(120) }, "pbk_first"), rule("payment_terms", { ceiling: days(30) }, "pbk_second")]
    expect(ok(apply(contract, w, rules)).result.staged).toMatchObject([{ type: "accept", rule: "pbk_first" }])
  })
})
