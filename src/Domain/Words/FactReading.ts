import { keptPerSnapshot } from "../Contract/KeptPerSnapshot.js"
import { readDuration } from "./Durations.js"
import { dayWords, maxWords, mend } from "./MendedWords.js"

/**
 * What a fact's words mean, read at request time so it follows every edit: a `date` fact as an ISO
 * date, a `term` or `notice` fact as an ISO 8601 duration, and an expiration written as a term
 * ("five (5) years") as the date it ends, counted from the contract's start. Pure: the words in,
 * a string or null out. Null whenever the words do not read as one thing; it never guesses.
 */

export interface FactWords {
  readonly name: string
  readonly kind: string
  readonly value: string | number
}

const monthNumbers: Record<string, number> = Object.fromEntries(
  ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map((month, index) => [month, index + 1])
)
const monthWord = "(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\\.?"
const ordinal = "(?:st|nd|rd|th)?"
const yearWord = "((?:19|20)\\d{2})"

// Each pattern is anchored on words it needs, with bounded gaps, so each runs in linear time.
const dayFirst = new RegExp(`\\b(\\d{1,2})${ordinal}\\s?(?:day\\s)?(?:of\\s(?:-{1,3}\\s)?)?(?:the\\smonth\\sof\\s)?${monthWord}\\s?,?\\s?${yearWord}\\b`, "g")
const monthFirst = new RegExp(`\\b${monthWord}\\s?(\\d{1,2})${ordinal}\\s?[,.]?\\s?${yearWord}\\b`, "g")
// "September ___, 2019": a form's blank day leaves the month.
const monthOnly = new RegExp(`\\b${monthWord}\\s?(?:_{1,20}\\s?)?,?\\s?(?:of\\s)?${yearWord}\\b`, "g")
const spelledDay = new RegExp(`\\b(?:(twenty|thirty)[ -])?(${dayWords.join("|")}|thirtieth) day of\\b`, "g")
const numeric = /(?<![\d/-])(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-])/g
/** A form's blanks with its year: "this ____ day of ___________, 2000" names the year alone. */
const blankForm = /_{2,20} ?(?:day )?(?:of )?_{2,20},? ?((?:19|20)\d{2})\b/g
/** Words that are a form's blanks and a year and nothing else: "___________, 2015", ", 2013", "day of , 2014", "[·] day of [·], 2019". */
const blankYear = /^(?:[_·●[\]\s]{0,20}day of )?[_·●[\]\s,]{1,30}((?:19|20)\d{2})$/
const iso = /(?<![\d-])((?:19|20)\d{2})-(\d{2})-(\d{2})(?![\d-])/g

/** Mended words with a day in words as a figure, for reading dates only: "the twenty-first day of May" is the 21 day of May. */
const dayNumber = (tens: string | undefined, word: string): number =>
  (tens === undefined ? 0 : tens === "twenty" ? 20 : 30) + (word === "thirtieth" ? 30 : dayWords.indexOf(word) + 1)
const mendDate = (value: string): string => mend(value).replace(spelledDay, (_, tens: string | undefined, word: string) => `${dayNumber(tens, word)} day of`)

const pad = (n: number): string => String(n).padStart(2, "0")
const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate()

const calendarDate = (year: number, month: number, day: number | null): string | null => {
  if (month < 1 || month > 12) return null
  if (day === null) return `${year}-${pad(month)}`
  return day >= 1 && day <= daysIn(year, month) ? `${year}-${pad(month)}-${pad(day)}` : null
}

const fullYear = (year: string): number => (year.length === 4 ? Number(year) : Number(year) + (Number(year) > 50 ? 1900 : 2000))

