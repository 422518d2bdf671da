import type { Contract } from "../Contract/Contract.js"
import { replaceFactValue } from "../Words/Fact.js"
import type { Ask, Change, Decision } from "./AsksAndLetters.js"
import { requiredNegotiators } from "../Contract/Parties.js"
import type { LetterId } from "../Contract/Ids.js"

const blockText = (contract: Contract, block: string) => contract.blocks.find((b) => b.id === block)?.text ?? ""

const touches = (ask: Ask, blocks: ReadonlyArray<string>) => ask.changes.some((change) => blocks.includes(change.block))

/** The changes a grouped fact change makes, read off the words as they stand now. */
export const factChanges = (contract: Contract, factId: string, value: string | number): ReadonlyArray<Change> => {
  const next = replaceFactValue(contract.blocks, contract.facts, factId, value)
  return next.blocksTouched.map((block) => ({
    block,
    standing: blockText(contract, block),
    proposed: next.blocks.find((b) => b.id === block)!.text
  }))
}

/** The asks a decision would open, or why it can no longer apply (it is then re-asked). */
const openedBy = (contract: Contract, decision: Decision, letterId: LetterId): Ask | null => {
  const awaiting = requiredNegotiators(contract).map((p) => p.id).filter((id) => id !== decision.party)
  const base = {
    id: decision.opens!,
    why: decision.why,
    proposer: decision.party,
    agreed: [decision.party],
    awaiting,
    state: "open" as const,
    opened_in: letterId,
    closed_in: null,
    voided_by: null
  }
  const open = contract.asks.filter((ask) => ask.state === "open")
  if (decision.fact !== null) {
    const changes = factChanges(contract, decision.fact.id, decision.fact.value)
    if (changes.length === 0 || open.some((ask) => touches(ask, changes.map((c) => c.block)))) return null
    return { ...base, type: "grouped", block: changes[0]!.block, changes, fact: decision.fact }
  }
  const answered = decision.ask === null ? undefined : contract.asks.find((ask) => ask.id === decision.ask)
  if (answered !== undefined && answered.type === "grouped" && answered.fact !== null) {
    const value = decision.type === "decline" ? null : decision.text!
    const changes = value === null
      ? answered.changes.map((c) => ({ ...c, proposed: blockText(contract, c.block) }))
      : factChanges(contract, answered.fact.id, value)
    return { ...base, type: "grouped", block: answered.block, changes, fact: value === null ? null : { id: answered.fact.id, value } }
  }
  const block = answered?.block ?? decision.block!
  if (answered === undefined && open.some((ask) => touches(ask, [block]))) return null
  const standing = blockText(contract, block)
  const proposed = decision.type === "decline" ? standing : decision.text!
  return { ...base, type: "replace", block, changes: [{ block, standing, proposed }], fact: null }
}

export const withAsk = (contract: Contract, ask: Ask): Contract => ({
  ...contract,
  asks: contract.asks.some((a) => a.id === ask.id) ? contract.asks.map((a) => (a.id === ask.id ? ask : a)) : [...contract.asks, ask]
})

/** One staged decision applied to the asks, or null when a concurrent letter left it nothing to apply to. */
export const applyDecision = (contract: Contract, decision: Decision, letterId: LetterId): { contract: Contract; opened: Ask | null } | null => {
  const answered = decision.ask === null ? undefined : contract.asks.find((ask) => ask.id === decision.ask)
  if (decision.ask !== null && (answered === undefined || answered.state !== "open")) return null
  if (decision.type === "accept") {
    const ask = answered!
    if (!ask.awaiting.includes(decision.party)) return { contract, opened: null }
    return {
      contract: withAsk(contract, { ...ask, agreed: [...ask.agreed, decision.party], awaiting: ask.awaiting.filter((p) => p !== decision.party) }),
      opened: null
    }
  }
  const opened = openedBy(contract, decision, letterId)
  if (opened === null) return null
  // A counter resets the unanimity window: the answered ask is void, with every accept it had.
  const voided = answered === undefined ? contract : withAsk(contract, { ...answered, state: "voided", closed_in: letterId, voided_by: opened.id })
  return { contract: withAsk(voided, opened), opened }
}
