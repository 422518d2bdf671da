import type { Contract } from "../Contract/Contract.js"
import type { Ask, Change } from "../Negotiation/AsksAndLetters.js"
import { termFactsIn, termOfBlock } from "./BlockTerm.js"
import { type Quantity, quantitiesIn, rewrite } from "./Quantities.js"
import { type PlaybookTerm, termKinds, termOfFactName, termOfWords } from "./Terms.js"
import type { Measured } from "./Units.js"

/** The amount an ask proposes, and how to write a counter that proposes another in its place. */
export interface Offer {
  readonly quantity: Quantity
  readonly counterWith: (amount: Measured) => string
}

export interface AskReading {
  readonly term: PlaybookTerm | null
  readonly offer: Offer | null
}

const keyOf = (q: Quantity) => `${q.unit}:${q.value}`

interface Region {
  readonly start: number
  readonly end: number
}

/** Where the proposal departs from the standing words: between their common prefix and suffix, in each text. */
const changedRegions = (change: Change): { readonly standing: Region; readonly proposed: Region } => {
  const { proposed, standing } = change
  let prefix = 0
  while (prefix < standing.length && prefix < proposed.length && standing[prefix] === proposed[prefix]) prefix++
  let suffix = 0
  while (
    suffix < standing.length - prefix && suffix < proposed.length - prefix && standing[standing.length - 1 - suffix] === proposed[proposed.length - 1 - suffix]
  ) {
    suffix++
  }
  return { standing: { start: prefix, end: standing.length - suffix }, proposed: { start: prefix, end: proposed.length - suffix } }
}

const overlaps = (span: Region, region: Region) => span.start <= region.end && region.start <= span.end

const mainChange = (ask: Ask): Change | undefined => ask.changes.find((c) => c.block === ask.block) ?? ask.changes[0]

/**
 * A replace ask speaks to the term of the fact whose words it rewrites, when exactly one term's
 * facts sit where the words change (a clause can state a term and its notice); else to its block's.
 */
const termOfReplace = (contract: Contract, change: Change): PlaybookTerm | null => {
  const region = changedRegions(change).standing
  const touched = new Set(termFactsIn(change.block, change.standing, contract.facts).filter((f) => overlaps(f, region)).map((f) => f.term))
  if (touched.size === 1) return [...touched][0]!
  const block = contract.blocks.find((b) => b.id === change.block)
  return block === undefined ? termOfWords(change.standing) : termOfBlock(block, contract.facts)
}

const quantityFacts = new Set(["money", "term", "notice"])

const termOfGrouped = (contract: Contract, ask: Ask, factId: string): PlaybookTerm | null => {
  const fact = contract.facts.find((f) => f.id === factId)
  if (fact === undefined) return null
  const named = termOfFactName(fact.name)
  if (named !== null || !quantityFacts.has(fact.kind)) return named
  const block = contract.blocks.find((b) => b.id === ask.block)
  return block === undefined ? null : termOfBlock(block, contract.facts)
}

const oneAmount = (quantities: ReadonlyArray<Quantity>) => quantities.length > 0 && new Set(quantities.map(keyOf)).size === 1

/** The proposed amounts the standing words do not already state, matched one for one. */
const notStanding = (proposed: ReadonlyArray<Quantity>, standing: ReadonlyArray<Quantity>): ReadonlyArray<Quantity> => {
  const unmatched = new Map<string, number>()
  for (const q of standing) unmatched.set(keyOf(q), (unmatched.get(keyOf(q)) ?? 0) + 1)
  return proposed.filter((q) => {
    const left = unmatched.get(keyOf(q)) ?? 0
    if (left > 0) unmatched.set(keyOf(q), left - 1)
    return left === 0
  })
}

/**
 * The proposed amount of a replace ask: the one amount written where the words change, else the
 * one amount the proposal adds, else the only amount it states. Anything else needs a person.
 */
const offerOfReplace = (change: Change, term: PlaybookTerm): Offer | null => {
  const proposed = quantitiesIn(change.proposed, termKinds[term])
  const region = changedRegions(change).proposed
  const where = proposed.filter((q) => overlaps(q, region))
  const added = notStanding(proposed, quantitiesIn(change.standing, termKinds[term]))
  const chosen = oneAmount(where) ? where : oneAmount(added) ? added : proposed.length === 1 ? proposed : null
  if (chosen === null) return null
  return { quantity: chosen[0]!, counterWith: (amount) => rewrite(change.proposed, chosen, amount) }
}

const offerOfValue = (value: string | number, term: PlaybookTerm): Offer | null => {
  if (typeof value !== "string") return null
  const found = quantitiesIn(value, termKinds[term])
  return found.length === 1 ? { quantity: found[0]!, counterWith: (amount) => rewrite(value, found, amount) } : null
}

/** The term an ask speaks to and the amount it proposes for it, as far as the words can be read. */
export const readAsk = (contract: Contract, ask: Ask): AskReading => {
  if (ask.fact !== null) {
    const term = termOfGrouped(contract, ask, ask.fact.id)
    return { term, offer: term === null ? null : offerOfValue(ask.fact.value, term) }
  }
  const change = mainChange(ask)
  if (change === undefined) return { term: null, offer: null }
  const term = termOfReplace(contract, change)
  return { term, offer: term === null ? null : offerOfReplace(change, term) }
}
