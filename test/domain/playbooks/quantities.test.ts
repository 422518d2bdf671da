import { describe, expect, it } from "@effect/vitest"
import { numberToWords, parseNumberWords } from "../../../src/Domain/Words/NumberWords.js"
import { quantitiesIn, rewrite } from "../../../src/Domain/Playbooks/Quantities.js"
import { termOfWords } from "../../../src/Domain/Playbooks/Terms.js"
import { expectNoHang } from "../../support/hangGuard.js"

const read = (text: string, kind: "duration" | "money") => quantitiesIn(text, kind).map((q) => [text.slice(q.start, q.end), q.value, q.unit])

describe("reading amounts", () => {
  it("reads durations spelled, with digits, or both", () => {
    expect(read("within forty-five (45) days of invoice, ten (10) Business Days, one hundred and twenty (120) days", "duration")).toEqual([
      ["forty-five (45) days", 45, "days"],
      ["ten (10) Business Days", 10, "business_days"],
      ["one hundred and twenty (120) days", 120, "days"]
    ])
    expect(read("for Twelve months, 2.5 years, successive one-year periods, a 12-month term, net 60, (30) calendar days", "duration")).toEqual([
      ["Twelve months", 12, "months"],
      ["2.5 years", 2.5, "years"],
      ["one-year", 1, "years"],
      ["12-month", 12, "months"],
      ["net 60", 60, "days"],
      ["(30) calendar days", 30, "days"]
    ])
    // No number before the unit, or one inside another token: nothing to read.
    expect(read("a day other than a weekend; each contract year; A5 weeks; 1,000 days", "duration")).toEqual([])
  })

  it("reads sums with a symbol or a code, scaled or not", () => {
    expect(read("$250,000; US$ 5,000,000.00; USD 1,000; £100k; $2 million; 250,000 EUR; €1.5m; $1000", "money")).toEqual([
      ["$250,000", 250_000, "USD"],
      ["US$ 5,000,000.00", 5_000_000, "USD"],
      ["USD 1,000", 1000, "USD"],
      ["£100k", 100_000, "GBP"],
      ["$2 million", 2_000_000, "USD"],
      ["250,000 EUR", 250_000, "EUR"],
      ["€1.5m", 1_500_000, "EUR"],
      ["$1000", 1000, "USD"]
    ])
  })

  it("spells numbers both ways", () => {
    for (const n of [0, 1, 13, 30, 45, 99, 100, 120, 365, 1000, 1001, 20_500, 999_999]) expect(parseNumberWords(numberToWords(n)!.split(/[ -]/))).toBe(n)
    expect(parseNumberWords(["five", "thirty"])).toBeNull()
    expect(parseNumberWords(["hundred"])).toBeNull()
    expect(numberToWords(1.5)).toBeNull()
  })
})

describe("writing amounts in the style they replace", () => {
  it("keeps spelled-with-digits, digits, words, case and joiner", () => {
    const cases: ReadonlyArray<readonly [string, { value: number; unit: string }, string]> = [
      ["within ninety (90) days", { value: 30, unit: "days" }, "within thirty (30) days"],
      ["within Ninety (90) Days", { value: 1, unit: "months" }, "within One (1) Month"],
      ["within 90 days", { value: 45, unit: "days" }, "within 45 days"],
      ["within ninety days", { value: 2, unit: "weeks" }, "within two weeks"],
      ["successive two-year periods", { value: 1, unit: "years" }, "successive one-year periods"],
      ["ten (10) Business Days", { value: 5, unit: "business_days" }, "five (5) Business Days"],
      ["net 60", { value: 30, unit: "days" }, "net 30"],
      ["within 90 days", { value: 1.5, unit: "months" }, "within 1.5 months"]
    ]
    for (const [text, amount, expected] of cases) expect(rewrite(text, quantitiesIn(text, "duration"), amount)).toBe(expected)
  })

  it("keeps the symbol or code, the grouping and the scale word", () => {
    const cases: ReadonlyArray<readonly [string, { value: number; unit: string }, string]> = [
      ["capped at $5,000,000", { value: 1_500_000, unit: "USD" }, "capped at $1,500,000"],
      ["capped at $5 million", { value: 1_500_000, unit: "USD" }, "capped at $1.5 million"],
      ["capped at $5 million", { value: 1_234_567, unit: "USD" }, "capped at $1,234,567"],
      ["capped at USD 5,000,000", { value: 2e6, unit: "USD" }, "capped at USD 2,000,000"],
      ["capped at 5,000,000 EUR", { value: 2e6, unit: "EUR" }, "capped at 2,000,000 EUR"],
      ["capped at £5000.00", { value: 2500.5, unit: "GBP" }, "capped at £2500.50"]
    ]
    for (const [text, amount, expected] of cases) expect(rewrite(text, quantitiesIn(text, "money"), amount)).toBe(expected)
  })
})

describe("hostile words", () => {
  const megabyte = 1 << 20
  const hostile = [
    "\u0000".repeat(megabyte),
    "\ud800".repeat(megabyte),
    "9".repeat(megabyte),
    "9 ".repeat(megabyte / 2),
    "$".repeat(megabyte),
    "$1,".repeat(megabyte / 3),
    "thirty ".repeat(megabyte / 7) + "days",
    "(30) days ".repeat(megabyte / 10),
    "days ".repeat(megabyte / 5),
    "one-".repeat(megabyte / 4) + "year",
    "liability invoice within ".repeat(megabyte / 25),
    `${"a".repeat(megabyte)} thirty (30) days \ud800\u0000 $5 million`
  ]

  it("reads megabytes of them fast, without throwing", () => {
    for (const text of hostile) {
      const started = performance.now()
      for (const kind of ["duration", "money", "prose"] as const) expect(Array.isArray(quantitiesIn(text, kind))).toBe(true)
      termOfWords(text)
      expectNoHang(performance.now() - started, 10_000)
    }
  })

  it("still reads the amounts around a lone surrogate or a NUL", () => {
    expect(read("\ud800thirty (30) days\u0000 and $5 million\udfff", "duration")).toEqual([["thirty (30) days", 30, "days"]])
    expect(read("\ud800thirty (30) days\u0000 and $5 million\udfff", "money")).toEqual([["$5 million", 5e6, "USD"]])
  })
})
