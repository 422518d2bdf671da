import type { Found } from "./PartyName.js"
import { entityAt } from "./PartyName.js"
import { aliasAfter } from "./PartyWords.js"

/**
 * A preamble with no "between" may open on a party it defines ("JSC NOC KazakhOil, hereinafter
 * referred to as the "Company", … on the one side and JSC Karakudukmunay, …"): the definition tells
 * the name from a heading, company form or not.
 */

/** ", hereinafter referred to as", "(hereinafter called": the words that define a party's short name. */
const definedAs = /^,?\s{0,3}\(?\s{0,3}(?:hereinafter|herein\s{1,3}after)\s{1,3}(?:referred\s{1,3}to\s{1,3}as|called|known\s{1,3}as)\b/i

const definedAt = (text: string, start: number): Found | null => {
  const named = entityAt(text, start)
  return named !== null && named.start <= start + 4 && definedAs.test(text.slice(named.end, named.end + 40)) ? named : null
}

/** The first defined name that the opening, or a line after it, opens on; null when none does. */
export const definedOpener = (text: string, opening: number): Found | null => {
  for (let start = opening; start < text.length;) {
    const newline = text.indexOf("\n", start)
    const end = newline === -1 ? text.length : newline
    // Only a line that holds the definition's word is read for a name, so a text of many lines stays linear.
    const named = /\bherein\s{0,3}after\b/i.test(text.slice(start, end)) ? definedAt(text, start) : null
    if (named !== null) return named
    start = end + 1
  }
  return null
}

/** How far into the opening a party's name may stand when no "between" introduces it. */
const openingReach = 600

/**
 * "… effective as of … (the "Effective Date") INKTOMI CORPORATION ("Inktomi"), a California
 * corporation, …, and MICROSOFT CORPORATION": a preamble that leaves out its "between" still
 * names the first party right after a defined term, with a company form and an alias of its own.
 */
export const aliasedAfterTerm = (text: string, opening: number): Found | null => {
  const window = text.slice(opening, opening + openingReach)
  for (const match of window.matchAll(/[)”"]\s{1,3}(?=[A-Z])/g)) {
    const named = entityAt(text, opening + match.index + match[0].length)
    if (named !== null && named.suffix && aliasAfter.test(text.slice(named.end, named.end + 20))) return named
  }
  return null
}
