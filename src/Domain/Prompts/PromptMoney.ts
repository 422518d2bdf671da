import { shareAlternatives } from "./Alternatives.js"

/**
 * Amounts of money and what each one is for, read from the words around it: a day rate, an annual
 * fee, a liability cap, a total fee. An amount whose purpose the words do not say is "unclear" and
 * is never placed in a blank.
 */

export type MoneyRole = "daily" | "annual" | "cap" | "total" | "periodic" | "unclear"

export interface Money {
  readonly value: string
  readonly role: MoneyRole
  /** A total written as "for $40,000": the price only where the template has one money blank for it. */
  readonly afterFor: boolean
}

const codes = "USD|GBP|EUR|CHF|CAD|AUD|NZD|SGD|HKD|JPY|INR|SEK|NOK|DKK|ZAR|PLN|CNY|AED|BRL|MXN"
const symbol = "US\\$|AU?\\$|CA?\\$|NZ\\$|SG?\\$|HK\\$|\\$|£|€|¥|₹"
const number = "(\\d{1,3}(?:,\\d{3}){1,4}|\\d{1,12})(\\.\\d{1,2})?"
const scale = "(?:\\s?(k|m|mn|bn|thousand|million|billion))?"
const words = "dollars|pounds|euros|francs"

const prefixed = new RegExp(`(?<![\\w$])(${symbol}|${codes})\\s?${number}${scale}(?![\\w]|,?\\d|\\.\\d)`, "gi")
const suffixed = new RegExp(`(?<![\\w.,$£€])${number}${scale}\\s(${codes}|${words})\\b`, "gi")

const multipliers: Record<string, bigint> = {
  k: 1000n,
  thousand: 1000n,
  m: 1_000_000n,
  mn: 1_000_000n,
  million: 1_000_000n,
  bn: 1_000_000_000n,
  billion: 1_000_000_000n
}

const grouped = (digits: string): string => digits.replace(/\B(?=(?:\d{3})+$)/g, ",")

/** "2m" → "2,000,000", "1.5 million" → "1,500,000", "1200.5" → "1,200.5"; decimals kept as written when nothing scales them. */
const amount = (whole: string, fraction: string | undefined, scaleWord: string | undefined): string => {
  const digits = whole.replace(/,/g, "")
  if (scaleWord === undefined) return grouped(digits.replace(/^0+(?=\d)/, "")) + (fraction ?? "")
  const cents = (BigInt(digits) * 100n + BigInt((fraction ?? ".").slice(1).padEnd(2, "0"))) * multipliers[scaleWord.toLowerCase()]!
  const units = (cents / 100n).toString()
  const rest = cents % 100n
  return grouped(units) + (rest === 0n ? "" : `.${rest.toString().padStart(2, "0")}`)
}

const periodAfter = /^\s?(?:(?:per|a|an|each|every|\/)\s?(?:hour|week|month|quarter|hr|wk|mo)\b|(?:hourly|weekly|monthly|quarterly)\b)/i
const dailyAfter = /^\s?(?:(?:per|a|an|each|every|\/)\s?(?:day|diem|working\sday|business\sday)\b|daily\b|p\.?d\.?(?!\w))/i
const annualAfter = /^\s?(?:(?:per|a|an|each|every|\/)\s?(?:year|annum|yr)\b|annually\b|yearly\b|p\.?a\.?(?!\w))/i
const dailyBefore = /\b(?:day|daily)\s(?:rate|fee)\b[^.;\d]{0,15}$/i
const annualBefore = /\b(?:annual|yearly)\s(?:[a-z]{1,15}\s){0,2}(?:fee|price|cost|subscription|charge|licen[cs]e\sfee)\b[^.;\d]{0,15}$/i
const capBefore = /\b(?:liabilit\w{0,3}|cap|capped|capping|limit\w{0,4})\b[^.;\d]{0,25}$/i
const capAfter = /^\s?(?:liability\s)?cap\b/i
const totalBefore = /\b(?:fees?|price|cost|total|sum|value|worth|budget|charge)\b[^.;\d]{0,20}$/i
const totalAfter = /^\s?(?:total|in\stotal|(?:fixed|flat|total)\s(?:fee|price)|fee|all-in)\b/i

const roleOf = (before: string, after: string): MoneyRole => {
  if (dailyAfter.test(after) || dailyBefore.test(before)) return "daily"
  if (annualAfter.test(after) || annualBefore.test(before)) return "annual"
  if (periodAfter.test(after)) return "periodic"
  if (capBefore.test(before) || capAfter.test(after)) return "cap"
  if (totalBefore.test(before) || totalAfter.test(after)) return "total"
  return "unclear"
}

export const findMoney = (text: string): ReadonlyArray<Money> => {
  const found: Array<{ start: number; end: number; value: string }> = []
  for (const m of text.matchAll(prefixed)) {
    const currency = m[1]!
    const spaced = /^[A-Z]{3}$/i.test(currency) ? `${currency.toUpperCase()} ` : currency.toUpperCase()
    found.push({ start: m.index, end: m.index + m[0].length, value: spaced + amount(m[2]!, m[3], m[4]) })
  }
  for (const m of text.matchAll(suffixed)) {
    if (found.some((other) => m.index < other.end && other.start < m.index + m[0].length)) continue
    const currency = /^[A-Z]{3}$/i.test(m[4]!) ? m[4]!.toUpperCase() : m[4]!.toLowerCase()
    found.push({ start: m.index, end: m.index + m[0].length, value: `${amount(m[1]!, m[2], m[3])} ${currency}` })
  }
  const read = found.map(({ end, start, value }) => {
    const before = text.slice(Math.max(0, start - 40), start)
    return { start, end, value, role: roleOf(before, text.slice(end, end + 25)), afterFor: /\bfor\s$/i.test(before) }
  })
  return shareAlternatives(text, read, (role) => role === "unclear")
}