/** Every date the words hold, each with where it sits, as `YYYY-MM-DD` (`YYYY-MM` when no day is written, `YYYY` when only the year is). */
const datesIn = (text: string): Array<{ at: number; end: number; date: string | null }> => {
  const found: Array<{ at: number; end: number; date: string | null }> = []
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => string | null) => {
    for (const match of text.matchAll(pattern)) {
      const at = match.index
      const end = at + match[0].length
      if (found.some((other) => at < other.end && end > other.at)) continue
      found.push({ at, end, date: read(match) })
    }
  }
  take(iso, (m) => calendarDate(Number(m[1]), Number(m[2]), Number(m[3])))
  take(dayFirst, (m) => calendarDate(Number(m[3]), monthNumbers[m[2]!]!, Number(m[1])))
  take(monthFirst, (m) => calendarDate(Number(m[3]), monthNumbers[m[1]!]!, Number(m[2])))
  take(monthOnly, (m) => calendarDate(Number(m[2]), monthNumbers[m[1]!]!, null))
  // Numbers alone read month first, as the US contracts of the corpus write them ("1/27/2020"); a first number over twelve is the day ("18/9/2008").
  take(numeric, (m) =>
    Number(m[1]) > 12
      ? calendarDate(fullYear(m[4]!), Number(m[3]), Number(m[1]))
      : calendarDate(fullYear(m[4]!), Number(m[1]), Number(m[3])))
  take(blankForm, (m) => m[1]!)
  return found.sort((a, b) => a.at - b.at)
}

/** The one calendar date the words name, or null when they name none, several, or an impossible one. */
export const readDate = (value: string): string | null => {
  if (value.length > maxWords) return null
  const text = mendDate(value)
  const blankYearOnly = blankYear.exec(text.trim())
  if (blankYearOnly !== null) return blankYearOnly[1]!
  const dates = [...new Set(datesIn(text).map((found) => found.date))]
  return dates.length === 1 ? dates[0]! : null
}

const ordinals = dayWords.slice(0, 10)

/** Whether the words say the contract runs with no end date. */
const isOpenEnded = (value: string): boolean =>
  /perpetu|indefinite|no fixed (?:term|duration)|no (?:expiration|expiry|end) date|until (?:\w+ ){0,6}terminat|until cancell?ed|^unless (?:(?:sooner|earlier|otherwise) )?terminated$|until (?:either|any|one) party (?:gives|serves|provides|informs|notifies)|at the option of (?:any|either) party|upon (?:either|any) party giving/i
    .test(value)

/** A start date plus a period, as annotators count it: the anniversary, no day taken off ("five years from June 1, 2020" is 2025-06-01). */
export const addPeriod = (start: string, period: string): string | null => {
  const parts = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(start)
  const length = /^P(\d{1,4})([YMWD])$/.exec(period)
  if (parts === null || length === null) return null
  // A year alone moves by whole years only: "10 years" from 2000 ends in 2010; six months from 2004 could end in either year.
  if (parts[2] === undefined) return length[2] === "Y" ? String(Number(parts[1]) + Number(length[1])) : null
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), parts[3] === undefined ? null : Number(parts[3])]
  const n = Number(length[1])
  if (length[2] === "Y" || length[2] === "M") {
    const months = year * 12 + (month - 1) + (length[2] === "Y" ? n * 12 : n)
    const [toYear, toMonth] = [Math.floor(months / 12), (months % 12) + 1]
    // A start on the 31st ends on the month's last day when the month is shorter.
    return calendarDate(toYear, toMonth, day === null ? null : Math.min(day, daysIn(toYear, toMonth)))
  }
  if (day === null) return null
  const end = new Date(Date.UTC(year, month - 1, day + n * (length[2] === "W" ? 7 : 1)))
  return `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`
}

