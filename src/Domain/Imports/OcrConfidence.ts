import type { Extracted, OcrWord, ParsedBlock } from "./Parsed.js"
import { verificationThreshold } from "./Parsed.js"

/**
 * OCR guesses at words; a text layer states them. A block holding words OCR read is never verified
 * on the parser's word alone: its confidence is the parser's times OCR's mean confidence in those
 * words (each weighted by its length), kept under the verification threshold, so a person confirms
 * every such block before Send, the least sure first.
 */
export const ocrCeiling = Math.round((verificationThreshold - 0.01) * 100) / 100

/** The first word ending after `offset` (words are in order and do not overlap). */
const firstEndingAfter = (words: ReadonlyArray<OcrWord>, offset: number) => {
  let low = 0
  let high = words.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (words[middle]!.end <= offset) low = middle + 1
    else high = middle
  }
  return low
}

/** OCR's mean confidence in the words inside [start, end), weighted by length; undefined where OCR read none of it. */
export const ocrConfidenceOf = (words: ReadonlyArray<OcrWord>, start: number, end: number): number | undefined => {
  let weight = 0
  let sum = 0
  for (let i = firstEndingAfter(words, start); i < words.length && words[i]!.start < end; i++) {
    const length = words[i]!.end - words[i]!.start
    weight += length
    sum += length * words[i]!.confidence
  }
  return weight === 0 ? undefined : sum / weight
}

export const withOcrConfidence = (extracted: Extracted, blocks: ReadonlyArray<ParsedBlock>): ReadonlyArray<ParsedBlock> => {
  const words = extracted.ocr?.words ?? []
  if (words.length === 0) return blocks
  return blocks.map((block) => {
    const read = ocrConfidenceOf(words, block.source.start, block.source.end)
    if (read === undefined) return block
    const confidence = Math.min(ocrCeiling, Math.max(0.05, block.confidence * read))
    return { ...block, confidence: Math.round(confidence * 100) / 100 }
  })
}
