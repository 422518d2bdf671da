import { describe, expect, it } from "@effect/vitest"
import type { Actor, Contract } from "../../../src/Domain/Contract/Contract.js"
import { invite } from "../../../src/Domain/Contract/Membership.js"
import { applyPlaybook } from "../../../src/Domain/Playbooks/ApplyPlaybook.js"
import type { PlaybookRule } from "../../../src/Domain/Playbooks/Rule.js"
import { accept, ada, al, commit, gil, member, ok, refusal, world, type World } from "../fixtures.js"
import { days, proposes, rule, sentFrom, usd } from "./fixtures.js"

const apply = (contract: Contract, w: World, rules: ReadonlyArray<PlaybookRule>, askIds?: ReadonlyArray<string>, actor: Actor = ada) =>
  applyPlaybook(contract, actor, { askIds, rules, ifMatch: contract.words_hash, now: w.now, newId: w.newId })

const paymentRule = rule("payment_terms", { floor: days(15), ceiling: days(60), preferred: days(30) })

const skipOf = (contract: Contract, w: World, rules: ReadonlyArray<PlaybookRule>, askIds?: ReadonlyArray<string>, actor: Actor = ada) => {
  const done = ok(apply(contract, w, rules, askIds, actor))
  expect(done.result.staged).toEqual([])
  expect(done.contract).toBe(contract)
  return done.result.skipped
}

describe("applyPlaybook skips what its rules cannot decide, each with its reason", () => {
  it("skips every reason in the list", () => {
    const cases: ReadonlyArray<{ name: string; fact: string; value: string; rules: ReadonlyArray<PlaybookRule>; reason: string; rule: string | null }> = [
      { name: "no rule for the term", fact: "payment_terms", value: "ninety (90) days", rules: [], reason: "no_rule", rule: null },
      { name: "a rule for another term only", fact: "payment_terms", value: "ninety (90) days", rules: [rule("fees")], reason: "no_rule", rule: null },
      {
        name: "a prose-only rule",
        fact: "governing_law",
        value: "New York",
        rules: [rule("governing_law", { preferred: { value: "England and Wales", unit: null } })],
        reason: "needs_a_human",
        rule: "pbk_governing_law"
      },
      {
        name: "a proposal with no amount",
        fact: "payment_terms",
        value: "a reasonable time",
        rules: [paymentRule],
        reason: "needs_a_human",
        rule: "pbk_payment_terms"
      },
      {
        name: "business days against calendar days",
        fact: "payment_terms",
        value: "ten (10) business days",
        rules: [paymentRule],
        reason: "needs_a_human",
        rule: "pbk_payment_terms"
      },
      {
        name: "a sum in another currency",
        fact: "liability_cap",
        value: "£5,000,000",
        rules: [rule("liability_cap", { ceiling: usd(1e6) })],
        reason: "needs_a_human",
        rule: "pbk_liability_cap"
      },
      {
        name: "below the floor, no preferred",
        fact: "liability_cap",
        value: "$100,000",
        rules: [rule("liability_cap", { floor: usd(5e5) })],
        reason: "below_floor",
        rule: "pbk_liability_cap"
      },
      {
        name: "above the ceiling, no preferred",
        fact: "payment_terms",
        value: "ninety (90) days",
        rules: [rule("payment_terms", { ceiling: days(60) })],
        reason: "above_ceiling",
        rule: "pbk_payment_terms"
      }
    ]
    for (const c of cases) {
      const w = world()
      const { ask, contract } = proposes(sentFrom(w), w, c.fact, c.value)
      expect({ name: c.name, skipped: skipOf(contract, w, c.rules) }).toEqual({ name: c.name, skipped: [{ ask, reason: c.reason, rule: c.rule }] })
    }
  })

  it("skips as already decided an ask the caller staged a decision on, or one of their own side", () => {
    const w = world()
    const { ask, contract } = proposes(sentFrom(w), w, "payment_terms", "ninety (90) days")
    expect(skipOf(accept(contract, ada, w, ask), w, [paymentRule])).toEqual([{ ask, reason: "already_decided", rule: null }])
    const own = proposes(contract, w, "liability_cap", "$2,000,000", ada)
    expect(skipOf(own.contract, w, [paymentRule], [own.ask])).toEqual([{ ask: own.ask, reason: "already_decided", rule: null }])
  })

  it("skips every ask for a party who does not negotiate", () => {
    const w = world()
    const signer = ok(invite(sentFrom(w), ada, { ...w, invitee: member(al, ["signer"]) })).contract
    const first = proposes(signer, w, "payment_terms", "ninety (90) days")
    const second = proposes(first.contract, w, "liability_cap", "$9,000,000")
    expect(skipOf(second.contract, w, [paymentRule], undefined, al)).toEqual([
      { ask: first.ask, reason: "not_a_negotiator", rule: null },
      { ask: second.ask, reason: "not_a_negotiator", rule: null }
    ])
  })

  it("selects by default every open ask awaiting the caller, and named asks once each", () => {
    const w = world()
    const first = proposes(sentFrom(w), w, "payment_terms", "ninety (90) days")
    const second = proposes(first.contract, w, "liability_cap", "$9,000,000")
    expect(skipOf(second.contract, w, []).map((s) => s.ask)).toEqual([first.ask, second.ask])
    expect(skipOf(second.contract, w, [], [second.ask, first.ask, second.ask]).map((s) => s.ask)).toEqual([second.ask, first.ask])
    expect(skipOf(second.contract, w, [], [])).toEqual([])
  })
})