const dayBefore = (date: string): string | null => {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (parts === null) return null
  const day = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) - 1))
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`
}

/** A length counts from the effective date, else the agreement date; from the agreement date first when its words say so ("from the date hereof"). */
const startOf = (value: string, facts: ReadonlyArray<FactWords>): string | null => {
  const fromSigning =
    /date hereof|date of (?:th(?:is|e) agreement|(?:its )?execution|signing)|(?:date|day)(?: and year)? first (?:written|set forth|stated|above)|date of (?:the )?(?:last|final) (?:signature|execution)|date on which (?:it|this agreement) (?:is|has been) (?:signed|executed)|(?:after|from|following) (?:signing|signature|execution)/i
      .test(value)
  for (const name of fromSigning ? ["agreement_date", "effective_date"] : ["effective_date", "agreement_date"]) {
    const start = facts.find((fact) => fact.name === name && fact.kind === "date")
    const date = start === undefined || typeof start.value !== "string" ? null : readDate(start.value)
    if (date !== null) return date
  }
  return null
}

/** An expiration: the date written, or a term counted from the date it names or else the contract's start; `perpetual` when it runs until a party ends it. */
const readExpiration = (value: string, facts: ReadonlyArray<FactWords>): string | null => {
  if (value.length > maxWords) return null
  if (isOpenEnded(value)) return "perpetual"
  // "the end of the calendar year 2019" and "the end of the 2019 calendar year" are its last day; "the current calendar year" is the start's year.
  const yearEnd = /\bend of (?:the )?(?:current |then-current |((?:19|20)\d{2}) )?calendar year(?: ((?:19|20)\d{2}))?/i.exec(value)
  if (yearEnd !== null) {
    const year = yearEnd[1] ?? yearEnd[2] ?? startOf(value, facts)?.slice(0, 4)
    return year === undefined ? null : `${year}-12-31`
  }
  // "the end of June 2020" is the month's last day; "the end of the third Contract Year" is the third anniversary of the start.
  const monthEnd = /\bend of (?:the month of )?[a-z]{3,9},? (?:of )?(?:19|20)\d{2}\b/i.test(value) ? readDate(value) : null
  if (monthEnd !== null && /^\d{4}-\d{2}$/.test(monthEnd)) return `${monthEnd}-${pad(daysIn(Number(monthEnd.slice(0, 4)), Number(monthEnd.slice(5))))}`
  const contractYear = /\bend of the ([a-z]{3,7}|\d{1,2}(?:st|nd|rd|th)) (?:contract|agreement) year\b/i.exec(value)
  if (contractYear !== null) {
    const years = /^\d/.test(contractYear[1]!) ? Number.parseInt(contractYear[1]!, 10) : ordinals.indexOf(contractYear[1]!.toLowerCase()) + 1
    const start = startOf(value, facts)
    return years > 0 && start !== null ? addPeriod(start, `P${years}Y`) : null
  }
  const period = readDuration(value)
  if (period === null) return readDate(value)
  const text = mendDate(value)
  const dates = datesIn(text)
  if (dates.length > 1) return null
  if (dates.length === 0) {
    const start = startOf(value, facts)
    const end = start === null ? null : addPeriod(start, period)
    // "the day before the fifth anniversary" takes off the day the words take off.
    return end !== null && /^(?:the )?day (?:immediately )?(?:before|preceding|prior to)\b/i.test(value) ? dayBefore(end) : end
  }
  // "12 weeks from February 8, 2018" counts from the date; "three (3) years expiring May 31, 2001" ends on it.
  const counted = /\b(?:from|after|commencing|beginning|starting)(?: on)?(?: the)? ?$/.test(text.slice(Math.max(0, dates[0]!.at - 30), dates[0]!.at))
  return counted ? addPeriod(dates[0]!.date!, period) : dates[0]!.date
}

const readingOf = (fact: FactWords, facts: ReadonlyArray<FactWords>): string | null => {
  if (typeof fact.value !== "string") return null
  switch (fact.kind) {
    case "date":
      return fact.name === "expiration_date" ? readExpiration(fact.value, facts) : readDate(fact.value)
    case "term":
    case "notice":
      return readDuration(fact.value)
    default:
      return null
  }
}

// Facts and their lists are immutable (a change makes a new list), so a reading is made once per
// fact of a list and kept while the list lives: sheet reads and saves read the same facts again.
const readingsIn = keptPerSnapshot((facts: ReadonlyArray<FactWords>) => keptPerSnapshot((fact: FactWords) => readingOf(fact, facts)))

/** The reading of one fact among the contract's facts (an expiration counts from the start facts). */
export const normalizedValue = (fact: FactWords, facts: ReadonlyArray<FactWords>): string | null => readingsIn(facts)(fact)
