import { corporateSuffix } from "./Patterns.js"
import type { Piece } from "./Pieces.js"
import { sectionStart, single, tighten } from "./Pieces.js"

/** A document's title run into the words after it, cut off as a heading of its own. */

const leadingCaps = /^(?:[A-Z0-9][A-Z0-9&'’,\-/.]{0,40}\s{1,5}){1,14}/
const notTitleWords = new Set(["WHEREAS", "NOW", "THIS", "IN", "THE", "BY", "AND"])

/**
 * A title run in capitals at the head of a paragraph that goes on in ordinary case:
 * "SUPPLY AGREEMENT This Agreement…" or "RECITALS A. WHEREAS, …". Returns the heading's length or 0.
 */
export const leadingTitle = (raw: string): number => {
  if (sectionStart.test(raw)) return 0
  // A paragraph all in capitals is one heading or one legend, not a title and its text.
  if (!/[a-z]/.test(raw.slice(0, 2000))) return 0
  const head = raw.slice(0, 240)
  const match = leadingCaps.exec(head)
  if (match === null) return 0
  const words = match[0].trim().split(/\s+/)
  let keep = 0
  // "AND" inside a title ("REPRESENTATIONS AND WARRANTIES") goes on; "BY AND BETWEEN" and "AND" before ordinary words do not.
  const titleAnd = (at: number) =>
    words[at] === "AND" && at > 0 && words[at + 1] !== undefined && /^[A-Z][A-Z&'’-]{1,}$/.test(words[at + 1]) && !/^(?:BETWEEN|AMONG)$/.test(words[at + 1]) &&
    words[at - 1] !== "BY"
  while (keep < words.length && (!notTitleWords.has(words[keep].replace(/[^A-Z]/g, "")) || titleAnd(keep))) keep++
  // A recital letter ("A.") after the title belongs to the next paragraph.
  while (keep > 1 && /^[A-Z0-9]\.$/.test(words[keep - 1])) keep--
  const title = words.slice(0, keep)
  if (title.filter((word) => /[A-Z]{2}/.test(word)).length < 1 || title.join(" ").replace(/[^A-Z]/g, "").length < 6) return 0
  const rest = head.slice(title.join(" ").length).trimStart()
  if (keep === words.length && !/^[A-Z][a-z]/.test(head.slice(match[0].length))) return 0
  // "KIROMIC BIOPHARMA Inc., a Delaware…" is a name, not a title.
  if (rest.length === 0 || corporateSuffix.test(rest.split(/\s/)[0])) return 0
  // Find the title's real end in the raw text (its words may be separated by several spaces).
  let at = 0
  for (const word of title) at = head.indexOf(word, at) + word.length
  return at
}

export const splitTitle = (text: string, piece: Piece): ReadonlyArray<Piece> => {
  if (piece.parts.length > 1) return [piece]
  const cut = leadingTitle(text.slice(piece.start, piece.end))
  if (cut === 0) return [piece]
  const first = tighten(text, piece.start, piece.start + cut)
  const second = tighten(text, piece.start + cut, piece.end)
  return [first, second].filter((range) => range !== null).map((range) => single(range[0], range[1]))
}
