import type { AnswerPiece, Citation } from "./Compose.js"
import { quoteAround } from "./Compose.js"
import type { FactMatch } from "./FactMatch.js"
import { placeName } from "./Places.js"
import type { Filter } from "./Reading.js"

/**
 * An answer from facts: the count, then each contract by its title with the fact that meets the
 * question and a verbatim quote of the block the fact stands in. "4 contracts are governed by the
 * laws of New York:" names what was asked, so a person can check every line against its quote.
 */

/** Where a shown contract's quote comes from: the block, and the words in it to quote around. */
export interface Evidence {
  readonly block: string
  readonly text: string
  readonly start: number
  readonly end: number
}

export interface Shown {
  readonly match: FactMatch
  readonly evidence: Evidence | null
}

const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

/** An ISO reading in words: "2004-12-31" is "December 31, 2004"; "perpetual" stays as it is. */
export const dateInWords = (reading: string): string => {
  const parts = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(reading)
  if (parts === null) return reading
  const [, year, month, day] = parts
  if (month === undefined) return year!
  const name = months[Number(month) - 1]!
  return day === undefined ? `${name} ${year}` : `${name} ${Number(day)}, ${year}`
}

const dateVerbs = {
  expiration_date: ["expires", "expire"],
  effective_date: ["took effect", "took effect"],
  agreement_date: ["was signed", "were signed"]
} as const

const symbols: Readonly<Record<string, string>> = { USD: "$", GBP: "£", EUR: "€" }
const money = (amount: number, currency: string) =>
  symbols[currency] === undefined ? `${amount.toLocaleString("en-US")} ${currency}` : `${symbols[currency]}${amount.toLocaleString("en-US")}`

/** What the question asked, for one contract and for several. */
const predicate = (filter: Filter): readonly [string, string] => {
  switch (filter.kind) {
    case "law":
      return [`is governed by the laws of ${placeName(filter.place)}`, `are governed by the laws of ${placeName(filter.place)}`]
    case "renews":
      return ["renews automatically", "renew automatically"]
    case "renewal_notice":
      return ["needs notice to stop it renewing", "need notice to stop them renewing"]
    case "date": {
      const [one, many] = dateVerbs[filter.field]
      return [`${one} ${filter.op} ${filter.year}`, `${many} ${filter.op} ${filter.year}`]
    }
    case "amount":
      return [`states an amount ${filter.op} ${money(filter.amount, filter.currency)}`, `state an amount ${filter.op} ${money(filter.amount, filter.currency)}`]
    case "agreement_kind":
      return [`is ${/^[aeiou]/.test(filter.agreement.name) ? "an" : "a"} ${filter.agreement.name} agreement`, `are ${filter.agreement.name} agreements`]
  }
}

const joined = (parts: ReadonlyArray<string>) => parts.length < 2 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`

/** The answer's opening: "No contract you can see is …", "One contract is …", "4 contracts are …". */
export const countSentence = (filters: ReadonlyArray<Filter>, count: number, shown: number): string => {
  const [one, many] = [joined(filters.map((f) => predicate(f)[0])), joined(filters.map((f) => predicate(f)[1]))]
  if (count === 0) return `No contract you can see ${one}.`
  const head = count === 1 ? `One contract ${one}` : `${count} contracts ${many}`
  return shown < count ? `${head}; the first ${shown} by title:` : `${head}:`
}

/** What the line of one contract says after its title: the fact's words, and a date's reading. */
const detail = (match: FactMatch): string => {
  if (match.shown === null) return ""
  const reading = match.reading !== null && match.reading !== match.shown.value ? ` (${dateInWords(match.reading)})` : ""
  return ` ${match.shown.value}${reading}`
}

export const composeFactAnswer = (filters: ReadonlyArray<Filter>, count: number, shown: ReadonlyArray<Shown>): ReadonlyArray<AnswerPiece> => {
  const pieces: Array<AnswerPiece> = [{ type: "delta", text: countSentence(filters, count, shown.length) }]
  let index = 0
  for (const { evidence, match } of shown) {
    const line = `\n- ${match.title} (${match.contract}, ${match.state}):${detail(match)}`
    if (evidence === null) {
      pieces.push({ type: "delta", text: line })
      continue
    }
    index += 1
    const citation: Citation = {
      index,
      contract: match.contract,
      title: match.title,
      block: evidence.block,
      quote: quoteAround(evidence.text, evidence.start, evidence.end)
    }
    pieces.push({ type: "citation", citation }, { type: "delta", text: `${line} "${citation.quote}" [${index}]` })
  }
  return pieces
}
