import { findGoverning } from "../../../src/Domain/Imports/Law.js"
import { parseDocument } from "../../../src/Domain/Imports/ParseDocument.js"
import { entityAt, findParties, findPartyHits } from "../../../src/Domain/Imports/Parties.js"
import { findRenewal } from "../../../src/Domain/Imports/Terms.js"
import { normalizedValue } from "../../../src/Domain/Words/FactReading.js"

/** The import rules' readings as words, shared by the tests that pin them with sentences. */

type Hit = { readonly block: number; readonly start: number; readonly end: number }

export const clauses = (...texts: Array<string>) => texts.map((text) => ({ kind: "clause" as const, text }))
const valueOf = (texts: ReadonlyArray<string>, hit: Hit | undefined) => hit === undefined ? undefined : texts[hit.block]!.slice(hit.start, hit.end)

/** The parties of one preamble's words. */
export const partiesIn = (text: string) => findParties(text).map((found) => text.slice(found.start, found.end))
/** The parties of a document's blocks, the first `preamble` of them its opening. */
export const partiesOf = (texts: ReadonlyArray<string>, preamble = 1) =>
  findPartyHits(clauses(...texts), preamble).map((hit) => texts[hit.block]!.slice(hit.start, hit.end))
/** The one name written at the start of `text`, or null. */
export const nameAt = (text: string) => {
  const found = entityAt(text, 0)
  return found === null ? null : text.slice(found.start, found.end)
}

export const renewal = (...texts: Array<string>) => valueOf(texts, findRenewal(clauses(...texts)).renewal)
export const notice = (...texts: Array<string>) => valueOf(texts, findRenewal(clauses(...texts)).notice)
export const law = (...texts: Array<string>) => valueOf(texts, findGoverning(clauses(...texts)))

/** [agreement date, effective date] of a whole document as the service reads them; null where no fact is found. */
export const startReadings = (text: string): ReadonlyArray<string | null> => {
  const outcome = parseDocument({ text, pages: [{ page: 1, start: 0, end: text.length }] })
  if (outcome._tag !== "Parsed") throw new Error(outcome.detail)
  const facts = outcome.parse.facts
  const reading = (name: string) => {
    const fact = facts.find((entry) => entry.name === name)
    return fact === undefined ? null : normalizedValue(fact, facts)
  }
  return [reading("agreement_date"), reading("effective_date")]
}

/** The three date facts of a whole document as the service reads them; null where no fact is found, "unreadable: …" where its words read as no date. */
export const dateReadings = (text: string) => {
  const outcome = parseDocument({ text, pages: [{ page: 1, start: 0, end: text.length }] })
  if (outcome._tag !== "Parsed") throw new Error(outcome.detail)
  const facts = outcome.parse.facts
  const reading = (name: string) => {
    const fact = facts.find((entry) => entry.name === name)
    return fact === undefined ? null : normalizedValue(fact, facts) ?? `unreadable: ${fact.value}`
  }
  return { agreement: reading("agreement_date"), effective: reading("effective_date"), expiration: reading("expiration_date") }
}
