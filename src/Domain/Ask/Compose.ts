import { stemOf } from "./Question.js"

/** One block the asker's seat may read, as retrieval ranked it. */
export interface Passage {
  readonly contract: string
  readonly title: string
  readonly state: string
  readonly block: string
  readonly text: string
}

export interface Citation {
  readonly index: number
  readonly contract: string
  readonly title: string
  readonly block: string
  /** Verbatim words of the block: `text.includes(quote)` holds for the block as its GET shows it. */
  readonly quote: string
}

export type AnswerPiece =
  | { readonly type: "citation"; readonly citation: Citation }
  | { readonly type: "delta"; readonly text: string }

const maxQuote = 400
const scanned = 20_000

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char)

/** Where each stem starts a word of the text (lower-cased), for scoring and for centring a quote. */
const hitsIn = (text: string, stems: ReadonlyArray<string>): Array<number> => {
  const lower = text.toLowerCase()
  const hits: Array<number> = []
  for (const stem of stems) {
    for (let at = lower.indexOf(stem); at !== -1; at = lower.indexOf(stem, at + 1)) {
      if (!isWordChar(lower[at - 1])) {
        hits.push(at)
        break
      }
    }
  }
  return hits
}

/** The block's sentences as [start, end) offsets, within the part of the block that is read. */
const sentences = (text: string): ReadonlyArray<readonly [number, number]> => {
  const spans: Array<readonly [number, number]> = []
  let start = 0
  for (const match of text.slice(0, scanned).matchAll(/[.;!?](?=\s)/g)) {
    spans.push([start, match.index + 1])
    start = match.index + 1
  }
  spans.push([start, Math.min(text.length, scanned)])
  return spans
}

const isLowSurrogate = (char: string | undefined) => char !== undefined && /[\uDC00-\uDFFF]/.test(char)

/** A cut at or before `at` that splits neither a word nor a surrogate pair. */
const boundary = (text: string, at: number): number => {
  let i = at
  while (i > 0 && i < text.length && ((isWordChar(text[i - 1]) && isWordChar(text[i])) || isLowSurrogate(text[i]))) i--
  return i
}

/** A slice's ends never hold half a surrogate pair, so a quote is always well-formed text of its block. */
const whole = (quote: string) => quote.replace(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/g, "")

/** The sentence that says most about the question, trimmed to a quotable length around its first hit. */
export const bestQuote = (text: string, terms: ReadonlyArray<string>): string => {
  const stems = terms.map(stemOf)
  let best: readonly [number, number] = [0, text.length]
  let bestScore = -1
  // More of the question's words first; among equals the fuller sentence, since a heading names a topic and a clause settles it.
  for (const [start, end] of sentences(text)) {
    const score = hitsIn(text.slice(start, end), stems).length * (maxQuote + 1) + Math.min(end - start, maxQuote)
    if (score > bestScore) [best, bestScore] = [[start, end], score]
  }
  let [start, end] = best
  if (end - start > maxQuote) {
    const first = Math.min(...hitsIn(text.slice(start, end), stems).map((hit) => start + hit), end)
    start = boundary(text, Math.max(start, Math.min(first - maxQuote / 4, end - maxQuote)))
    end = boundary(text, Math.min(end, start + maxQuote))
  }
  const quote = whole(text.slice(start, end).trim())
  return quote === "" ? whole(text.slice(0, maxQuote).trim()) : quote
}

/**
 * The sentence of a block that holds the words at [start, end) (a fact's span), verbatim, cut to a
 * quotable length around them: what an answer from a fact cites.
 */
export const quoteAround = (text: string, start: number, end: number): string => {
  const [from, to] = sentences(text).find(([, sentenceEnd]) => sentenceEnd > start) ?? [0, Math.min(text.length, maxQuote)]
  let [left, right] = [from, Math.max(to, Math.min(end, text.length))]
  if (right - left > maxQuote) {
    left = boundary(text, Math.max(left, Math.min(start - maxQuote / 4, right - maxQuote)))
    right = boundary(text, Math.min(right, left + maxQuote))
    if (right <= start) right = Math.min(text.length, Math.max(end, start + 1))
  }
  const quote = whole(text.slice(left, right).trim())
  return quote === "" ? whole(text.slice(0, maxQuote).trim()) : quote
}

/**
 * The extractive answer: each passage's best sentence, quoted and cited, in rank order. Every
 * word of the answer that is not framing is a quote from a block the asker can read.
 */
export const composeAnswer = (terms: ReadonlyArray<string>, passages: ReadonlyArray<Passage>): ReadonlyArray<AnswerPiece> => {
  if (passages.length === 0) return [{ type: "delta", text: "No contract you can see speaks to that." }]
  const contracts = new Set(passages.map((passage) => passage.contract)).size
  const pieces: Array<AnswerPiece> = [{
    type: "delta",
    text: `${contracts === 1 ? "One contract" : `${contracts} contracts`} you can see ${contracts === 1 ? "speaks" : "speak"} to this:`
  }]
  passages.forEach((passage, position) => {
    const citation: Citation = {
      index: position + 1,
      contract: passage.contract,
      title: passage.title,
      block: passage.block,
      quote: bestQuote(passage.text, terms)
    }
    pieces.push({ type: "citation", citation })
    pieces.push({ type: "delta", text: `\n- ${passage.title} (${passage.contract}, ${passage.state}): "${citation.quote}" [${citation.index}]` })
  })
  return pieces
}
