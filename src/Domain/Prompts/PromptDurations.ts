import { shareAlternatives } from "./Alternatives.js"
import { numberInWords, parseWordNumber, wordNumber } from "./NumberWords.js"

/**
 * Periods of time and what each one is for: notice, acceptance, payment, the agreement's own term,
 * a renewal. The words around a period say which; a period with no such words ("…, 4 months.") is
 * "bare" and only fills a term when it is the only candidate.
 */

export type DurationRole = "notice" | "acceptance" | "payment" | "renewal" | "term" | "bare" | "other"

export interface Duration {
  readonly start: number
  readonly end: number
  readonly value: string
  readonly role: DurationRole
}

const count = `(\\d{1,4}|${wordNumber})(?:\\s\\(\\d{1,4}\\))?`
const unit = "(?:(business|working|calendar)[\\s-])?(day|week|month|year|yr|wk|mo)s?"
const unitNames: Readonly<Record<string, string>> = { yr: "year", wk: "week", mo: "month" }
const periodPattern = new RegExp(`\\b${count}[\\s-]${unit}\\b`, "gi")
const singlePattern = new RegExp(`\\b(?:for|of|within|lasting|last)\\s(?:a|an)\\s${unit}\\b`, "gi")
const netPattern = /\bnet[\s-](\d{1,3})\b/gi

const noticeAfter = /^(?:'s|')?\s?(?:(?:prior|advance|written)\s){0,2}notice\b/i
const noticeBefore = /\bnotice\b[^.;\d]{0,20}$/i
const acceptanceBefore = /\b(?:accept\w{0,5}|review\w{0,3}\s(?:\w+\s)?within)\b[^.;\d]{0,25}$/i
const acceptanceAfter = /^\s?(?:acceptance|to\saccept|for\sacceptance)\b/i
const paymentBefore = /\b(?:pay\w{0,5}|invoices?|invoiced)\b[^.;\d]{0,25}$/i
const paymentAfter = /^\s?(?:payment\sterms?|to\spay|payment)\b/i
const renewalBefore = /\brenew\w{0,5}\b[^.;\d]{0,20}$/i
const termBefore = /\b(?:for|lasting|lasts?|runs?|running|term|duration|engagement|period|complet\w{0,4}(?:\s(?:in|within))?|takes?|over)\b[^.;\d]{0,12}$/i
const termAfter =
  /^(?:'s)?\s?(?:[a-z-]{1,15}\s)?(?:initial\sterm|term|duration|engagement|subscription|contract|agreement|nda|deal|project|period|confidentiality|programme|program)\b/i
const notBare = /\b(?:within|in|after|before|every|each|per|by|at|last|past|ago|than)\s$/i
// A period standing alone in the list of terms ("…, 4 months."), not one that describes a noun ("a 2 year roadmap").
const standsAlone = /^\s?(?:[,.;:)!?]|$|\s(?:and|with|at|from|starting|effective|under)\b)/i
const frequency = /^\s(?:a|per|each|every)\s(?:day|week|month|year)\b/i

const roleOf = (before: string, after: string): DurationRole => {
  if (noticeAfter.test(after) || noticeBefore.test(before)) return "notice"
  if (acceptanceBefore.test(before) || acceptanceAfter.test(after)) return "acceptance"
  if (paymentBefore.test(before) || paymentAfter.test(after)) return "payment"
  if (renewalBefore.test(before)) return "renewal"
  if (frequency.test(after)) return "other"
  if (termBefore.test(before) || termAfter.test(after)) return "term"
  return notBare.test(before) || !standsAlone.test(after) ? "other" : "bare"
}

const unitName = (n: number, kind: string | undefined, base: string): string => {
  const plural = n === 1 ? base : `${base}s`
  if (kind === undefined) return plural
  if (kind.toLowerCase() === "business") return `Business ${plural[0]!.toUpperCase()}${plural.slice(1)}`
  return `${kind.toLowerCase()} ${plural}`
}

/** "ten (10) Business Days", "twelve (12) months", "one (1) year"; past one hundred, digits alone. */
export const renderDuration = (n: number, kind: string | undefined, base: string): string => {
  const words = numberInWords(n)
  const name = unitName(n, kind, unitNames[base.toLowerCase()] ?? base.toLowerCase())
  return words === undefined ? `${n} ${name}` : `${words} (${n}) ${name}`
}

export const findDurations = (text: string): ReadonlyArray<Duration> => {
  const found: Array<Duration> = []
  const add = (start: number, end: number, n: number | undefined, kind: string | undefined, base: string) => {
    if (n === undefined || n < 1) return
    const role = roleOf(text.slice(Math.max(0, start - 40), start), text.slice(end, end + 30))
    found.push({ start, end, value: renderDuration(n, kind, base), role })
  }
  for (const m of text.matchAll(periodPattern)) {
    const n = /^\d/.test(m[1]!) ? Number(m[1]) : parseWordNumber(m[1]!)
    add(m.index, m.index + m[0].length, n, m[2], m[3]!)
  }
  for (const m of text.matchAll(singlePattern)) {
    const start = m.index + m[0].search(/\s(?:a|an)\s/i) + 1
    add(start, m.index + m[0].length, 1, m[1], m[2]!)
  }
  for (const m of text.matchAll(netPattern)) {
    found.push({ start: m.index, end: m.index + m[0].length, value: renderDuration(Number(m[1]), undefined, "day"), role: "payment" })
  }
  return shareAlternatives(text, found, (role) => role === "bare" || role === "other")
}
