import type { Contract } from "../../../src/Domain/Contract/Contract.js"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import { passTime } from "../../../src/Domain/Deadlines/PassTime.js"
import { masterServices } from "../../../src/Domain/Templates/MasterServices.js"
import { rowsFor } from "../../../src/Domain/Views/Attention.js"
import { draftFromTemplate } from "../../../src/Domain/Templates/Drafting.js"
import type { Template } from "../../../src/Domain/Templates/Template.js"
import { replaceFactValue } from "../../../src/Domain/Words/Fact.js"
import { ada, ok, world } from "../fixtures.js"

/** A contract drafted from `template` and taken as executed at `executedAt`: the schedule reads only its facts, words and state. */
export const executedFrom = (template: Template, facts: Record<string, string>, executedAt = "2026-01-15T10:00:00.000Z"): Contract => {
  const drafted = ok(draftFromTemplate({ id: asId("con", "con_dl"), mode: "test", actor: ada, template, facts, ...world() })).contract
  return { ...drafted, state: "executed", executed_at: executedAt }
}

/** The fact named `name` given a new value, its words following, as an edit or an amendment would. */
export const withFact = (contract: Contract, name: string, value: string): Contract => {
  const fact = contract.facts.find((f) => f.name === name)!
  const changed = replaceFactValue(contract.blocks, contract.facts, fact.id, value)
  return { ...contract, blocks: changed.blocks, facts: changed.facts }
}

/** Time passing to each instant in turn: the events every write appended, and the contract after. */
export const passEach = (contract: Contract, instants: ReadonlyArray<string>) => {
  let current = contract
  const events: Array<{ readonly type: string; readonly data: Record<string, unknown> }> = []
  for (const now of instants) {
    const decided = passTime(current, { now })
    if (decided === null) continue
    events.push(...decided.events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown> })))
    current = decided.contract
  }
  return { contract: current, events }
}

/** A yearly Master Services Agreement from 1 February 2026, executed: notice against its renewal is due by 2026-11-03. */
export const executedMsa = () =>
  executedFrom(masterServices, {
    customer: "Acme Ltd",
    supplier: "Beta LLC",
    effective_date: "1 February 2026",
    liability_cap: "$100,000",
    initial_term: "one (1) year"
  })

export const day = (date: string) => `${date}T00:00:00.000Z`

/** The `deadline` rows of the drafter's feed. */
export const deadlineRows = (contract: Contract) => rowsFor(contract, contract.parties[0]!).filter((row) => row.kind === "deadline")
