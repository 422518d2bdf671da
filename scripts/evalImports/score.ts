/**
 * Scores predicted import facts against CUAD labels (shared/corpus/README.md). Pure: the runner
 * reads files and prints; this compares. Each fact name gets true positives, false positives and
 * false negatives; a label `null` means "no answer", so any prediction for it is a false positive.
 */
import { placesMatch } from "./places.js"

export interface Label {
  readonly file: string
  readonly parties: ReadonlyArray<string>
  readonly agreement_date: string | null
  readonly effective_date: string | null
  readonly expiration_date: string | null
  readonly renewal_term: string | null
  readonly notice_period: string | null
  readonly governing_law: string | null
  readonly spans: Readonly<Record<string, ReadonlyArray<string>>>
}

export interface Counts {
  readonly tp: number
  readonly fp: number
  readonly fn: number
}

export type Scores = Readonly<Record<string, Counts>>

export const scoredNames = ["parties", "agreement_date", "effective_date", "expiration_date", "renewal_term", "notice_period", "governing_law"] as const

const months: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12
}

const fullYear = (year: string): string => year.length === 4 ? year : String(Number(year) + (Number(year) > 50 ? 1900 : 2000))

/**
 * A date as CUAD writes it, M/D/YYYY, from "January 1, 1998", "1st day of January, 1998", "19t h day of
 * March, 2020", "1/1/98", "03-24-06", "31/01/2025" (day first where the month could not be), "January 1 , 1998".
 * `[]` parts stay `[]`. Null when no date.
 */
export const normaliseDate = (value: string): string | null => {
  const text = value.toLowerCase().replace(/\s+/g, " ").trim()
  if (/^perpetual$/.test(text)) return "perpetual"
  // The service's `normalized` reading of a date fact: "2019-12-19", "2018-03" when no day is written, "2000" for a year alone.
  const iso = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text)
  if (iso !== null) return `${iso[2] === undefined ? "[]" : Number(iso[2])}/${iso[3] === undefined ? "[]" : Number(iso[3])}/${iso[1]}`
  const numeric = /^(\d{1,2}|\[\])[/-](\d{1,2}|\[\])[/-](\d{2,4}|\[\])$/.exec(text)
  if (numeric !== null) {
    // A month cannot pass 12: "31/01/2025" is written day first.
    const [, m, d, y] = Number(numeric[1]) > 12 && Number(numeric[2]) <= 12 ? [numeric[0], numeric[2], numeric[1], numeric[3]] : numeric
    return `${m === "[]" ? m : Number(m)}/${d === "[]" ? d : Number(d)}/${y === "[]" ? y : fullYear(y)}`
  }
  const monthFirst = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? ?(\d{1,2})? ?(?:st|nd|rd|th|s t|n d|r d|t h)? ?[,.]? ?(\d{4})\b/.exec(text)
  const dayFirst = /\b(\d{1,2}) ?(?:st|nd|rd|th|s t|n d|r d|t h)? ?(?:day )?(?:of )?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,? ?(\d{4})\b/
    .exec(text)
  if (dayFirst !== null) return `${months[dayFirst[2]]}/${Number(dayFirst[1])}/${dayFirst[3]}`
  if (monthFirst !== null) return `${months[monthFirst[1]]}/${monthFirst[2] === undefined ? "[]" : Number(monthFirst[2])}/${monthFirst[3]}`
  return null
}

export const datesMatch = (predicted: string, label: string): boolean => {
  const a = normaliseDate(predicted)
  const b = normaliseDate(label)
  if (a === null || b === null) return false
  const left = a.split("/")
  const right = b.split("/")
  return left.length === right.length && left.every((part, index) => part === right[index] || part === "[]" || right[index] === "[]")
}

/** Expiration can be "perpetual": phrases that say so match it, case-insensitively. */
export const isPerpetual = (value: string): boolean => /perpetu|indefinite|until (?:\w+ ){0,6}terminat/i.test(value)

const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  another: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  eighteen: 18,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
  hundred: 100
}
const unitDays: Record<string, number> = { day: 1, week: 7, month: 30, year: 360 }

/**
 * A duration as number + unit: "ninety (90) days" → "90 days", "one (1) year" → "1 year",
 * "successive 1 year" → "1 year", "half a year" → "0.5 year", "successive [] years" → "[] year".
 */
