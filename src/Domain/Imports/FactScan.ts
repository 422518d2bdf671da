import type { FactKind } from "../Words/Fact.js"
import type { InferredFact, ParsedBlock } from "./Parsed.js"

/** What the fact rules share: where a value sits in the blocks, and how to look around it. */

export type Block = Pick<ParsedBlock, "kind" | "text">

export interface Hit {
  readonly block: number
  readonly start: number
  readonly end: number
}

/**
 * Blocks read as one text, a newline between each, for rules whose patterns run across blocks (a
 * preamble over several lines, a signature page). `hitAt` maps a span of that text back to a hit in
 * the block it starts in (numbered from `first`, where the blocks sit in the document), which may end
 * past that block's words.
 */
export const joinBlocks = (
  blocks: ReadonlyArray<Block>,
  first = 0
): { readonly text: string; readonly offsets: ReadonlyArray<number>; readonly hitAt: (start: number, end: number) => Hit } => {
  const offsets: Array<number> = []
  blocks.forEach((_, index) => offsets.push(index === 0 ? 0 : offsets[index - 1] + blocks[index - 1].text.length + 1))
  const hitAt = (start: number, end: number): Hit => {
    const block = offsets.findLastIndex((offset) => offset <= start)
    return { block: first + block, start: start - offsets[block], end: end - offsets[block] }
  }
  return { text: blocks.map((block) => block.text).join("\n"), offsets, hitAt }
}

const maxSpans = 100

const spansOf = (blocks: ReadonlyArray<Block>, value: string): InferredFact["spans"] => {
  const spans: Array<{ block: number; start: number; end: number }> = []
  blocks.forEach((block, index) => {
    for (let at = block.text.indexOf(value); at !== -1 && spans.length < maxSpans; at = block.text.indexOf(value, at + value.length)) {
      spans.push({ block: index, start: at, end: at + value.length })
    }
  })
  return spans
}

export const fact = (blocks: ReadonlyArray<Block>, name: string, label: string, kind: FactKind, hit: Hit): InferredFact | null => {
  const value = blocks[hit.block].text.slice(hit.start, hit.end).trim()
  if (value.length === 0) return null
  const spans = spansOf(blocks, value)
  return spans.length === 0 ? null : { name, label, kind, value, spans }
}

/** The opening blocks: title, parties and date, before recitals or the first numbered section. */
export const preambleEnd = (blocks: ReadonlyArray<Block>): number => {
  let end = 0
  let clauses = 0
  for (; end < Math.min(blocks.length, 10); end++) {
    const text = blocks[end].text
    if (end > 0 && clauses > 0 && /^(?:(?:[A-Z]\.\s)?WHEREAS|Whereas|RECITALS|BACKGROUND|ARTICLE|1\.|1\)|\(A\)|NOW)/.test(text)) break
    if (blocks[end].kind === "clause") clauses++
    if (clauses >= 3) {
      end++
      break
    }
  }
  return Math.max(1, end)
}

/** All matches of a global pattern in a block range, in document order. */
export const scan = (blocks: ReadonlyArray<Block>, pattern: RegExp, from = 0, to = blocks.length, group = 0): Array<Hit> => {
  const hits: Array<Hit> = []
  for (let index = from; index < to; index++) {
    const text = blocks[index].text
    for (const match of text.matchAll(pattern)) {
      const value = match[group]
      if (value === undefined) continue
      const start = match.index + (group === 0 ? 0 : match[0].lastIndexOf(value))
      hits.push({ block: index, start, end: start + value.length })
    }
  }
  return hits
}

export const before = (blocks: ReadonlyArray<Block>, hit: Hit, size: number): string => blocks[hit.block].text.slice(Math.max(0, hit.start - size), hit.start)
export const after = (blocks: ReadonlyArray<Block>, hit: Hit, size: number): string => blocks[hit.block].text.slice(hit.end, hit.end + size)

/**
 * The sentence around `at`, at most 600 characters either side. The full stops are looked for only
 * within those 600, so a block of many hits and no full stop is read in linear time, not quadratic.
 */
export const sentenceAround = (text: string, at: number): readonly [number, number] => {
  const from = Math.max(0, at - 600)
  const back = text.slice(from, at + 2).lastIndexOf(". ")
  const ahead = text.slice(at, at + 601).indexOf(". ")
  return [back === -1 ? from : Math.max(from + back + 1, at - 600), ahead === -1 || ahead > 599 ? Math.min(text.length, at + 600) : at + ahead + 1]
}
