import type { BlockKind } from "../Words/Blocks.js"

/**
 * How a raw span reads as words, and how sure the parser is of that reading. Cleaning collapses
 * whitespace and joins a word the converter broke at a line end ("obliga-\ntion"); it never
 * changes a word otherwise, so a fact read off the clean text is the document's own words.
 */

/** A hyphen at a line end between two lower-case letters: the only break joined back, and only as a reading. */
const brokenWord = /([a-z])-[ \t]{0,40}\r?\n[ \t]{0,200}([a-z])/g

export const collapse = (raw: string): string => raw.replace(/\s+/g, " ").trim()

export interface Reading {
  readonly text: string
  readonly candidates: ReadonlyArray<string>
  readonly dehyphenated: boolean
}

export const read = (raws: ReadonlyArray<string>): Reading => {
  const joined = raws.join("\n")
  const plain = collapse(raws.map(collapse).join(" "))
  const mended = collapse(raws.map((raw) => collapse(raw.replace(brokenWord, "$1$2"))).join(" "))
  const candidates = [...new Set([mended, plain, joined])].filter((candidate) => candidate.length > 0)
  return { text: mended, candidates, dehyphenated: mended !== plain }
}

const redaction = /\*\s?\*\s?\*|\[\s?\*\s?\]|\[\s?•\s?\]|\[\s?_{2,}\s?\]|\[REDACTED\]/i
const splitOrdinal = /\b\d{1,2}(?:s t|n d|r d|t h)\b/
const letterSpaced = /\b(?:[A-Za-z] ){3,}[A-Za-z]\b/
// Control characters in a text layer are extraction damage, never words.
// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFD]/
const mojibake = /Ã.|Â|â€/
const garbage = /<<|>>|\b\d+[A-Z]\d{2,}|\b[A-Z]\d[A-Z]\d\b/
const signatureLabels = /\b(?:By|Name|Title|Date|Its|Per)\s?:/g

export type HeadingStyle = "caps" | "numbered" | "title" | null

const smallWords = new Set(["of", "and", "the", "for", "to", "in", "on", "a", "an", "or", "with", "by", "its", "as", "at", "upon", "from"])
const verbs = /\b(?:shall|will|may|must|is|are|agrees?|means)\b/i

/** Whether a short paragraph reads as a heading, and on what evidence. */
export const headingStyle = (text: string): HeadingStyle => {
  if (text.length > 120 || text.length < 2) return null
  const words = text.split(" ")
  if (words.length > 14 || /[,;]$/.test(text)) return null
  if (!/[A-Za-z]{2}/.test(text)) return null
  if (!/[a-z]/.test(text) && /[A-Z]{2}/.test(text) && !/\.\s\S+\s\S+\s\S+.*\./.test(text)) return "caps"
  if (verbs.test(text) || /:$/.test(text)) return null
  const body = /^(?:\d{1,2}(?:\.\d{1,2}){0,3}[.)]?|[A-Z][.)]|ARTICLE\s\S+|Article\s\S+|Section\s\S+)\s(.*)$/.exec(text)
  const title = body === null ? text : body[1]
  const titleWords = title.replace(/[.:]$/, "").split(" ").filter((word) => /[A-Za-z]/.test(word))
  if (titleWords.length === 0 || titleWords.length > 10 || /\.\s/.test(title)) return null
  const capitalised = titleWords.filter((word) => /^[("“]?[A-Z0-9]/.test(word) || smallWords.has(word.toLowerCase())).length
  if (capitalised < titleWords.length) return null
  return body === null ? "title" : "numbered"
}

/** How a signature page opens. */
export const signatureOpening = /^(?:IN WITNESS WHEREOF|Intending to be legally bound|AGREED AND ACCEPTED|ACCEPTED AND AGREED)/i

export const signatureLike = (text: string): boolean => {
  if (signatureOpening.test(text)) return true
  const labels = text.match(signatureLabels)?.length ?? 0
  return (labels >= 2 && text.length < 1500) || (labels >= 1 && text.length < 200) || (/\/s\//.test(text) && text.length < 400)
}

export interface Evidence {
  readonly kind: BlockKind
  readonly heading: HeadingStyle
  readonly straddle: boolean
  readonly dehyphenated: boolean
  /** Longer than the split limit and could not be cut at a sentence end. */
  readonly oversized: boolean
}

/**
 * Confidence that the text is the document's words and the kind is right. A clean, well-delimited
 * clause starts at 0.95; each artifact takes some off, so one doubt keeps most clauses verified
 * (over 0.85) while an artifact that touches the words (redaction, split ordinals, control
 * characters) or a guessed kind puts the block under the threshold. A sentence joined across a
 * page break is one doubt (0.87 when clean): the join needs the sentence to run on, and the
 * calibration (scripts/evalImports/blocks.ts) finds such joins right about as often as blocks
 * without a final full stop.
 */
export const confidence = (text: string, evidence: Evidence): number => {
  let score = 0.95
  if (evidence.kind === "heading") score = evidence.heading === "title" ? (text.split(" ").length <= 5 ? 0.88 : 0.8) : 0.93
  // A heading is a title: capitals running past 60 characters or past a full stop are a legend or a
  // clause in capitals cut short more often than a heading (measured: right 4 times in 10).
  if (evidence.kind === "heading" && evidence.heading === "caps" && (text.length > 60 || /[A-Z]{2}\.\s[A-Z]{2}/.test(text))) score = 0.75
  if (evidence.kind === "signature_block") score = signatureOpening.test(text) || (text.match(signatureLabels)?.length ?? 0) >= 2 ? 0.92 : 0.8
  if (evidence.kind === "clause") {
    if (text.length < 25) score -= 0.3
    else if (text.length < 60 && !/[.;:]$/.test(text)) score -= 0.15
    if (text.length >= 25 && !/[.;:!?)"”'\]]$/.test(text)) score -= 0.08
    if (/^[a-z]/.test(text)) score -= 0.12
  }
  if (redaction.test(text)) score -= 0.15
  if (splitOrdinal.test(text) || letterSpaced.test(text)) score -= 0.15
  if (controls.test(text)) score -= 0.25
  if (mojibake.test(text)) score -= 0.1
  if (garbage.test(text)) score -= 0.2
  if (evidence.straddle) score -= 0.08
  if (evidence.dehyphenated) score -= 0.05
  if (evidence.oversized) score -= 0.2
  return Math.round(Math.min(1, Math.max(0.05, score)) * 100) / 100
}
