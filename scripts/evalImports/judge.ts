/**
 * Whether a block is what a person reading the document would accept, given the paragraphs the
 * reader sees (render.ts). A block is right when:
 * - its words, spaces and hyphens aside, are a run of the paragraphs' words that starts and ends
 *   at a sentence boundary (a paragraph's edge, after a word ending in . ; : or ), or between a
 *   heading in capitals and the words after it) — so no page header, footer or page number inside,
 *   no clause cut in two at a page break, no clause number lost;
 * - the run stays inside one paragraph, except a signature block, which may hold several short
 *   consecutive paragraphs (names, titles) of the signature page;
 * - its kind agrees on attachments: every paragraph from the first schedule, exhibit or annex
 *   heading after the signatures ("IN WITNESS WHEREOF") on is an `exhibit` block, and no
 *   paragraph before it is.
 */

export interface JudgedBlock {
  readonly kind: string
  readonly text: string
  readonly confidence: number
}

// Soft hyphens (U+00AD) print as "-" or nothing: no part of a word either way.
const squash = (text: string): string => text.replace(/[\s\-‐‑–\u00AD]/g, "")

const attachment = /^(?:EXHIBIT|SCHEDULE|ANNEX|APPENDIX|ATTACHMENT)\s{1,3}(?:[A-Z]{1,2}|\d{1,2}|[IVX]{1,4})(?:-\d{1,2})?(?![.\d])\b/i
const witness = /^IN WITNESS WHEREOF/i

export interface Truth {
  /** The paragraphs' squashed words joined, and where each token starts and ends in that string. */
  readonly squashed: string
  readonly tokenStart: ReadonlyMap<number, { readonly paragraph: number; readonly boundary: boolean }>
  readonly tokenEnd: ReadonlyMap<number, { readonly paragraph: number; readonly boundary: boolean }>
  /** Index of the first paragraph of the attachments, or null when the document has none after its signatures. */
  readonly attachmentsFrom: number | null
}

export const truthOf = (paragraphs: ReadonlyArray<string>): Truth => {
  let squashed = ""
  const tokenStart = new Map<number, { paragraph: number; boundary: boolean }>()
  const tokenEnd = new Map<number, { paragraph: number; boundary: boolean }>()
  paragraphs.forEach((paragraph, index) => {
    // Rules drawn with dashes ("--------") are no words: a word before one ends the paragraph.
    const words = paragraph.split(" ").filter((word) => squash(word) !== "")
    words.forEach((word, at) => {
      const piece = squash(word)
      if (piece === "") return
      const previous = words[at - 1]
      const next = words[at + 1]
      // A heading in capitals ends where ordinary words, a recital letter or a section number begin.
      const capsBreak = (left: string | undefined, right: string | undefined) =>
        left !== undefined && right !== undefined && !/[a-z]/.test(left) && /[A-Z]{2}/.test(left) &&
        (/^["“(]?[A-Z][a-z]/.test(right) || /^\(?(?:[A-Z]|\d{1,2}(?:\.\d{1,2}){0,2})[.)]?$/.test(right))
      // An SEC filing label ("Exhibit 10.1") at a paragraph's head is furniture: the words start after it.
      const afterLabel = at === 2 && /^ex(?:hibit)?\.?$/i.test(words[0]!) && /^\d{1,3}\.\d{1,3}$/.test(words[1]!)
      const startBoundary = previous === undefined || /[.;:)]["”]?$/.test(previous) || capsBreak(previous, word) || afterLabel
      const endBoundary = next === undefined || /[.;:)]["”]?$/.test(word) || capsBreak(word, next)
      // A later token at the same offset (an empty squash before it) keeps the earlier one's reading.
      if (!tokenStart.has(squashed.length)) tokenStart.set(squashed.length, { paragraph: index, boundary: startBoundary })
      squashed += piece
      tokenEnd.set(squashed.length, { paragraph: index, boundary: endBoundary })
    })
  })
  const signed = paragraphs.findLastIndex((paragraph) => witness.test(paragraph))
  const first = signed === -1 ? -1 : paragraphs.findIndex((paragraph, index) => index > signed && attachment.test(paragraph))
  return { squashed, tokenStart, tokenEnd, attachmentsFrom: first === -1 ? null : first }
}

export const isRight = (truth: Truth, block: JudgedBlock): boolean => {
  const words = squash(block.text)
  if (words === "") return false
  for (let at = truth.squashed.indexOf(words); at !== -1; at = truth.squashed.indexOf(words, at + 1)) {
    const start = truth.tokenStart.get(at)
    const end = truth.tokenEnd.get(at + words.length)
    if (start === undefined || end === undefined || !start.boundary || !end.boundary) continue
    if (start.paragraph !== end.paragraph && (block.kind !== "signature_block" || end.paragraph - start.paragraph > 12)) continue
    const inAttachments = truth.attachmentsFrom !== null && start.paragraph >= truth.attachmentsFrom
    const crossesIn = truth.attachmentsFrom !== null && start.paragraph < truth.attachmentsFrom && end.paragraph >= truth.attachmentsFrom
    if (crossesIn) continue
    if (truth.attachmentsFrom !== null && (block.kind === "exhibit") !== inAttachments) continue
    return true
  }
  return false
}

export interface Tally {
  blocks: number
  right: number
  verified: number
  verifiedRight: number
  wrongUnverified: number
}

export const emptyTally = (): Tally => ({ blocks: 0, right: 0, verified: 0, verifiedRight: 0, wrongUnverified: 0 })

export const tallyAt = (judged: ReadonlyArray<{ readonly right: boolean; readonly confidence: number }>, threshold: number): Tally => {
  const tally = emptyTally()
  for (const { confidence, right } of judged) {
    const verified = confidence >= threshold
    tally.blocks++
    if (right) tally.right++
    if (verified) tally.verified++
    if (verified && right) tally.verifiedRight++
    if (!verified && !right) tally.wrongUnverified++
  }
  return tally
}
