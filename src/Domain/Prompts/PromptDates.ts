import { shareAlternatives } from "./Alternatives.js"

/**
 * The effective date a prompt states: "1 March 2027", "March 1, 2027", "2027-03-01", "15/03/2027"
 * (only when the day cannot be read as a month), "today", "tomorrow", "next Monday", "the start of
 * next month". A date that does not exist (31 February) and a choice between dates are left out.
 */

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
const month = "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?"
const ordinal = "(?:st|nd|rd|th)?"
const weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

const dayFirst = new RegExp(`\\b(\\d{1,2})${ordinal}(?:\\s(?:day\\s)?of)?\\s${month},?(?:\\s(\\d{4}))?\\b`, "gi")
const monthFirst = new RegExp(`\\b${month}\\s(\\d{1,2})${ordinal}(?:,?\\s(\\d{4}))?\\b`, "gi")
const isoDate = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g
const slashDate = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g
const relative = new RegExp(
  `\\b(?:(today|immediately|with\\simmediate\\seffect)|(tomorrow)|next\\s(${
    weekdays.join("|")
  })|(?:the\\s)?(?:start|beginning|first|1st)\\sof\\snext\\s(month|year)|next\\s(month))\\b`,
  "gi"
)

const startCue =
  /\b(?:effective|start\w{0,3}|commenc\w{0,4}|begin\w{0,4}|from|as\sof|dated|on|kick\w{0,4}\soff|effect\sfrom|date\sof)\b[\s:,-]{0,3}(?:(?:on|from|at|the|as\sof)\s){0,3}$/i
// "our meeting on 3 December": a date that belongs to some other event than the agreement's start.
const otherEvent =
  /\b(?:meeting|call|deadline|signing|due|pitch|demo|visit|workshop|presentation|event|launch|conference|interview|by|before|until|after)\b[^.;,]{0,12}$/i
const endCue = /\b(?:until|till|to|by|before|end\w{0,3}|expir\w{0,3}|through|deadline|due|sign\w{0,3}|after)\b[\s:,-]{0,3}(?:(?:on|the)\s){0,2}$/i

interface Day {
  readonly year: number
  readonly month: number
  readonly day: number
}

interface Found {
  readonly start: number
  readonly end: number
  readonly day: Day | undefined
  readonly written: "absolute" | "yearless" | "relative"
}

const isReal = (date: Day): boolean => {
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.year < 1900 || date.year > 2199) return false
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDate() === date.day
}

const fromUtc = (time: Date): Day => ({ year: time.getUTCFullYear(), month: time.getUTCMonth() + 1, day: time.getUTCDate() })
const utc = (date: Day): Date => new Date(Date.UTC(date.year, date.month - 1, date.day))

const monthNumber = (name: string): number => monthNames.findIndex((full) => full.toLowerCase().startsWith(name.slice(0, 3).toLowerCase())) + 1

const checked = (date: Day): Day | undefined => (isReal(date) ? date : undefined)

/** A day and month without a year: the next time that day comes round, today included. */
const nextOccurrence = (today: Day, monthIndex: number, day: number): Day | undefined => {
  const thisYear = { year: today.year, month: monthIndex, day }
  if (!isReal(thisYear) && !(monthIndex === 2 && day === 29)) return undefined
  for (let year = today.year; year <= today.year + 8; year++) {
    const candidate = { year, month: monthIndex, day }
    if (isReal(candidate) && utc(candidate) >= utc(today)) return candidate
  }
  return undefined
}

const relativeDay = (match: RegExpExecArray, today: Day): Day => {
  const base = utc(today)
  if (match[1] !== undefined) return today
  if (match[2] !== undefined) return fromUtc(new Date(base.getTime() + 86_400_000))
  if (match[3] !== undefined) {
    const ahead = (weekdays.indexOf(match[3].toLowerCase()) - base.getUTCDay() + 7) % 7 || 7
    return fromUtc(new Date(base.getTime() + ahead * 86_400_000))
  }
  if ((match[4] ?? "").toLowerCase() === "year") return { year: today.year + 1, month: 1, day: 1 }
  return today.month === 12 ? { year: today.year + 1, month: 1, day: 1 } : { year: today.year, month: today.month + 1, day: 1 }
}

const findDates = (text: string, today: Day): ReadonlyArray<Found> => {
  const found: Array<Found> = []
  const named = (start: number, end: number, dayText: string, monthText: string, yearText: string | undefined) => {
    const day = Number(dayText)
    const monthIndex = monthNumber(monthText)
    found.push(
      yearText === undefined
        ? { start, end, day: nextOccurrence(today, monthIndex, day), written: "yearless" }
        : { start, end, day: checked({ year: Number(yearText), month: monthIndex, day }), written: "absolute" }
    )
  }
  const end = (m: RegExpExecArray) => m.index + m[0].length
  for (const m of text.matchAll(dayFirst)) named(m.index, end(m), m[1]!, m[2]!, m[3])
  for (const m of text.matchAll(monthFirst)) named(m.index, end(m), m[2]!, m[1]!, m[3])
  for (const m of text.matchAll(isoDate)) {
    found.push({ start: m.index, end: end(m), day: checked({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }), written: "absolute" })
  }
  for (const m of text.matchAll(slashDate)) {
    const [first, second] = [Number(m[1]), Number(m[2])]
    // 03/04/2027 is 3 April in London and March 4 in New York: only a day past 12 settles it.
    const day = first > 12 && second <= 12
      ? { year: Number(m[3]), month: second, day: first }
      : second > 12 && first <= 12
      ? { year: Number(m[3]), month: first, day: second }
      : undefined
    found.push({ start: m.index, end: end(m), day: day === undefined ? undefined : checked(day), written: "absolute" })
  }
  for (const m of text.matchAll(relative)) found.push({ start: m.index, end: end(m), day: relativeDay(m, today), written: "relative" })
  return found
}

const render = (date: Day): string => `${date.day} ${monthNames[date.month - 1]} ${date.year}`

const parseToday = (today: string): Day | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today)
  return m === null ? undefined : checked({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) })
}

/** The one effective date the prompt states, rendered "1 March 2027"; undefined when none or several. */
export const effectiveDate = (text: string, todayText: string): string | undefined => {
  const today = parseToday(todayText)
  if (today === undefined) return undefined
  const found = findDates(text, today)
  const before = (date: Found) => text.slice(Math.max(0, date.start - 30), date.start)
  const ours = found.filter((date) => !otherEvent.test(before(date)) && !endCue.test(before(date)))
  const roles = ours.map((date) => ({ ...date, role: startCue.test(before(date)) ? "start" : "none" }))
  const cued = shareAlternatives(text, roles, (role) => role === "none", /^,?\s(?:or)\s$/i).filter((date) => date.role === "start")
  const candidates = cued.length > 0 ? cued : ours.filter((date) => date.written === "absolute")
  const distinct = new Set(candidates.map((date) => (date.day === undefined ? "invalid" : render(date.day))))
  if (distinct.size !== 1 || distinct.has("invalid")) return undefined
  return [...distinct][0]
}
