const monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
const dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

// RFC 822's zones and the few others mail clients print; an abbreviation not listed makes the date unreadable.
const zones = new Map<string, number>([
  ["z", 0],
  ["ut", 0],
  ["utc", 0],
  ["gmt", 0],
  ["wet", 0],
  ["bst", 60],
  ["cet", 60],
  ["met", 60],
  ["cest", 120],
  ["mest", 120],
  ["eet", 120],
  ["eest", 180],
  ["est", -300],
  ["edt", -240],
  ["cst", -360],
  ["cdt", -300],
  ["mst", -420],
  ["mdt", -360],
  ["pst", -480],
  ["pdt", -420],
  ["akst", -540],
  ["akdt", -480],
  ["hst", -600],
  ["jst", 540],
  ["aest", 600],
  ["aedt", 660]
])

const iso = /^(\d{4})-(\d{2})-(\d{2})[t ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s?(z|[+-]\d{2}:?\d{2})?$/
const numericDate = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$/
const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,9})?$/
const offset = /^(?:gmt|utc|ut)?([+-])(\d{1,2}):?(\d{2})?$/

interface Parts {
  year?: number
  month?: number
  day?: number
  time?: readonly [number, number, number]
  meridiem?: "am" | "pm"
  zone?: number
}

const monthOf = (word: string): number =>
  monthNames.findIndex((name) => name === word || name.slice(0, 3) === word || (word === "sept" && name === "september"))
const isDayName = (word: string) => word.length >= 3 && dayNames.some((name) => name.startsWith(word))

/** Each word fills one part once; a word that fits no part, or a part filled twice, leaves the date unread. */
const fill = (parts: Parts, token: string): boolean => {
  const word = token.endsWith(".") && !/^[ap]\.m\.$/.test(token) ? token.slice(0, -1) : token
  if (word === "" || word === "at" || isDayName(word)) return true
  const month = monthOf(word)
  if (month !== -1) return parts.month === undefined && (parts.month = month, true)
  if (/^\d{1,2}(?:st|nd|rd|th)?$/.test(word)) return parts.day === undefined && (parts.day = parseInt(word, 10), true)
  if (/^\d{4}$/.test(word)) return parts.year === undefined && (parts.year = Number(word), true)
  const time = clock.exec(word)
  if (time !== null) return parts.time === undefined && (parts.time = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)], true)
  if (/^(?:am|pm|a\.m\.|p\.m\.)$/.test(word)) return parts.meridiem === undefined && (parts.meridiem = word.startsWith("a") ? "am" : "pm", true)
  const named = zones.get(word)
  const shifted = offset.exec(word)
  if (named === undefined && shifted === null) return numeric(parts, word)
  if (parts.zone !== undefined) return word === "gmt" || word === "utc"
  parts.zone = named ?? (shifted![1] === "-" ? -1 : 1) * (Number(shifted![2]) * 60 + Number(shifted![3] ?? 0))
  return true
}

/** 16.11.2026 is day-first; with slashes or dashes the order is read only when one number cannot be a month. */
const numeric = (parts: Parts, word: string): boolean => {
  const match = numericDate.exec(word)
  if (match === null || parts.day !== undefined || parts.month !== undefined || parts.year !== undefined) return false
  const [first, second] = [Number(match[1]), Number(match[3])]
  const dayFirst = match[2] === "." || first > 12 || first === second
  if (!dayFirst && second <= 12) return false
  parts.day = dayFirst ? first : second
  parts.month = (dayFirst ? second : first) - 1
  parts.year = Number(match[4])
  return true
}

const instant = (year: number, month: number, day: number, [hour, minute, second]: readonly [number, number, number], zone: number): string | null => {
  if (year < 1900 || year > 2999 || month < 0 || month > 11 || day < 1 || hour > 23 || minute > 59 || second > 59 || Math.abs(zone) > 14 * 60) return null
  if (new Date(Date.UTC(year, month, day)).getUTCDate() !== day) return null
  return new Date(Date.UTC(year, month, day, hour, minute, second) - zone * 60_000).toISOString()
}

const hourOf = (hour: number, meridiem: Parts["meridiem"]): number =>
  meridiem === undefined ? hour : hour < 1 || hour > 12 ? 99 : (hour % 12) + (meridiem === "pm" ? 12 : 0)

/**
 * The instant a quoted Date or Sent line names, as ISO 8601 UTC: RFC 2822, Gmail's "Mon, 16 Nov 2026 at 10:12",
 * Outlook's "Monday, November 16, 2026 10:12 AM", Apple's "16 November 2026 at 10:12:00 GMT", ISO 8601.
 * No zone reads as UTC. Anything else, or a date that does not exist, is null: a date is never guessed.
 */
export const parseMailDate = (input: string): string | null => {
  const text = input.trim().toLowerCase()
  if (text.length === 0 || text.length > 120) return null
  const exact = iso.exec(text)
  if (exact !== null) {
    const zone = exact[7] === undefined || exact[7] === "z"
      ? 0
      : (exact[7][0] === "-" ? -1 : 1) * (Number(exact[7].slice(1, 3)) * 60 + Number(exact[7].slice(-2)))
    return instant(Number(exact[1]), Number(exact[2]) - 1, Number(exact[3]), [Number(exact[4]), Number(exact[5]), Number(exact[6] ?? 0)], zone)
  }
  const tokens = text.replace(/\([^()]*\)/g, " ").replace(/,/g, " ").replace(/(\d)([ap]\.?m\.?)(?=\s|$)/g, "$1 $2").split(/\s+/)
  const parts: Parts = {}
  for (const token of tokens) if (!fill(parts, token)) return null
  if (parts.year === undefined || parts.month === undefined || parts.day === undefined || parts.time === undefined) return null
  const [hour, minute, second] = parts.time
  return instant(parts.year, parts.month, parts.day, [hourOf(hour, parts.meridiem), minute, second], parts.zone ?? 0)
}
