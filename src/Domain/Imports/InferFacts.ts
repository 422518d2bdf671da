import { keys } from "effect/Record"
import type { InferredFact } from "./Parsed.js"
import { importFactNames } from "./Parsed.js"
import { findPartyHits } from "./Parties.js"
import { findDates } from "./Dates.js"
import { findEndsByNotice, findPerpetual } from "./OpenEnded.js"
import type { Block, Hit } from "./FactScan.js"
import { fact, preambleEnd, scan } from "./FactScan.js"
import { findGoverning } from "./Law.js"
import { moneyPattern } from "./Patterns.js"
import { findRenewal } from "./Terms.js"
import { normalizedValue } from "../Words/FactReading.js"

/**
 * Facts read off the blocks by rule. Every value is a substring of a block's text, and its spans
 * list where it occurs, so a person can see each fact in the words. A fact the rules cannot place
 * is reported missing rather than guessed.
 */

const labels: Record<string, string> = {
  agreement_date: "Agreement date",
  effective_date: "Effective date",
  expiration_date: "Expiration date",
  renewal_term: "Renewal term",
  notice_period: "Notice period",
  governing_law: "Governing law"
}

const partyLetter = (index: number): string => String.fromCharCode(97 + index)
const maxAmounts = 5

export const inferFacts = (blocks: ReadonlyArray<Block>): { facts: ReadonlyArray<InferredFact>; missing: ReadonlyArray<string> } => {
  const facts: Array<InferredFact> = []
  findPartyHits(blocks, preambleEnd(blocks)).forEach((hit, index) => {
    const party = fact(blocks, `party_${partyLetter(index)}`, `Party ${partyLetter(index).toUpperCase()}`, "party", hit)
    if (party !== null) facts.push(party)
  })
  const dates = findDates(blocks)
  const { notice, renewal } = findRenewal(blocks)
  const expiration = dates.expiration ?? findPerpetual(blocks) ?? findEndsByNotice(blocks)
  const found: Record<keyof typeof importFactNames, Hit | undefined> = {
    agreement_date: dates.agreement,
    effective_date: dates.effective,
    expiration_date: expiration,
    renewal_term: renewal,
    notice_period: notice,
    governing_law: findGoverning(blocks)
  }
  for (const name of keys(importFactNames)) {
    const hit = found[name]
    const inferred = hit === undefined ? null : fact(blocks, name, labels[name], importFactNames[name], hit)
    // An expiration that reads as no date, such as a length with no start to count from ("The term of the agreement is 20 years"
    // in a contract with no date), ends on no date a person could check: it is left missing, as a fact the rules cannot place.
    if (inferred !== null && name === "expiration_date" && normalizedValue(inferred, facts) === null) continue
    if (inferred !== null) facts.push(inferred)
  }
  const amounts = new Set<string>()
  for (const hit of scan(blocks, moneyPattern)) {
    const value = blocks[hit.block].text.slice(hit.start, hit.end)
    if (amounts.has(value) || amounts.size >= maxAmounts) continue
    amounts.add(value)
    const amount = fact(blocks, `amount_${amounts.size}`, `Amount ${amounts.size}`, "money", hit)
    if (amount !== null) facts.push(amount)
  }
  const names = new Set(facts.map((entry) => entry.name))
  const missing = ["party_a", "party_b", ...Object.keys(importFactNames)].filter((name) => !names.has(name))
  return { facts, missing }
}
