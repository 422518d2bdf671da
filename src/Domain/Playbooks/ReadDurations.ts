import { isNumberWord, parseNumberWords } from "../Words/NumberWords.js"
import { type DurationStyle, maxQuantities, type Quantity } from "./Quantity.js"
import type { DurationUnit } from "./Units.js"

/**
 * Durations as contracts write them: "thirty (30) days", "45 days", "ten (10) Business Days",
 * "one-year", "net 60". Each unit word is found first, then the number is read backwards from a
 * bounded window before it, so hostile text costs linear time.
 */

const unitWord = /\b(?:(business|working|calendar)[ \u00a0]{1,2})?(day|week|month|year)s?\b/gi
const netTerms = /\bnet[ \u00a0]?(\d{1,3})\b/gi
const lookBack = 100
const maxWords = 8

const isLetter = (c: string | undefined) => c !== undefined && /[A-Za-z]/.test(c)
const isUpper = (c: string | undefined) => c !== undefined && c !== c.toLowerCase()
const isSeparator = (c: string | undefined) => c === " " || c === "\u00a0" || c === "-"

const baseUnits: Readonly<Record<string, DurationUnit>> = { day: "days", week: "weeks", month: "months", year: "years" }

const caseOf = (word: string): DurationStyle["unitCase"] =>
  word === word.toUpperCase() && word.length > 1 ? "upper" : word[0] === word[0]!.toUpperCase() ? "title" : "lower"

/** Number words that end `text` (separators between them), read backwards; positions are offsets in `text`. */
const trailingNumber = (text: string): { readonly value: number; readonly start: number } | null => {
  const starts: Array<number> = []
  const words: Array<string> = []
  let end = text.length
  while (words.length < maxWords) {
    let i = end
    while (i > 0 && end - i < 12 && isLetter(text[i - 1])) i--
    if (i === end || isLetter(text[i - 1])) break
    const word = text.slice(i, end)
    if (!isNumberWord(word) && !(word.toLowerCase() === "and" && words.length > 0)) break
    words.unshift(word)
    starts.unshift(i)
    let j = i
    while (j > 0 && i - j < 2 && isSeparator(text[j - 1])) j--
    if (j === i) break
    end = j
  }
  // The longest run that spells one number: "within thirty" reads thirty, "two hundred" two hundred.
  for (let k = 0; k < words.length; k++) {
    const value = words[k]!.toLowerCase() === "and" ? null : parseNumberWords(words.slice(k))
    if (value !== null) return { value, start: starts[k]! }
  }
  return null
}

const digitsAtEnd = /(?:\((\d{1,7}(?:\.\d{1,2})?)\)|(\d{1,7}(?:\.\d{1,2})?))$/

interface NumberRead {
  readonly value: number
  readonly start: number
  readonly number: DurationStyle["number"]
  readonly capital: boolean
}

/** The number written just before a unit word: `before` ends where the joiner starts. */
const numberBefore = (before: string): NumberRead | null => {
  const digits = digitsAtEnd.exec(before)
  if (digits !== null) {
    const start = digits.index
    if (digits[2] !== undefined) {
      if (/[\w.,]/.test(before[start - 1] ?? "")) return null
      return { value: Number(digits[2]), start, number: "digits", capital: false }
    }
    let wordsEnd = start
    while (wordsEnd > 0 && start - wordsEnd < 2 && (before[wordsEnd - 1] === " " || before[wordsEnd - 1] === "\u00a0")) wordsEnd--
    const words = wordsEnd < start ? trailingNumber(before.slice(0, wordsEnd)) : null
    if (words === null) return { value: Number(digits[1]), start, number: "parens", capital: false }
    return { value: Number(digits[1]), start: words.start, number: "spelled_digits", capital: isUpper(before[words.start]) }
  }
  const words = trailingNumber(before)
  return words === null ? null : { value: words.value, start: words.start, number: "spelled", capital: isUpper(before[words.start]) }
}

const unitOf = (qualifier: string | undefined, base: string): DurationUnit => {
  const unit = baseUnits[base.toLowerCase()]!
  const q = qualifier?.toLowerCase()
  return unit === "days" && (q === "business" || q === "working") ? "business_days" : unit
}

export const readDurations = (text: string): ReadonlyArray<Quantity> => {
  const found: Array<Quantity> = []
  for (const match of text.matchAll(unitWord)) {
    if (found.length === maxQuantities) return []
    const at = match.index
    const joiner = text[at - 1] === "-" ? "-" : " "
    let numberEnd = at
    while (numberEnd > 0 && at - numberEnd < (joiner === "-" ? 1 : 2) && isSeparator(text[numberEnd - 1])) numberEnd--
    if (numberEnd === at) continue
    const windowStart = Math.max(0, numberEnd - lookBack)
    const read = numberBefore(text.slice(windowStart, numberEnd))
    if (read === null) continue
    const style: DurationStyle = {
      kind: "duration",
      number: read.number,
      capital: read.capital,
      joiner,
      unitCase: caseOf(match[1] ?? match[2]!),
      calendar: match[1]?.toLowerCase() === "calendar"
    }
    found.push({ value: read.value, unit: unitOf(match[1], match[2]!), start: windowStart + read.start, end: at + match[0].length, style })
  }
  for (const match of text.matchAll(netTerms)) {
    if (found.length === maxQuantities) return []
    const end = match.index + match[0].length
    if (found.some((q) => q.start < end && match.index < q.end)) continue
    const style: DurationStyle = { kind: "duration", number: "net", capital: isUpper(match[0][0]), joiner: " ", unitCase: "lower", calendar: false }
    found.push({ value: Number(match[1]), unit: "days", start: match.index, end, style })
  }
  return found.sort((a, b) => a.start - b.start)
}
