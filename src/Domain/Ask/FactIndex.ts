import type { Fact } from "../Words/Fact.js"
import { normalizedValue } from "../Words/FactReading.js"
import { readMoney } from "../Playbooks/ReadMoney.js"

/**
 * One row of the fact index `POST /ask` filters with (migration 0021): a fact, the block it first
 * stands in, whether that block speaks of renewal, and the fact's reading (an ISO date,
 * `perpetual` or a duration). Computed when the contract is saved, so a question over ten thousand
 * contracts compares stored columns instead of reading words.
 */
export interface FactIndexRow {
  readonly fact_id: string
  readonly name: string
  readonly kind: string
  readonly value: string
  readonly block_id: string | null
  readonly in_renewal: boolean
  readonly reading: string | null
  /** A money fact's sums, when they are all in one currency: the smallest and the largest, so a question compares columns. */
  readonly currency: string | null
  readonly amount_min: number | null
  readonly amount_max: number | null
}

const sumsOf = (fact: Fact): Pick<FactIndexRow, "currency" | "amount_min" | "amount_max"> => {
  const sums = fact.kind === "money" ? readMoney(String(fact.value)) : []
  const currencies = new Set(sums.map((sum) => sum.unit))
  if (sums.length === 0 || currencies.size !== 1) return { currency: null, amount_min: null, amount_max: null }
  const values = sums.map((sum) => sum.value)
  return { currency: sums[0]!.unit, amount_min: Math.min(...values), amount_max: Math.max(...values) }
}

/** The index's columns and their SQL types, for the save's statement and the migration's backfill. */
export const factColumns: ReadonlyArray<readonly [string, string]> = [
  ["contract_id", "text"],
  ["fact_id", "text"],
  ["mode", "text"],
  ["name", "text"],
  ["kind", "text"],
  ["value", "text"],
  ["block_id", "text"],
  ["in_renewal", "boolean"],
  ["reading", "text"],
  ["currency", "text"],
  ["amount_min", "numeric"],
  ["amount_max", "numeric"]
]

const renewalWords = /renew/i

export const factIndexRows = (contract: {
  readonly facts: ReadonlyArray<Fact>
  readonly blocks: ReadonlyArray<{ readonly id: string; readonly text: string }>
}): ReadonlyArray<FactIndexRow> => {
  const texts = new Map(contract.blocks.map((block) => [block.id, block.text]))
  return contract.facts.map((fact) => {
    const block = fact.spans[0]?.block ?? null
    return {
      fact_id: fact.id,
      name: fact.name,
      kind: fact.kind,
      value: String(fact.value).toWellFormed(),
      block_id: block,
      in_renewal: block !== null && renewalWords.test(texts.get(block) ?? ""),
      reading: normalizedValue(fact, contract.facts),
      ...sumsOf(fact)
    }
  })
}

/** Whether a save must rewrite a contract's fact rows: a fact changed, or a block a fact stands in did (a reading or renewal mark may follow it). */
export const factsChanged = (
  previous: { readonly facts: ReadonlyArray<Fact>; readonly blocks: ReadonlyArray<{ readonly id: string; readonly text: string }> } | null,
  next: { readonly facts: ReadonlyArray<Fact>; readonly blocks: ReadonlyArray<{ readonly id: string; readonly text: string }> }
): boolean => {
  if (previous === null) return next.facts.length > 0
  if (previous.facts !== next.facts) {
    const before = new Map(previous.facts.map((fact) => [fact.id, fact]))
    const changed = next.facts.some((fact) => {
      const old = before.get(fact.id)
      return old === undefined || old.value !== fact.value || old.spans[0]?.block !== fact.spans[0]?.block
    })
    if (changed) return true
  }
  const texts = new Map(previous.blocks.map((block) => [block.id, block.text]))
  const holding = new Set(next.facts.map((fact) => fact.spans[0]?.block))
  return next.blocks.some((block) => holding.has(block.id) && texts.get(block.id) !== block.text)
}
