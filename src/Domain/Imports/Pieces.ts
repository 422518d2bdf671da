import { layoutReason, leadingFurniture, pageBreaks, pageEdgeFurniture, repeatedFurniture, splitLines, straddlesPage } from "./Layout.js"
import type { Extracted } from "./Parsed.js"
import { documentNoun, legend, words } from "./TitleWords.js"

/**
 * A stretch of the text layer read as one block: `start`/`end` bound the raw span, `parts` the
 * pieces of it that hold words (more than one when furniture sat inside, e.g. a footer between two
 * halves of a clause that runs over a page break).
 */
export interface Piece {
  readonly start: number
  readonly end: number
  readonly parts: ReadonlyArray<readonly [number, number]>
  /** Joined across a page break or removed furniture: the join is a guess. */
  readonly straddle: boolean
}

export const single = (start: number, end: number): Piece => ({ start, end, parts: [[start, end]], straddle: false })

/** Trims whitespace off both ends of [start, end) in `text`. */
export const tighten = (text: string, start: number, end: number): readonly [number, number] | null => {
  let from = start
  let to = end
  while (from < to && /\s/.test(text[from])) from++
  while (to > from && /\s/.test(text[to - 1])) to--
  return from < to ? [from, to] : null
}

/** A line that opens a new section: "1.", "2.1", "(a)", "A.", "ARTICLE 4", "Section 3". */
export const sectionStart = /^(?:\d{1,3}(?:\.\d{1,3}){0,3}[.)]?\s|\([a-z0-9]{1,4}\)\s|[A-Z][.)]\s|ARTICLE\s|Article\s\d|SECTION\s|Section\s\d)/
const terminal = /[.;:!?)"”'\]]$/
const shortCaps = (line: string): boolean => line.length <= 80 && /[A-Z]/.test(line) && !/[a-z]/.test(line)

const attachmentLine = /^(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)\b|^(?:Exhibit|Schedule|Annex|Appendix|Attachment)\s{1,3}[A-Z0-9]{1,4}\b/
/** After signature lines any line opening with an attachment's name starts the attachments ("Schedule of Fees"). */
const attachmentWord = /^(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT|Exhibit|Schedule|Annex|Appendix|Attachment)\b/
const signatureLine = /^(?:By|Name|Title|Date|Its)\s{0,3}:|^IN WITNESS WHEREOF|\/s\//i

const capsSmallWord = /^(?:THE|OF|TO|AND|OR|IN|ON|FOR|BY|WITH|THIS|THAT|ANY|AN|AS|AT|FROM|SUCH|IS|ARE|BE|SHALL|WILL|MAY|NOT|ITS|ALL)$/

/**
 * Whether a paragraph that follows `previous` after a page break or dropped furniture goes on with
 * its sentence: the words before the break end mid-sentence in running text (not a heading), and
 * what follows opens no section, heading or attachment. A lower-case start goes on after any gap.
 */
