import fc from "fast-check"
import { numberToWords } from "../../../src/Domain/Words/NumberWords.js"
import type { Amount } from "../../../src/Domain/Playbooks/Rule.js"
import { type PlaybookTerm, termKinds } from "../../../src/Domain/Playbooks/Terms.js"

// Each unit with the most of it a clause plausibly states.
const durationUnits: ReadonlyArray<readonly [string, number]> = [["day", 120], ["week", 20], ["month", 24], ["year", 5], ["business day", 30]]

/** A duration as a counterparty might write it: "ninety (90) days", "45 days", "twelve months". */
export const aDuration: fc.Arbitrary<string> = fc
  .record({ unit: fc.constantFrom(...durationUnits), n: fc.integer({ min: 1, max: 150 }), style: fc.constantFrom("both", "digits", "words") })
  .map(({ n: raw, style, unit: [unit, most] }) => {
    const n = 1 + (raw % most)
    const units = `${unit}${n === 1 ? "" : "s"}`
    const words = numberToWords(n)!
    return style === "both" ? `${words} (${n}) ${units}` : style === "digits" ? `${n} ${units}` : `${words} ${units}`
  })

const grouped = (n: number) => String(n).replace(/\B(?=(?:\d{3})+$)/g, ",")

/** A sum as a counterparty might write it: "$2,500,000", "USD 40,000", "$1.5 million", "£90,000". */
export const aSum: fc.Arbitrary<string> = fc
  .record({ n: fc.integer({ min: 1, max: 500 }), style: fc.constantFrom("$", "$", "USD ", "million", "£") })
  .map(({ n, style }) => (style === "million" ? `$${n / 10} million` : `${style}${grouped(n * 10_000)}`))

/** A floor, a ceiling above it and a preferred amount between, in one unit; any may be left out. */
const ordered = (unit: fc.Arbitrary<string>, value: fc.Arbitrary<number>) =>
  fc.record({ unit, floor: value, width: value, at: fc.double({ min: 0, max: 1, noNaN: true }), keep: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }) })
    .map(({ at, floor, keep, unit, width }) => {
      const amount = (value: number, kept: boolean): Amount | null => (kept ? { value, unit } : null)
      return { floor: amount(floor, keep[0]!), ceiling: amount(floor + width, keep[1]!), preferred: amount(floor + Math.round(at * width), keep[2]!) }
    })

const boundsOf = {
  duration: fc.oneof(
    { weight: 4, arbitrary: ordered(fc.constant("days"), fc.integer({ min: 0, max: 150 })) },
    { weight: 1, arbitrary: ordered(fc.constantFrom("months", "business_days"), fc.integer({ min: 0, max: 12 })) }
  ),
  money: ordered(fc.constantFrom("USD", "USD", "GBP"), fc.integer({ min: 0, max: 250 }).map((n) => n * 10_000)),
  prose: fc.constant({ floor: null, ceiling: null, preferred: null })
}

/** A rule's term and bounds that fit its kind; a few are prose-only. */
export const ruleDraft = (terms: ReadonlyArray<PlaybookTerm>) =>
  fc.constantFrom(...terms).chain((term) =>
    fc.oneof(
      { weight: 6, arbitrary: boundsOf[termKinds[term]] },
      { weight: 1, arbitrary: boundsOf.prose }
    ).map((bounds) => ({ term, bounds }))
  )
