import type { Actor, Contract } from "../../../src/Domain/Contract/Contract.js"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import { type Amount, type PlaybookRule } from "../../../src/Domain/Playbooks/Rule.js"
import type { PlaybookTerm } from "../../../src/Domain/Playbooks/Terms.js"
import { sendContract } from "../../../src/Domain/Negotiation/SendAndCommit.js"
import { stageDecision } from "../../../src/Domain/Negotiation/Staging.js"
import { draftFromTemplate } from "../../../src/Domain/Templates/Drafting.js"
import { masterServices } from "../../../src/Domain/Templates/MasterServices.js"
import type { Template } from "../../../src/Domain/Templates/Template.js"
import { setFact } from "../../../src/Domain/Words/FactEdits.js"
import { renderValue } from "../../../src/Domain/Words/Fact.js"
import { ada, bea, commit, member, ok, type World } from "../fixtures.js"

export const msaFacts = {
  customer: "Acme Ltd",
  supplier: "Beta LLC",
  effective_date: "1 January 2027",
  governing_law: "England and Wales",
  liability_cap: "$1,000,000"
}

/** Ada's contract from a template, sent to Bea (Bea negotiates only, unless told). */
export const sentFrom = (
  w: World,
  template: Template = masterServices,
  facts: Record<string, string> = msaFacts,
  capacity = ["negotiator", "signer"] as const
): Contract => {
  const draft = ok(draftFromTemplate({ id: asId("con", "con_1"), mode: "test", actor: ada, template, facts, ...w })).contract
  return ok(sendContract(draft, ada, {
    ...w,
    recipients: [member(bea, capacity)],
    note: null,
    confirmedBy: ada.person!.id,
    ifMatch: draft.words_hash,
    relationship: { id: "rel_1", created: true, key: "org:org_beta", org: "org_beta" }
  })).contract
}

export const factNamed = (contract: Contract, name: string) => contract.facts.find((fact) => fact.name === name)!

export const blockOfFact = (contract: Contract, name: string) => contract.blocks.find((b) => b.id === factNamed(contract, name).spans[0]!.block)!

/** The block stating a fact, with the fact's words there replaced: what a replace ask on it proposes. */
export const withFactWritten = (contract: Contract, name: string, value: string): string => {
  const fact = factNamed(contract, name)
  const block = blockOfFact(contract, name)
  const span = fact.spans.find((s) => s.block === block.id)!
  return block.text.slice(0, span.start) + value + block.text.slice(span.end)
}

/** The other side stages a counter rewriting a fact's clause, and commits it: one open replace ask awaiting Ada. */
export const proposes = (contract: Contract, w: World, name: string, value: string, actor: Actor = bea): { contract: Contract; ask: string } => {
  const block = blockOfFact(contract, name)
  const text = withFactWritten(contract, name, value)
  const staged = ok(stageDecision(contract, actor, { ...w, blockId: block.id, type: "counter", text, why: "Ours.", ifMatch: contract.words_hash }))
  return { contract: commit(staged.contract, actor, w).contract, ask: staged.result.ask }
}

/** The other side changes a fact after Send and commits it: one open grouped ask awaiting Ada. */
export const proposesFact = (contract: Contract, w: World, name: string, value: string, actor: Actor = bea): { contract: Contract; ask: string } => {
  const before = new Set(contract.asks.map((a) => a.id))
  const staged = ok(setFact(contract, actor, { ...w, factId: factNamed(contract, name).id, value, ifMatch: contract.words_hash, scopes: null }))
  const next = commit(staged.contract, actor, w).contract
  return { contract: next, ask: next.asks.find((a) => !before.has(a.id))!.id }
}

export const days = (value: number): Amount => ({ value, unit: "days" })
export const usd = (value: number): Amount => ({ value, unit: "USD" })

export const rule = (
  term: PlaybookTerm,
  bounds: { readonly floor?: Amount | null; readonly ceiling?: Amount | null; readonly preferred?: Amount | null } = {},
  id = `pbk_${term}`
): PlaybookRule => ({
  id,
  term,
  rule_text: `Our position on ${term}.`,
  floor: bounds.floor ?? null,
  ceiling: bounds.ceiling ?? null,
  preferred: bounds.preferred ?? null,
  source: "org_settings"
})

export const factValue = (contract: Contract, name: string) => renderValue(factNamed(contract, name).value)
