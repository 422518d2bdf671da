import type { Extracted } from "./Parsed.js"

/**
 * Layout: the lines of a text layer that are branding or page furniture, not the document's
 * words. They never become blocks: page numbers, running headers and footers repeated on several
 * pages, SEC filing labels ("EXHIBIT 10.14"), confidential-treatment legends and "intentionally
 * left blank" notes. Everything here works line by line with bounded patterns, so a hostile text
 * (megabytes on one line, tens of thousands of tiny lines) stays linear.
 */

export interface Line {
  readonly start: number
  /** End of the line's content, before its "\n" (or "\r\n"). */
  readonly end: number
  readonly text: string
}

export const splitLines = (text: string): ReadonlyArray<Line> => {
  const lines: Array<Line> = []
  let start = 0
  while (start <= text.length) {
    const newline = text.indexOf("\n", start)
    const stop = newline === -1 ? text.length : newline
    const end = stop > start && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop
    lines.push({ start, end, text: text.slice(start, end) })
    if (newline === -1) break
    start = newline + 1
  }
  return lines
}

const pageNumber = /^(?:page\s{0,3})?[-–—]?\s{0,3}\d{1,4}\s{0,3}[-–—]?(?:\s{0,3}(?:of|\/)\s{0,3}\d{1,4})?$/i
const pageWord = /^page\s{1,3}\d{1,4}(?:\s{1,3}of\s{1,3}\d{1,4})?$/i
/** An SEC filing label such as "EXHIBIT 10.14" or "Ex. 99.2": a numbered exhibit with a dot, never "EXHIBIT A". */
export const secLabel = /^(?:\d{1,3}\s{1,80})?(?:exhibit|ex\.)\s{1,5}\d{1,3}\.\d{1,3}(?:\.\d{1,3})?[a-z]?\b/i
const sourceFooter = /^source:\s/i
const legend =
  /(?:omitted pursuant to a request for confidential treatment|confidential treatment (?:has been )?requested|has been omitted from this exhibit because|designates portions of this document that have been omitted)/i
const blankPage = /^\[?\s{0,3}(?:the\s)?remainder of (?:this\s)?page (?:is\s)?intentionally left blank\.?\s{0,3}\]?(?:\s{0,3}\d{1,4})?$/i
const signatureLabel = /^(?:by|name|title|date|its|per|signature|address|attn|attention|witness|dated)\b/i
const redactionOnly = /^[[\]*•.\s]{1,40}$/
/** Numbering the converter tore off its text ("2.1", "(a)", "3."), left alone on a line. */
const detachedNumbers = /^(?:(?:\(?[0-9]{1,3}(?:\.[0-9]{1,3}){0,3}\.?\)?|\([a-z]{1,3}\))\s{0,10}){1,4}$/i

const squash = (line: string): string => line.trim().replace(/\s+/g, " ")

/** The shape of a line with its digits blurred, so "Page 3 of 10" and "Page 4 of 10" count as the same footer. */
const shape = (line: string): string => squash(line).toLowerCase().replace(/\d+/g, "#")

export const isPageNumber = (trimmed: string): boolean => trimmed.length <= 20 && (pageNumber.test(trimmed) || pageWord.test(trimmed))

