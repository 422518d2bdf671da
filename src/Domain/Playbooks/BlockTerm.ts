import type { Block } from "../Words/Blocks.js"
import { type Fact, renderValue } from "../Words/Fact.js"
import { type PlaybookTerm, termOfFactName, termOfWords } from "./Terms.js"

export interface FactInBlock {
  readonly fact: Fact
  readonly term: PlaybookTerm
  readonly start: number
  readonly end: number
}

/**
 * The facts that state a term and stand where their spans say, first in the words first. A span
 * left stale by a landed replace no longer shows its value, so it no longer counts.
 */
export const termFactsIn = (blockId: string, text: string, facts: ReadonlyArray<Fact>): ReadonlyArray<FactInBlock> =>
  facts.flatMap((fact) => {
    const term = termOfFactName(fact.name)
    if (term === null) return []
    const value = renderValue(fact.value)
    return fact.spans
      .filter((span) => span.block === blockId && text.slice(span.start, span.end) === value)
      .map((span) => ({ fact, term, start: span.start, end: span.end }))
  }).sort((a, b) => a.start - b.start)

/** The term a block speaks to: by the first fact standing in it, else by its words. */
export const termOfBlock = (block: Block, facts: ReadonlyArray<Fact>): PlaybookTerm | null =>
  termFactsIn(block.id, block.text, facts)[0]?.term ?? termOfWords(block.text)

/**
 * Every term a block states, each with the value of the fact that states it (a renewal clause
 * names its renewal term and its notice); a block no fact stands in speaks to its words' term.
 */
export const readBlock = (block: Block, facts: ReadonlyArray<Fact>): ReadonlyArray<{ readonly term: PlaybookTerm; readonly factValue: string | null }> => {
  const byTerm = new Map<PlaybookTerm, string>()
  for (const found of termFactsIn(block.id, block.text, facts)) if (!byTerm.has(found.term)) byTerm.set(found.term, renderValue(found.fact.value))
  if (byTerm.size > 0) return [...byTerm].map(([term, factValue]) => ({ term, factValue }))
  const term = termOfWords(block.text)
  return term === null ? [] : [{ term, factValue: null }]
}
