import type { Contract } from "../Contract/Contract.js"
import type { Fact } from "../Words/Fact.js"
import { normalizedValue } from "../Words/FactReading.js"
import { isDay, isPositive } from "./Calendar.js"

/**
 * Which of a contract's facts its key dates come from. An import names them as the labels do
 * (`effective_date`, `expiration_date`, `renewal_term`, `notice_period`); a template names its own
 * term (`initial_term`, `subscription_term`, …), and two templates renew by their words rather than
 * by a fact: those words are ours, so the rule is written here with the clause it reads.
 */

/** Where a key date came from: a fact (its id and name), or a clause of the words (its block). */
export type Source =
  | { readonly fact: string; readonly name: string; readonly value: string | number }
  | { readonly block: string; readonly words: string }

export interface Reading<A> {
  readonly value: A
  readonly from: ReadonlyArray<Source>
}

const startNames = ["effective_date", "agreement_date"]
/** The contract's own term, in the order a template or an import names it; never a confidentiality or payment period. */
const termNames = ["initial_term", "subscription_term", "term", "engagement_term", "duration"]

/** Templates whose words renew the contract: for successive one-year periods, or for periods of the term's own length. */
const templateRenewals: Record<string, { readonly period: "P1Y" | "term"; readonly words: RegExp }> = {
  tpl_master_services: { period: "P1Y", words: /renews for successive one-year periods/ },
  tpl_saas_subscription: { period: "term", words: /renews automatically for successive periods of the same length/ }
}

/** The notice fact that is notice against a renewal: an import's `notice_period`, or a template's (the Consulting and NDA notices end the contract at any time). */
const renewalNotices: Record<string, string> = { tpl_master_services: "notice_period", tpl_saas_subscription: "renewal_notice" }

const sourceOf = (fact: Fact): Source => ({ fact: fact.id, name: fact.name, value: fact.value })

const readingOf = (contract: Contract, fact: Fact | undefined): Reading<string> | null => {
  if (fact === undefined || fact.missing) return null
  const value = normalizedValue(fact, contract.facts)
  return value === null ? null : { value, from: [sourceOf(fact)] }
}

const named = (contract: Contract, names: ReadonlyArray<string>, kinds: ReadonlyArray<string>) =>
  names.flatMap((name) => contract.facts.filter((fact) => fact.name === name && kinds.includes(fact.kind)))

const firstReading = (contract: Contract, facts: ReadonlyArray<Fact>, accept: (value: string) => boolean) => {
  for (const fact of facts) {
    const reading = readingOf(contract, fact)
    if (reading !== null && accept(reading.value)) return reading
  }
  return null
}

export interface Roles {
  readonly start: Reading<string> | null
  /** An end date as written (or counted by the words), or `perpetual`. */
  readonly expiration: Reading<string> | null
  readonly initialTerm: Reading<string> | null
  readonly renewalTerm: Reading<string> | null
  readonly noticePeriod: Reading<string> | null
}

const renewalOf = (contract: Contract, initialTerm: Reading<string> | null): Reading<string> | null => {
  const fact = firstReading(contract, named(contract, ["renewal_term"], ["term", "date"]), isPositive)
  if (fact !== null) return fact
  const rule = contract.template === null ? undefined : templateRenewals[contract.template]
  const block = rule === undefined ? undefined : contract.blocks.find((b) => rule.words.test(b.text))
  if (rule === undefined || block === undefined) return null
  const words: Source = { block: block.id, words: rule.words.source }
  if (rule.period === "P1Y") return { value: "P1Y", from: [words] }
  return initialTerm === null ? null : { value: initialTerm.value, from: [words, ...initialTerm.from] }
}

export const rolesOf = (contract: Contract): Roles => {
  const start = firstReading(contract, named(contract, startNames, ["date"]), isDay)
  const expiration = firstReading(contract, named(contract, ["expiration_date"], ["date"]), (v) => isDay(v) || v === "perpetual")
  const initialTerm = firstReading(contract, named(contract, termNames, ["term"]), isPositive)
  const renewalTerm = renewalOf(contract, initialTerm)
  const noticeName = contract.template === null ? "notice_period" : renewalNotices[contract.template]
  const noticePeriod = noticeName === undefined
    ? null
    : firstReading(contract, named(contract, [noticeName], ["notice", "term"]), isPositive)
  return { start, expiration, initialTerm, renewalTerm, noticePeriod }
}