describe("applyPlaybook refuses as staging a decision would", () => {
  it("refuses a caller with no seat, or with no party, or a stale hash", () => {
    const w = world()
    const { contract } = proposes(sentFrom(w), w, "payment_terms", "ninety (90) days")
    expect(refusal(apply(contract, w, [paymentRule], undefined, gil)).code).toBe("not_found")
    expect(refusal(apply(contract, w, [paymentRule], undefined, al)).code).toBe("not_on_required_party_list")
    const stale = refusal(applyPlaybook(contract, ada, { rules: [paymentRule], ifMatch: "sha256:old", now: w.now, newId: w.newId }))
    expect(stale).toMatchObject({ code: "words_changed", details: { current_hash: contract.words_hash } })
  })

  it("refuses a draft and a closed contract with stageDecision's codes", () => {
    const w = world()
    const contract = sentFrom(w)
    expect(refusal(apply({ ...contract, state: "draft" }, w, [])).code).toBe("invalid_request")
    expect(refusal(apply({ ...contract, state: "cancelled" }, w, [])).code).toBe("contract_cancelled")
    expect(refusal(apply({ ...contract, state: "executed" }, w, [])).code).toBe("contract_executed")
    expect(refusal(apply({ ...contract, state: "filed" }, w, [])).code).toBe("contract_filed")
  })

  it("refuses a named ask that is unknown, voided or closed, naming ask_ids", () => {
    const w = world()
    const { ask, contract } = proposes(sentFrom(w), w, "payment_terms", "ninety (90) days")
    expect(refusal(apply(contract, w, [], ["ask_nope"]))).toMatchObject({ code: "not_found", param: "ask_ids" })
    const countered = ok(apply(contract, w, [paymentRule]))
    const voided = commit(countered.contract, ada, w).contract
    expect(refusal(apply(voided, w, [], [ask]))).toMatchObject({ code: "ask_voided_by_counter", param: "ask_ids" })
    const landed = commit(accept(contract, ada, w, ask), ada, w).contract
    expect(landed.asks.find((a) => a.id === ask)!.state).toBe("landed")
    expect(refusal(apply(landed, w, [], [ask]))).toMatchObject({ code: "invalid_request", param: "ask_ids" })
  })
})
