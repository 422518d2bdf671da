import { dayWords, maxWords, mend } from "./MendedWords.js"
import { parseNumberWords } from "./NumberWords.js"

/** A `term` or `notice` fact's words as an ISO 8601 duration (FactReading.ts reads the rest of a fact). */

const units: Record<string, string> = { year: "Y", month: "M", week: "W", day: "D" }
const unitPattern = /\b(business |working )?(year|month|week|day)s?\b/

const singular = new Set(["a", "an", "one", "another", "every", "each"])
const filler = /^(?:successive|consecutive|subsequent|additional|further|initial|renewal|calendar|contract|full|like|period|periods|of|the)$/

/** The number nearest before a unit: "(90)" over "ninety", "twelve" in "one (1) additional twelve month", "a" in "a year". */
const amountBefore = (head: string): number | null => {
  const tokens = head.slice(-80).split(/[\s-]+/).filter((token) => token.length > 0)
  let at = tokens.length - 1
  // Up to three qualifiers sit between a number and its unit: "five (5) consecutive calendar years".
  for (let skipped = 0; at >= 0 && skipped < 3 && filler.test(tokens[at]!); skipped++) at--
  if (at < 0) return null
  const figure = /^\(?(\d{1,4})\)?,?$/.exec(tokens[at]!)
  if (figure !== null) return Number(figure[1])
  if (tokens[at] === "a" || tokens[at] === "an") return at > 0 && tokens[at - 1] === "half" ? 0.5 : 1
  let from = at
  while (from > 0 && at - from < 4 && parseNumberWords(tokens.slice(from - 1, at + 1)) !== null) from--
  const spelled = parseNumberWords(tokens.slice(from, at + 1))
  if (spelled !== null && spelled > 0) return spelled
  return singular.has(tokens[at]!) ? 1 : null
}

const cardinals = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

/** A period as an ISO 8601 duration ("P1Y", "P90D", "P6M"); null without a unit, or in business days, which no calendar counts. */
export const readDuration = (value: string): string | null => {
  if (value.length > maxWords) return null
  const text = mend(value).replace(/[–—]/g, "-")
  // "the first anniversary of the date hereof" is a year on.
  // "the fifth (5th) year anniversary" and "the two-year anniversary" too.
  // "the twentieth (20th) anniversary": the figure in brackets says what a long ordinal means.
  const anniversary = /\b([a-z]{3,12}|\d{1,2}(?:st|nd|rd|th)?)(?: \((\d{1,2})(?:st|nd|rd|th)?\))?(?:[ -]year)? anniversary\b/.exec(text)
  if (anniversary !== null) {
    const word = anniversary[1]!
    const figure = anniversary[2] === undefined ? 0 : Number.parseInt(anniversary[2], 10)
    const years = /^\d/.test(word) ? Number.parseInt(word, 10) : (dayWords.indexOf(word) + 1 || cardinals.indexOf(word) + 1 || figure)
    return years > 0 ? `P${years}Y` : null
  }
  const unit = unitPattern.exec(text)
  if (unit === null || unit[1] !== undefined) return null
  // "from year to year" renews a year at a time.
  if (new RegExp(`^${unit[2]}s? to ${unit[2]}\\b`).test(text.slice(unit.index))) return `P1${units[unit[2]!]}`
  const amount = amountBefore(text.slice(0, unit.index))
  if (amount === null) return null
  // Half a year is six months; half of a shorter unit has no whole count, so it reads as nothing.
  if (amount === 0.5) return unit[2] === "year" ? "P6M" : null
  return Number.isInteger(amount) ? `P${amount}${units[unit[2]!]}` : null
}
