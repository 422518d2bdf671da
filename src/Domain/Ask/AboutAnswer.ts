import type { Fact } from "../Words/Fact.js"
import { normalizedValue } from "../Words/FactReading.js"
import type { AnswerPiece } from "./Compose.js"
import { quoteAround } from "./Compose.js"
import { datesFor } from "./FactMatch.js"
import { dateInWords } from "./FactAnswer.js"
import type { Wanted } from "./Reading.js"

/**
 * The answer about one named contract: who its parties are, which law governs it, when it took
 * effect, was signed or expires, how it renews. It names the party or the date in words and
 * quotes the block the fact stands in; a fact the contract does not hold is said to be missing,
 * never guessed.
 */

export interface AboutContract {
  readonly id: string
  readonly title: string
  readonly state: string
  readonly blocks: ReadonlyArray<{ readonly id: string; readonly text: string }>
  readonly facts: ReadonlyArray<Fact>
}

/** A company name as compared with the asker's org: letters and digits, no "Inc." or "Ltd". */
const bare = (name: string) =>
  name.toLowerCase().replace(/\b(?:inc|incorporated|llc|ltd|limited|corp|corporation|co|company|plc|gmbh|sa|ag|lp|llp)\b/g, "").replace(/[^\p{L}\p{N}]+/gu, "")

const isOurs = (party: string, orgName: string) => {
  const [a, b] = [bare(party), bare(orgName)]
  return a.length > 2 && b.length > 2 && (a.includes(b) || b.includes(a))
}

const joined = (parts: ReadonlyArray<string>) => parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`

const isRenewalFact = (contract: AboutContract, fact: Fact) => {
  if (fact.name === "renewal_term") return true
  const block = contract.blocks.find((b) => b.id === fact.spans[0]?.block)
  return (fact.kind === "term" || fact.kind === "notice") && block !== undefined && /renew/i.test(block.text)
}

/** A full stop, unless the value said last brings its own ("… and PSS Merger Corp."). */
const stop = (sentence: string): string => /[.!?]$/.test(sentence) ? sentence : `${sentence}.`

/** The facts that answer, and the sentence that says them. */
const said = (
  wants: Wanted,
  counterparty: boolean,
  orgName: string,
  contract: AboutContract
): { readonly facts: ReadonlyArray<Fact>; readonly sentence: string } => {
  const the = `The ${contract.title} (${contract.id}, ${contract.state})`
  const first = (test: (fact: Fact) => boolean) => contract.facts.filter(test).slice(0, 1)
  switch (wants) {
    case "parties": {
      const parties = contract.facts.filter((fact) => fact.kind === "party" && String(fact.value).trim() !== "")
      if (parties.length === 0) return { facts: [], sentence: `${the} names no party that was read from its words.` }
      const others = parties.filter((fact) => !isOurs(String(fact.value), orgName))
      if (counterparty && others.length > 0 && others.length < parties.length) {
        return { facts: others, sentence: stop(`${the}: the counterparty is ${joined(others.map((f) => String(f.value)))}`) }
      }
      return { facts: parties, sentence: stop(`${the} is between ${joined(parties.map((f) => String(f.value)))}`) }
    }
    case "law": {
      const facts = first((fact) => fact.kind === "jurisdiction")
      return { facts, sentence: facts.length === 0 ? `${the} names no governing law.` : stop(`${the} is governed by the laws of ${facts[0]!.value}`) }
    }
    case "renewal": {
      // The renewal term itself first; a term or notice of a renewal clause only when none is read.
      const facts = [...first((fact) => fact.name === "renewal_term"), ...first((fact) => isRenewalFact(contract, fact))].slice(0, 1)
      return { facts, sentence: facts.length === 0 ? `${the} states no renewal.` : stop(`${the} renews: ${facts[0]!.value}`) }
    }
    case "notice": {
      const renews = contract.facts.some((fact) => fact.name === "renewal_term")
      const facts = first((fact) => fact.kind === "notice" && (isRenewalFact(contract, fact) || (renews && fact.name === "notice_period")))
      return {
        facts,
        sentence: facts.length === 0 ? `${the} states no notice to stop it renewing.` : `${the} needs ${facts[0]!.value} notice to stop it renewing.`
      }
    }
    default: {
      const facts = datesFor(wants, contract.facts).slice(0, 1)
      const what = { expiration_date: "expiration date", effective_date: "effective date", agreement_date: "date of signing" }[wants]
      if (facts.length === 0) return { facts, sentence: `${the} states no ${what} that was read from its words.` }
      const reading = normalizedValue(facts[0]!, contract.facts)
      if (reading === "perpetual") return { facts, sentence: `${the} runs until it is terminated: it has no expiration date.` }
      const verb = { expiration_date: "expires on", effective_date: "took effect on", agreement_date: "is dated" }[wants]
      // A term with no start to count from has no date: its words are said as they stand.
      if (reading === null) return { facts, sentence: `${the} states its ${what} as "${facts[0]!.value}", which names no date.` }
      const date = dateInWords(reading)
      // An effective date read from the date it was made says so.
      const made = facts[0]!.name === wants ? "" : " (the date it was made: it names no other start)"
      return { facts, sentence: `${the} ${verb} ${date}${made}.` }
    }
  }
}

/** The answer about the contracts the question names (more than one only when their titles tie). */
export const composeAboutAnswer = (
  wants: Wanted,
  counterparty: boolean,
  orgName: string,
  contracts: ReadonlyArray<AboutContract>,
  askedName: string
): ReadonlyArray<AnswerPiece> => {
  if (contracts.length === 0) return [{ type: "delta", text: `No contract you can see is titled like "${askedName}".` }]
  const pieces: Array<AnswerPiece> = contracts.length > 1 ? [{ type: "delta", text: `${contracts.length} contracts you can see are titled like that:\n` }] : []
  let index = 0
  contracts.forEach((contract, position) => {
    const { facts, sentence } = said(wants, counterparty, orgName, contract)
    pieces.push({ type: "delta", text: `${position > 0 ? "\n" : ""}${sentence}` })
    // One quote per block: the parties of a preamble stand in one sentence.
    const cited = new Set<string>()
    for (const fact of facts) {
      const span = fact.spans[0]
      const block = span === undefined ? undefined : contract.blocks.find((b) => b.id === span.block)
      if (span === undefined || block === undefined || cited.has(block.id)) continue
      cited.add(block.id)
      index += 1
      const quote = quoteAround(block.text, span.start, span.end)
      pieces.push({ type: "citation", citation: { index, contract: contract.id, title: contract.title, block: block.id, quote } })
      pieces.push({ type: "delta", text: ` "${quote}" [${index}]` })
    }
  })
  return pieces
}
