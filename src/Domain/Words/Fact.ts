import type { Block } from "./Blocks.js"
import type { FactId } from "../Contract/Ids.js"

export const factKinds = ["party", "jurisdiction", "term", "money", "date", "notice"] as const
export type FactKind = (typeof factKinds)[number]

export type FactValue = string | number

/** Where a fact's value sits in the words: `text.slice(start, end)` of the block equals the value. */
export interface Span {
  readonly block: string
  readonly start: number
  readonly end: number
}

export interface Fact {
  readonly id: FactId
  readonly name: string
  readonly label: string
  readonly kind: FactKind
  readonly value: FactValue
  readonly inferred: boolean
  readonly confirmed_by: string | null
  readonly confirmed_at: string | null
  /** A required blank left out on create: the words hold a bracketed placeholder until it is set. */
  readonly missing: boolean
  readonly spans: ReadonlyArray<Span>
}

export const renderValue = (value: FactValue): string => (typeof value === "number" ? String(value) : value)

export const occurrences = (fact: Fact): ReadonlyArray<string> => [...new Set(fact.spans.map((span) => span.block))]

interface Edit {
  readonly start: number
  readonly end: number
  readonly text: string
}

const shift = (edits: ReadonlyArray<Edit>, position: number): number =>
  edits.reduce((at, edit) => (edit.end <= position ? at + edit.text.length - (edit.end - edit.start) : at), position)

const applyEdits = (text: string, edits: ReadonlyArray<Edit>): string =>
  [...edits].sort((a, b) => b.start - a.start).reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), text)

export interface FactChange {
  readonly blocks: ReadonlyArray<Block>
  readonly facts: ReadonlyArray<Fact>
  readonly blocksTouched: ReadonlyArray<string>
}

/**
 * Rewrites every span of one fact with a new value and moves the spans of every other fact that
 * sits after an edit in the same block, so all spans keep pointing at their own words.
 */
export const replaceFactValue = (
  blocks: ReadonlyArray<Block>,
  facts: ReadonlyArray<Fact>,
  factId: string,
  value: FactValue
): FactChange => {
  const target = facts.find((fact) => fact.id === factId)!
  const text = renderValue(value)
  const editsByBlock = new Map<string, Array<Edit>>()
  for (const span of target.spans) {
    const edits = editsByBlock.get(span.block) ?? []
    edits.push({ start: span.start, end: span.end, text })
    editsByBlock.set(span.block, edits)
  }
  const moveSpan = (span: Span): Span => {
    const edits = editsByBlock.get(span.block)
    return edits === undefined ? span : { block: span.block, start: shift(edits, span.start), end: shift(edits, span.end) }
  }
  const nextBlocks = blocks.map((block) => {
    const edits = editsByBlock.get(block.id)
    return edits === undefined ? block : { ...block, text: applyEdits(block.text, edits) }
  })
  const nextFacts = facts.map((fact) => {
    if (fact.id !== factId) return { ...fact, spans: fact.spans.map(moveSpan) }
    return {
      ...fact,
      value,
      missing: false,
      spans: fact.spans.map((span) => {
        const start = shift(editsByBlock.get(span.block)!, span.start)
        return { block: span.block, start, end: start + text.length }
      })
    }
  })
  return { blocks: nextBlocks, facts: nextFacts, blocksTouched: [...editsByBlock.keys()] }
}