const runsOn = (text: string, previous: Piece, body: string, acrossBreak: boolean): boolean => {
  const lastWords = text.slice(previous.parts.at(-1)![0], previous.end)
  if (terminal.test(lastWords)) return false
  if (/^[a-z]/.test(body)) return true
  if (!acrossBreak || previous.end - previous.start < 80) return false
  const lastLine = lastWords.slice(lastWords.lastIndexOf("\n") + 1).trim()
  // A sentence cut mid-way ends on a small word ("the", "shall") or a comma, or on a defined term
  // ("the Disclosing Party") in running prose; not on a date, a number or a line of names.
  const lastWord = /\S{1,40}$/.exec(lastLine)?.[0] ?? ""
  const prose = (lastLine.match(/(?:^|\s)[a-z]{2,}\b/g)?.length ?? 0) >= 4
  // A clause in capitals (a disclaimer) cut on a small word: "… RELATING TO THIS" then "AGREEMENT …".
  if (capsSmallWord.test(lastWord) && lastLine.split(" ").length >= 6 && !/[a-z]/.test(lastLine)) {
    return /^[A-Z"“(]/.test(body) && !sectionStart.test(body) && !attachmentLine.test(body) && !/^(?:WHEREAS|IN WITNESS|NOW,? THEREFORE)/.test(body)
  }
  if (!/^[a-z]/.test(lastWord) && !/,$/.test(lastWord) && !(prose && /^[A-Z][a-z]/.test(lastWord))) return false
  // A number then lower case ("10 were determined") is a reference going on, not a section opening.
  const section = sectionStart.test(body) && !/^\d{1,3}(?:\.\d{1,3}){0,3}\s{1,3}[a-z]/.test(body)
  return !shortCaps(lastLine) && !signatureLine.test(lastLine) && /^[A-Za-z0-9"“(]/.test(body) && !section && !shortCaps(body) &&
    !attachmentLine.test(body) && !/^(?:WHEREAS|IN WITNESS|NOW,? THEREFORE)/i.test(body)
}

/** A line that names a document ("MASTER OPERATION AND MAINTENANCE AGREEMENT"), not a page's legend or a source line. */
const runningTitle = (line: string): boolean =>
  documentNoun.test(line) && !legend.test(line) && !/^source\s?:/i.test(line) && words(line.replace(/\s+/g, " ")).length <= 12

/** A blank line follows: a title set apart on its page, where a page's header runs straight into the page's words. */
const standsAlone = (text: string, end: number): boolean => /^[ \t]*\r?\n[ \t]*\r?\n/.test(text.slice(end, end + 200))

/** Words stand above `offset` on its page. */
const wordsAbove = (extracted: Extracted, offset: number): boolean => {
  const page = extracted.pages.findLast((candidate) => candidate.start <= offset)
  return /\S/.test(extracted.text.slice(page?.start ?? 0, offset))
}

const preambleBefore = (text: string, pieces: ReadonlyArray<Piece>): boolean =>
  pieces.some((piece) => /\b(?:between|among|entered\s+into|is\s+made|WHEREAS)\b/i.test(text.slice(piece.start, piece.end)))

/**
 * Paragraphs: lines between blank lines and furniture. A line opening a numbered section after a
 * finished sentence also starts a paragraph (PDF text joins a page's lines with one "\n"), and a
 * short ALL-CAPS first line is a heading on its own. A sentence cut by a page break (and the page
 * footer and header between) is one paragraph again, made of the parts on either side.
 */
export const paragraphs = (extracted: Extracted): ReadonlyArray<Piece> => {
  const text = extracted.text
  const lines = splitLines(text)
  const repeated = new Set([...repeatedFurniture(lines), ...pageEdgeFurniture(extracted, lines)])
  const breaks = pageBreaks(extracted)
  const out: Array<Piece> = []
  // `signed`: the paragraph holds signature lines, so an attachment heading after them starts the attachment.
  let current: { start: number; end: number; lines: number; lastLine: string; before: Piece | null; signed: boolean } | null = null
  let furnitureSince = false
  let titleKept = false
  const close = () => {
    if (current !== null) {
      const before = current.before
      out.push(
        before === null
          ? single(current.start, current.end)
          : { start: before.start, end: current.end, parts: [...before.parts, [current.start, current.end]], straddle: true }
      )
      furnitureSince = false
    }
    current = null
  }
  for (const line of lines) {
    const trimmed = line.text.trim()
    if (trimmed.length === 0) {
      close()
      continue
    }
    const reason = layoutReason(trimmed, repeated)
    if (
      reason === "footer" && !titleKept && line.start < 3000 && runningTitle(trimmed) && standsAlone(text, line.end) &&
      wordsAbove(extracted, line.start) && !preambleBefore(text, out)
    ) {
      // A running header that repeats the title: its first showing, set apart on the cover below its first words and
      // before the preamble, is the title. At the page's top edge it is the header.
      titleKept = true
    } else if (reason !== null) {
      close()
      furnitureSince = true
      continue
    }
    const skip = leadingFurniture(line.text)
    const range = tighten(text, line.start + skip, line.end)
    if (range === null) continue
    const body = text.slice(range[0], range[1])
    const startsOwn = current !== null &&
      ((sectionStart.test(body) && terminal.test(current.lastLine)) || (current.lines === 1 && shortCaps(current.lastLine) && !shortCaps(body)) ||
        (attachmentLine.test(body) && terminal.test(current.lastLine)) || (current.signed && attachmentWord.test(body)) ||
        straddlesPage(breaks, current.end, range[0]))
    if (current !== null && startsOwn) close()
    if (current === null) {
      const previous = out.at(-1)
      const acrossBreak = previous !== undefined && (furnitureSince || straddlesPage(breaks, previous.end, range[0]))
      if (previous !== undefined && range[1] - previous.start <= 6000 && runsOn(text, previous, body, acrossBreak)) {
        out.pop()
        current = { start: range[0], end: range[1], lines: 1, lastLine: body, before: previous, signed: signatureLine.test(body) }
        continue
      }
      current = { start: range[0], end: range[1], lines: 1, lastLine: body, before: null, signed: signatureLine.test(body) }
    } else {
      current.end = range[1]
      current.lines++
      current.lastLine = body
      current.signed ||= signatureLine.test(body)
    }
  }
  close()
  return out
}

/** What opens a new block after a wide gap: a section number, a recital, the signature, an attachment. */
const wideOpener =
  /^(?:\d{1,2}(?:\.\d{1,2}){0,3}[.)]?\s|\([a-z]\)\s|WHEREAS|NOW,?\.?\s?THEREFORE|IN WITNESS|ARTICLE\s|SECTION\s\d|EXHIBIT\s|SCHEDULE\s|ANNEX\s|APPENDIX\s|RECITALS|BACKGROUND)/
const inlineSection = /[.;:)"”]\s{1,2}(?=(?:\d{1,2}(?:\.\d{1,2}){0,2}\.?)\s{1,3}[A-Z])/g
const referenceWords = /^(?:no|nos|section|sections|sec|article|art|para|paragraph|item|clause|schedule|exhibit)\.$/i
const inlineMarker =
  /[.;:)"”]\s{1,5}(?=IN WITNESS WHEREOF|Intending to be legally bound|RECITALS\s|BACKGROUND\s|(?:[A-Z]\.\s{1,3})?WHEREAS\b|[A-Z][A-Z/&'’-]{2,}(?:\s[A-Z][A-Z/&'’-]+){0,4}:\s+[A-Z])/g
const wideGap = /\s{3,}(?=\S)/g

const plausibleNumber = (text: string): boolean => {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?/.exec(text)
  return match !== null && Number(match[1]) > 0 && Number(match[1]) <= 60 && (match[2] === undefined || Number(match[2]) <= 60)
}

/**
 * Splits a paragraph that holds several sections inline (CUAD's giant lines): before "1. …" after
 * a finished sentence, before "IN WITNESS WHEREOF"/"WHEREAS", at a narrow gap (3 to 6 spaces) the
 * converter left between sentences that were paragraphs, and after a short heading followed by a
 * gap ("2) Duties of Fazync   Fazync agrees…"). Wide gaps inside a sentence (deep indentation) are
 * followed by lower case or come after no full stop, so they stay. Sub-items "(a) … (b) …" stay together.
 */
export const splitInline = (text: string, piece: Piece): ReadonlyArray<Piece> => {
  if (piece.parts.length > 1) return [piece]
  const raw = text.slice(piece.start, piece.end)
  const fixed: Array<number> = []
  if (raw.length > 200) {
    for (const match of raw.matchAll(inlineSection)) {
      const at = match.index + match[0].length
      // "NO. 1", "Section 2. 3", "U.S. 5": the number belongs to the words before it.
      const before = /(\S{1,12})$/.exec(raw.slice(Math.max(0, match.index - 12), match.index + 1))?.[1] ?? ""
      if (/^[A-Z][A-Z.]*\.$/.test(before) || referenceWords.test(before)) continue
      if (plausibleNumber(raw.slice(at, at + 6))) fixed.push(at)
    }
  }
  for (const match of raw.matchAll(inlineMarker)) fixed.push(match.index + match[0].length)
  fixed.sort((a, b) => a - b)
  const cuts = new Set<number>(fixed)
  let pointer = 0
  let lastCut = 0
  for (const match of raw.matchAll(wideGap)) {
    const gapStart = match.index
    const at = gapStart + match[0].length
    while (pointer < fixed.length && fixed[pointer] < gapStart) lastCut = Math.max(lastCut, fixed[pointer++])
    const ahead = raw.slice(at, at + 40)
    const narrow = match[0].length <= 6 && !match[0].includes("\n")
    const chunk = raw.slice(lastCut, gapStart)
    const opens = wideOpener.test(ahead) && (!/^\d/.test(ahead) || plausibleNumber(ahead))
    const sentenceGap = narrow && terminal.test(chunk) && /^[A-Z(“"]/.test(ahead)
    const headingGap = narrow && chunk.length <= 80 && /^[A-Z0-9(]/.test(chunk) && !/[.;:,]$/.test(chunk) && /^[A-Z“"]/.test(ahead)
    if (opens || sentenceGap || headingGap) {
      cuts.add(at)
      lastCut = at
    }
  }
  if (cuts.size === 0) return [piece]
  const points = [0, ...[...cuts].sort((a, b) => a - b), raw.length]
  const out: Array<Piece> = []
  for (let index = 0; index + 1 < points.length; index++) {
    const range = tighten(text, piece.start + points[index], piece.start + points[index + 1])
    if (range !== null) out.push(single(range[0], range[1]))
  }
  return out
}

/** Splits a block longer than `limit` at sentence ends, else at a space; a single unbroken word that long stays whole. */
export const splitLong = (text: string, piece: Piece, limit: number): ReadonlyArray<Piece> => {
  if (piece.end - piece.start <= limit || piece.parts.length > 1) return [piece]
  const out: Array<Piece> = []
  let start = piece.start
  while (piece.end - start > limit) {
    const window = text.slice(start, start + limit)
    let cut = -1
    for (const match of window.matchAll(/[.;:]\s{1,10}(?=[A-Z(])/g)) if (match.index > limit / 4) cut = match.index + 1
    // No sentence end in reach: a run-on that long is not one sentence, so cut at a space.
    if (cut === -1) cut = window.lastIndexOf(" ") > limit / 2 ? window.lastIndexOf(" ") : -1
    if (cut === -1) break
    const range = tighten(text, start, start + cut)
    if (range !== null) out.push(single(range[0], range[1]))
    start = start + cut
  }
  const rest = tighten(text, start, piece.end)
  if (rest !== null) out.push(single(rest[0], rest[1]))
  return out
}
