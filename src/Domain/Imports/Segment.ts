import type { BlockKind } from "../Words/Blocks.js"
import { pageAt } from "./Layout.js"
import type { Extracted, ParsedBlock } from "./Parsed.js"
import type { Piece } from "./Pieces.js"
import { paragraphs, splitInline, splitLong } from "./Pieces.js"
import { splitTitle } from "./Titles.js"
import type { HeadingStyle } from "./Reading.js"
import { confidence, headingStyle, read, signatureLike, signatureOpening } from "./Reading.js"

/**
 * Splits a text layer into blocks: headings, clauses, the signature block and the exhibits at the
 * end. Pure and deterministic: the same text always gives the same blocks. Furniture (page numbers,
 * running footers, SEC labels, legends) is dropped in `Layout`; `Pieces` finds paragraphs and cuts
 * CUAD's giant lines; here each piece gets its kind, clean text and confidence.
 */

/** No block is longer than this unless it is one sentence. */
export const blockLimit = 6000

const connector = /^(?:by and )?(?:between|and|among)\s{0,3}:?$/i
const aliasOnly = /^\(\s{0,3}["“”'][^()]{1,80}\)$/
const exhibitHeading = /^[.\s]?(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)\s{1,3}(?:[A-Z]{1,2}|\d{1,2}|[IVX]{1,4})(?:-\d{1,2})?(?![.\d])\b/i
const capsExhibit = /^[.\s]?(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)\s/
const attachmentWord = /^(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)\b|^(?:Exhibit|Schedule|Annex|Appendix|Attachment)\s/

interface Draft {
  readonly piece: Piece
  readonly text: string
  readonly candidates: ReadonlyArray<string>
  readonly dehyphenated: boolean
}

const draft = (extracted: Extracted, piece: Piece): Draft => {
  const reading = read(piece.parts.map(([start, end]) => extracted.text.slice(start, end)))
  return { piece, text: reading.text, candidates: reading.candidates, dehyphenated: reading.dehyphenated }
}

/** The two drafts as one, read from their own parts: furniture between them (a page footer) stays out. */
const joinDrafts = (extracted: Extracted, first: Draft, second: Draft): Draft =>
  draft(extracted, {
    start: first.piece.start,
    end: second.piece.end,
    parts: [...first.piece.parts, ...second.piece.parts],
    straddle: first.piece.straddle || second.piece.straddle
  })

/** Connectors ("BETWEEN:", "AND") join the next paragraph; a lone alias ('("Glamis")') joins the one before. */
const mergeFragments = (extracted: Extracted, drafts: ReadonlyArray<Draft>): ReadonlyArray<Draft> => {
  const out: Array<Draft> = []
  let pending: Draft | null = null
  for (const current of drafts) {
    let next = current
    if (pending !== null) next = joinDrafts(extracted, pending, current)
    pending = null
    if (connector.test(next.text)) {
      pending = next
      continue
    }
    const previous = out.at(-1)
    if (previous !== undefined && aliasOnly.test(next.text)) {
      next = joinDrafts(extracted, previous, next)
      out.pop()
    }
    out.push(next)
  }
  if (pending !== null) out.push(pending)
  return out
}

interface Classified extends Draft {
  readonly kind: BlockKind
  readonly heading: HeadingStyle
}

const classify = (extracted: Extracted, drafts: ReadonlyArray<Draft>): ReadonlyArray<Classified> => {
  const out: Array<Classified> = []
  let mode: "body" | "signature" | "exhibit" = "body"
  const length = extracted.text.length
  for (const current of drafts) {
    const heading = headingStyle(current.text)
    const late = current.piece.start > length * 0.5
    // After the signatures any attachment heading opens the attachments, numbered or not ("Schedule of Fees").
    const startsExhibit =
      ((exhibitHeading.test(current.text) && (current.text.length <= 150 || capsExhibit.test(current.text)) && (mode === "signature" || late)) ||
        (mode === "signature" && attachmentWord.test(current.text) && current.text.length <= 150)) && current.piece.start > length * 0.1
    if (startsExhibit) mode = "exhibit"
    if (mode === "exhibit") {
      out.push({ ...current, kind: "exhibit", heading })
      continue
    }
    if (signatureLike(current.text)) {
      if (signatureOpening.test(current.text)) mode = "signature"
      out.push({ ...current, kind: "signature_block", heading })
      continue
    }
    // After "IN WITNESS WHEREOF", short lines (names, "Authorized Signatory") belong to the signatures.
    if (mode === "signature" && current.text.length <= 200 && !/^\d{1,2}(?:\.\d{1,2})*[.)]?\s/.test(current.text)) {
      out.push({ ...current, kind: "signature_block", heading })
      continue
    }
    if (mode === "signature") mode = "body"
    out.push({ ...current, kind: heading === null ? "clause" : "heading", heading })
  }
  return out
}

/** Consecutive signature pieces are one block while they stay short: a signature page reads as one. */
const mergeSignatures = (extracted: Extracted, blocks: ReadonlyArray<Classified>): ReadonlyArray<Classified> => {
  const out: Array<Classified> = []
  for (const current of blocks) {
    const previous = out.at(-1)
    const joinable = previous !== undefined && previous.kind === "signature_block" && current.kind === "signature_block" &&
      current.piece.end - previous.piece.start <= 2000 &&
      !signatureOpening.test(current.text)
    if (joinable) {
      out.pop()
      out.push({ ...joinDrafts(extracted, previous, current), kind: "signature_block", heading: null })
    } else {
      out.push(current)
    }
  }
  return out
}

export const segment = (extracted: Extracted): ReadonlyArray<ParsedBlock> => {
  const text = extracted.text
  const pieces = paragraphs(extracted)
    .flatMap((piece) => splitInline(text, piece))
    .flatMap((piece) => splitTitle(text, piece))
    .flatMap((piece) => splitLong(text, piece, blockLimit))
  const drafts = mergeFragments(extracted, pieces.map((piece) => draft(extracted, piece)))
    // A scrap with no word of two letters ("- 3 '", "~6-") is torn furniture, not words.
    .filter((entry) => /\p{L}\p{L}/u.test(entry.text))
  return mergeSignatures(extracted, classify(extracted, drafts)).map((entry): ParsedBlock => ({
    kind: entry.kind,
    text: entry.text,
    confidence: confidence(entry.text, {
      kind: entry.kind,
      heading: entry.heading,
      straddle: entry.piece.straddle,
      dehyphenated: entry.dehyphenated,
      oversized: entry.text.length > blockLimit
    }),
    candidates: entry.candidates,
    source: { page: pageAt(extracted, entry.piece.start), start: entry.piece.start, end: entry.piece.end }
  }))
}
