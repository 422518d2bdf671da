import type { Block } from "../Words/Blocks.js"
import type { Fact } from "../Words/Fact.js"
import { readBlock } from "./BlockTerm.js"
import { quantitiesIn } from "./Quantities.js"
import { isProseOnly, type PlaybookRule, ruleFor } from "./Rule.js"
import { type PlaybookTerm, termKinds } from "./Terms.js"
import { compareAmounts } from "./Units.js"

export interface OutsideRow {
  readonly block: string
  readonly rule: string | null
  readonly term: PlaybookTerm
}

const outside = (rule: PlaybookRule, text: string, term: PlaybookTerm): boolean => {
  const found = quantitiesIn(text, termKinds[term])
  if (found.length !== 1) return false
  const amount = found[0]!
  const bound = (
    side: PlaybookRule["floor"]
  ) => (side !== null && typeof side.value === "number" && side.unit !== null ? compareAmounts(amount, { value: side.value, unit: side.unit }) : null)
  const fromFloor = bound(rule.floor)
  const fromCeiling = bound(rule.ceiling)
  return (fromFloor !== null && fromFloor < 0) || (fromCeiling !== null && fromCeiling > 0)
}

/**
 * An import's clauses whose terms the org's rules do not allow, a row per term a clause states: a
 * term with no rule at all, or one amount stated outside its rule's bounds. What cannot be read
 * is left for a person, unlisted.
 */
export const outsidePlaybook = (blocks: ReadonlyArray<Block>, facts: ReadonlyArray<Fact>, rules: ReadonlyArray<PlaybookRule>): ReadonlyArray<OutsideRow> =>
  [...blocks].filter((block) => block.kind === "clause").sort((a, b) => a.number - b.number).flatMap((block) =>
    readBlock(block, facts).flatMap((reading): ReadonlyArray<OutsideRow> => {
      const rule = ruleFor(rules, reading.term)
      if (rule === null) return [{ block: block.id, rule: null, term: reading.term }]
      if (isProseOnly(rule) || !outside(rule, reading.factValue ?? block.text, reading.term)) return []
      return [{ block: block.id, rule: rule.id, term: reading.term }]
    })
  )