export const normaliseDuration = (value: string): string | null => {
  const text = value.toLowerCase().replace(/\bhalf an? /g, "0.5 ").replace(/[()]/g, " ").replace(/\s+/g, " ")
  const unit = /\b(day|week|month|year)s?\b/.exec(text)
  if (unit === null) return null
  const head = text.slice(0, unit.index)
  // The number nearest the unit carries it: "one (1) additional twelve month" is 12 months, "ninety (90) days" 90 days.
  const numbers = [...head.matchAll(/\d+(?:\.\d+)?|\[\]|\*|[a-z]+/g)].filter((match) => /^[\d[*]/.test(match[0]) || match[0] in numberWords)
  let amount: string | null = null
  if (numbers.length > 0) {
    const last = numbers[numbers.length - 1]
    if (/^[\d[*]/.test(last[0])) amount = last[0]
    else {
      // Words run together: "one hundred twenty", "twenty four".
      let index = numbers.length - 1
      while (index > 0 && !/^[\d[*]/.test(numbers[index - 1][0]) && numbers[index - 1].index + numbers[index - 1][0].length + 2 >= numbers[index].index) index--
      const words = numbers.slice(index).map((match) => match[0])
      amount = String(words.reduce((sum, word) => (word === "hundred" ? Math.max(sum, 1) * 100 : sum + numberWords[word]), 0))
    }
  }
  if (amount === "*") amount = "[]"
  return `${amount ?? "1"} ${unit[1]}`
}

export const durationsMatch = (predicted: string, label: string): boolean => {
  const a = normaliseDuration(predicted)
  const b = normaliseDuration(label)
  if (a === null || b === null) return false
  const [amountA, unitA] = a.split(" ")
  const [amountB, unitB] = b.split(" ")
  if (amountA === "[]" || amountB === "[]") return unitA === unitB
  const daysA = Number(amountA) * unitDays[unitA]
  const daysB = Number(amountB) * unitDays[unitB]
  // 1 year against 365 days, 2 months against 60 days: the same period written two ways.
  return Math.abs(daysA - daysB) <= Math.max(daysA, daysB) * 0.02
}

/** Case-, punctuation- and whitespace-insensitive form of a party name. */
export const normaliseParty = (value: string): string => value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")

/** The name part of a CUAD party item: the text before its alias parenthesis. */
export const partyName = (item: string): string => item.split("(")[0].trim()

/** The defined names of a label's items: "Party A" of `… Co., Ltd. ("Party A")`. */
const aliasesOf = (items: ReadonlyArray<string>): ReadonlySet<string> =>
  new Set(items.flatMap((item) => [...item.matchAll(/["“”]([^"“”]{1,40})["“”]/g)].map((match) => match[1]!.trim().toLowerCase())))

/**
 * A label item that names the parties together ("A and B (collectively "Parties")"; "Party A, Party B,
 * Party C (individually a "Party", collectively the "Parties")", a list of the other items' defined
 * names) or no one (a fragment of such an item cut at its ";": "collectively, the "Parties")").
 */
const collective = (item: string, aliases: ReadonlySet<string>): boolean => {
  const name = partyName(item)
  if (name.length === 0 || /^(?:collectively|individually|together)\b/i.test(name)) return true
  if (/collectively|together/i.test(item) && /\band\b/i.test(name)) return true
  const named = name.split(/,|\band\b/i).map((part) => part.trim().toLowerCase()).filter((part) => part.length > 0)
  return named.length >= 2 && named.every((part) => aliases.has(part))
}

export const scoreParties = (predicted: ReadonlyArray<string>, label: Label): Counts => {
  const aliases = aliasesOf(label.parties)
  const entities = label.parties.filter((item) => !collective(item, aliases))
  const spans = (label.spans["Parties"] ?? []).map(normaliseParty)
  const used = new Set<number>()
  let tp = 0
  let fp = 0
  for (const value of predicted) {
    const name = normaliseParty(value)
    let match = entities.findIndex((item, index) => !used.has(index) && normaliseParty(partyName(item)) === name)
    if (match === -1 && name.length > 0 && spans.includes(name)) {
      // A span names the party as written; credit the first label party not yet matched that shares a word with it.
      match = entities.findIndex((item, index) => !used.has(index) && sharesWord(item, value))
      if (match === -1) match = entities.findIndex((_, index) => !used.has(index))
    }
    if (match === -1) fp++
    else {
      used.add(match)
      tp++
    }
  }
  return { tp, fp, fn: entities.length - used.size }
}

const sharesWord = (item: string, value: string): boolean => {
  const words = new Set(partyName(item).toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length >= 3))
  return value.toLowerCase().split(/[^a-z0-9]+/).some((word) => words.has(word))
}

const one = (predicted: string | undefined, label: string | null, same: (a: string, b: string) => boolean): Counts => {
  if (label === null) return { tp: 0, fp: predicted === undefined ? 0 : 1, fn: 0 }
  if (predicted === undefined) return { tp: 0, fp: 0, fn: 1 }
  return same(predicted, label) ? { tp: 1, fp: 0, fn: 0 } : { tp: 0, fp: 1, fn: 1 }
}

export const scoreContract = (predicted: ReadonlyArray<{ name: string; value: string | number }>, label: Label): Scores => {
  const value = (name: string) => {
    const found = predicted.find((entry) => entry.name === name)
    return found === undefined ? undefined : String(found.value)
  }
  const parties = predicted.filter((entry) => /^party_[a-z]$/.test(entry.name)).map((entry) => String(entry.value))
  return {
    parties: scoreParties(parties, label),
    agreement_date: one(value("agreement_date"), label.agreement_date, datesMatch),
    effective_date: one(value("effective_date"), label.effective_date, datesMatch),
    expiration_date: one(value("expiration_date"), label.expiration_date, (a, b) => isPerpetual(b) ? isPerpetual(a) : datesMatch(a, b)),
    renewal_term: one(value("renewal_term"), label.renewal_term, durationsMatch),
    notice_period: one(value("notice_period"), label.notice_period, durationsMatch),
    governing_law: one(value("governing_law"), label.governing_law, placesMatch)
  }
}

export const addScores = (scores: ReadonlyArray<Scores>): Scores => {
  const total: Record<string, Counts> = {}
  for (const score of scores) {
    for (const [name, counts] of Object.entries(score)) {
      const sum = total[name] ?? { tp: 0, fp: 0, fn: 0 }
      total[name] = { tp: sum.tp + counts.tp, fp: sum.fp + counts.fp, fn: sum.fn + counts.fn }
    }
  }
  return total
}
