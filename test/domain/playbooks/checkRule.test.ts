import { describe, expect, it } from "@effect/vitest"
import { Rejection } from "../../../src/Domain/Contract/Rejection.js"
import { type Amount, checkRule, type RuleInput } from "../../../src/Domain/Playbooks/Rule.js"

const base = { term: "payment_terms", rule_text: "Net 30 preferred; never beyond 60." }
const amount = (value: number | string, unit: string | null): Amount => ({ value, unit })

const paramOf = (input: RuleInput, index = 3) => {
  const checked = checkRule(input, index)
  if (!(checked instanceof Rejection)) throw new Error(`accepted ${JSON.stringify(input)}`)
  expect(checked.code).toBe("invalid_request")
  return checked.param
}

describe("checkRule", () => {
  it("normalises a good rule: trimmed text, units spelled as stored", () => {
    expect(checkRule({ ...base, rule_text: "  Net 30.  ", floor: amount(2, "Week"), ceiling: amount(60, "Days"), preferred: amount(30, "day") }, 0)).toEqual({
      term: "payment_terms",
      rule_text: "Net 30.",
      floor: { value: 2, unit: "weeks" },
      ceiling: { value: 60, unit: "days" },
      preferred: { value: 30, unit: "days" }
    })
    expect(checkRule({ term: "liability_cap", rule_text: "Cap at fees.", ceiling: amount(1e6, "usd"), preferred: amount(5e5, "$") }, 0)).toMatchObject({
      floor: null,
      ceiling: { value: 1e6, unit: "USD" },
      preferred: { value: 5e5, unit: "USD" }
    })
    expect(checkRule({ term: "governing_law", rule_text: "English law.", preferred: amount(" England and Wales ", null) }, 0)).toEqual({
      term: "governing_law",
      rule_text: "English law.",
      floor: null,
      ceiling: null,
      preferred: { value: "England and Wales", unit: null }
    })
    expect(checkRule({ ...base, rule_text: "Line one\n\tline two" }, 0)).toMatchObject({ floor: null, ceiling: null, preferred: null })
  })

  it("refuses each fault naming its exact param", () => {
    const cases: ReadonlyArray<readonly [RuleInput, string]> = [
      [{ ...base, term: "tone_of_voice" }, "rules[3].term"],
      [{ ...base, rule_text: "   " }, "rules[3].rule_text"],
      [{ ...base, rule_text: "x".repeat(2001) }, "rules[3].rule_text"],
      [{ ...base, rule_text: "bad\u0000text" }, "rules[3].rule_text"],
      [{ ...base, rule_text: "lone \ud800 surrogate" }, "rules[3].rule_text"],
      [{ ...base, floor: amount("30", "days") }, "rules[3].floor.value"],
      [{ ...base, floor: amount(-1, "days") }, "rules[3].floor.value"],
      [{ ...base, ceiling: amount(Number.POSITIVE_INFINITY, "days") }, "rules[3].ceiling.value"],
      [{ ...base, ceiling: amount(Number.NaN, "days") }, "rules[3].ceiling.value"],
      [{ ...base, ceiling: amount(1.234, "days") }, "rules[3].ceiling.value"],
      [{ ...base, floor: amount(30, null) }, "rules[3].floor.unit"],
      [{ ...base, floor: amount(30, "fortnights") }, "rules[3].floor.unit"],
      [{ ...base, preferred: amount(30, "USD") }, "rules[3].preferred.unit"],
      [{ term: "fees", rule_text: "x", ceiling: amount(30, "days") }, "rules[3].ceiling.unit"],
      [{ term: "fees", rule_text: "x", ceiling: amount(30, "XYZ") }, "rules[3].ceiling.unit"],
      [{ ...base, floor: amount(61, "days"), ceiling: amount(2, "months") }, "rules[3].floor"],
      [{ ...base, floor: amount(5, "business_days"), ceiling: amount(60, "days") }, "rules[3].ceiling.unit"],
      [{ term: "fees", rule_text: "x", floor: amount(5, "USD"), ceiling: amount(60, "EUR") }, "rules[3].ceiling.unit"],
      [{ ...base, floor: amount(15, "days"), ceiling: amount(60, "days"), preferred: amount(90, "days") }, "rules[3].preferred"],
      [{ ...base, floor: amount(15, "days"), preferred: amount(1, "weeks") }, "rules[3].preferred"],
      [{ ...base, ceiling: amount(60, "days"), preferred: amount(5, "business_days") }, "rules[3].preferred.unit"],
      [{ term: "governing_law", rule_text: "x", floor: amount("England", null) }, "rules[3].floor"],
      [{ term: "governing_law", rule_text: "x", ceiling: amount(3, "days") }, "rules[3].ceiling"],
      [{ term: "governing_law", rule_text: "x", preferred: amount("England", "days") }, "rules[3].preferred.unit"],
      [{ term: "governing_law", rule_text: "x", preferred: amount(3, null) }, "rules[3].preferred.value"],
      [{ term: "governing_law", rule_text: "x", preferred: amount(" ", null) }, "rules[3].preferred.value"]
    ]
    for (const [input, param] of cases) expect({ input, param: paramOf(input) }).toEqual({ input, param })
  })

  it("lists the terms when it refuses one", () => {
    const refused = checkRule({ ...base, term: "x".repeat(10_000) }, 0) as Rejection
    expect(refused.message).toContain("payment_terms, notice_period, renewal_notice")
    expect(refused.message.length).toBeLessThan(400)
  })
})
