import type { Found } from "./PartyName.js"
import { entityAt } from "./PartyName.js"

/**
 * A cover page sets each party on a line of its own, with "and" alone on the line between them
 * ("between\n\nInstitute of Grassland and Environmental Research\n\nand\n\nCeres, Inc."): there the
 * name fills its line, and an "and" inside it joins one name, not two parties.
 */

/** A line that holds only the cover page's "and" ("and", "AND", "- and -"). */
const andLine = /^[ \t]{0,20}(?:[-–—][ \t]{0,3})?(?:and|AND|And)(?:[ \t]{0,3}[-–—])?:?[ \t]{0,20}$/

const lineAround = (text: string, at: number): { start: number; end: number } => {
  const start = text.lastIndexOf("\n", at - 1) + 1
  const end = text.indexOf("\n", at)
  return { start, end: end === -1 ? text.length : end }
}

/** The nearest non-blank line before (or after) the line [start, end), within a few blank lines. */
const neighbour = (text: string, line: { start: number; end: number }, side: "before" | "after"): string | null => {
  let current = line
  for (let step = 0; step < 4; step++) {
    if (side === "before" ? current.start === 0 : current.end >= text.length) return null
    current = lineAround(text, side === "before" ? current.start - 1 : current.end + 1)
    const content = text.slice(current.start, current.end)
    if (content.trim().length > 0) return content
  }
  return null
}

/** A line's closing "and", when a cover page's layout has been run together ("Institute of … Research and"). */
const trailingAnd = /\s(?:and|AND|And)\s{0,3}$/

/**
 * The whole line's name when the name read after `at` starts a fresh line, the line holds nothing
 * else, and the cover page's "and" stands on the given side (alone on its line, or ending the
 * name's line or the line before); else the name as read.
 */
export const coverLine = (text: string, at: number, found: Found, side: "before" | "after"): Found => {
  const line = lineAround(text, found.start)
  // The name starts its line, below the words that lead to it ("between" may take the line break with it).
  if (line.start === 0 || line.start > found.start || text.slice(Math.min(at, line.start), found.start).trim().length > 0) return found
  const closing = side === "after" ? trailingAnd.exec(text.slice(found.start, line.end)) : null
  const lineEnd = closing === null ? line.end : found.start + closing.index
  const whole = entityAt(text.slice(0, lineEnd), found.start, { wholeLine: true })
  if (whole === null || whole.end <= found.end || text.slice(whole.end, lineEnd).trim().length > 0) return found
  if (closing !== null) return whole
  const other = neighbour(text, line, side)
  return other !== null && (andLine.test(other) || (side === "before" && trailingAnd.test(other))) ? whole : found
}