/** Lines repeated at least three times that look like running headers or footers, keyed by `shape`. */
export const repeatedFurniture = (lines: ReadonlyArray<Line>): ReadonlySet<string> => {
  const counts = new Map<string, number>()
  for (const line of lines) {
    const trimmed = squash(line.text)
    if (trimmed.length < 6 || trimmed.length > 120) continue
    if (signatureLabel.test(trimmed) || redactionOnly.test(trimmed)) continue
    // Sentences repeated in a contract ("WHEREAS," or a defined clause) end with a period or a colon; footers do not, as a rule.
    if (/[.:;,]$/.test(trimmed) && !/\d/.test(trimmed)) continue
    const key = shape(trimmed)
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  const repeated = new Set<string>()
  for (const [key, count] of counts) if (count >= 3) repeated.add(key)
  return repeated
}

/**
 * Running headers and footers of a document of few pages: a line that is the first or the last of
 * every page (two pages at least), as a word processor repeats them. Body text is never the same
 * line at the same edge of every page. Keyed by `shape`, as `repeatedFurniture`.
 */
export const pageEdgeFurniture = (extracted: Extracted, lines: ReadonlyArray<Line>): ReadonlySet<string> => {
  const pages = extracted.pages
  if (pages.length < 2) return new Set()
  const edges = pages.map(() => new Set<string>())
  let index = 0
  const firstAndLast = new Map<number, { first?: string; last?: string }>()
  for (const line of lines) {
    const trimmed = squash(line.text)
    if (trimmed.length < 6 || trimmed.length > 120) continue
    while (index + 1 < pages.length && line.start >= pages[index + 1]!.start) index++
    if (line.start < pages[index]!.start || line.start > pages[index]!.end) continue
    const entry = firstAndLast.get(index) ?? {}
    entry.first ??= shape(trimmed)
    entry.last = shape(trimmed)
    firstAndLast.set(index, entry)
  }
  for (const [page, { first, last }] of firstAndLast) {
    if (first !== undefined) edges[page]!.add(first)
    if (last !== undefined) edges[page]!.add(last)
  }
  const everyPage = new Set<string>()
  for (const key of edges[0]!) if (edges.every((set) => set.has(key)) && !signatureLabel.test(key)) everyPage.add(key)
  return everyPage
}

export type LayoutReason = "page_number" | "sec_label" | "footer" | "legend" | "blank_page" | "numbering"

export const layoutReason = (text: string, repeated: ReadonlySet<string>): LayoutReason | null => {
  const trimmed = squash(text)
  if (trimmed.length === 0) return null
  if (isPageNumber(trimmed)) return "page_number"
  if (trimmed.length <= 40 && secLabel.test(trimmed) && trimmed.replace(secLabel, "").trim().length === 0) return "sec_label"
  if (sourceFooter.test(trimmed) && trimmed.length <= 160) return "footer"
  if (trimmed.length <= 400 && legend.test(trimmed)) return "legend"
  if (trimmed.length <= 80 && blankPage.test(trimmed)) return "blank_page"
  if (trimmed.length <= 30 && detachedNumbers.test(trimmed)) return "numbering"
  if (repeated.has(shape(trimmed))) return "footer"
  return null
}

/** The page that holds `offset`; page 1 when the extractor gave no pages. */
export const pageAt = (extracted: Extracted, offset: number): number => {
  const pages = extracted.pages
  let low = 0
  let high = pages.length - 1
  let found = pages.length > 0 ? pages[0].page : 1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (pages[middle].start <= offset) {
      found = pages[middle].page
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return found
}

/** Offsets where a new page starts (other than the first), to tell when a block straddles one. */
export const pageBreaks = (extracted: Extracted): ReadonlyArray<number> => extracted.pages.slice(1).map((page) => page.start)

export const straddlesPage = (breaks: ReadonlyArray<number>, start: number, end: number): boolean => breaks.some((offset) => offset > start && offset < end)

/**
 * Leading furniture inside a line that also holds words: "EXHIBIT 10.3 SUPPLY AGREEMENT This…",
 * "EXHIBIT 99.2 Page 1 of 3 DISTRIBUTOR…", "1      EXHIBIT 10.14". Returns how many characters to skip.
 */
export const leadingFurniture = (line: string): number => {
  let at = 0
  for (let round = 0; round < 3; round++) {
    const rest = line.slice(at)
    const spaces = rest.length - rest.trimStart().length
    const body = rest.slice(spaces)
    const label = secLabel.exec(body) ?? /^page\s{1,3}\d{1,4}\s{1,3}of\s{1,3}\d{1,4}\b/i.exec(body)
    if (label === null) break
    at += spaces + label[0].length
  }
  if (at === 0) return 0
  const rest = line.slice(at)
  return at + (rest.length - rest.trimStart().length)
}
