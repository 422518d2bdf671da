/**
 * Whether an answer's words are right, read as a person reads them: the number of contracts it
 * says it found, the contracts it names by title, the parties it names, the date it states.
 */
import { datesMatch, normaliseParty } from "../evalImports/score.js"
import type { AskCase } from "./gold.js"
import { labelledParties } from "./gold.js"
import { parseNumberWords } from "../../src/Domain/Words/NumberWords.js"

// A count is a number, then up to two words that are not "of" ("4 signed contracts", not "one of the contracts"), then the noun.
const countPhrase = /\b(\d{1,3}|[a-z]+(?:-[a-z]+)?)\s+(?:(?!of\b)[a-z-]+\s+){0,2}?(?:contracts?|agreements?)\b/gi

/** A count as digits, "no", or number words the service's own reader reads ("four", "twenty-one"). */
const readNumber = (word: string): number | null => {
  const text = word.toLowerCase()
  if (/^\d+$/.test(text)) return Number(text)
  return text === "no" ? 0 : parseNumberWords(text.split("-"))
}

/** The count of contracts the answer reports: "4 contracts", "Four contracts", "One contract", "No contract", "none"; null when it states none. */
export const reportedCount = (answer: string): number | null => {
  const phrase = [...answer.matchAll(countPhrase)].find((match) => readNumber(match[1]!) !== null)
  const none = /\bnone\b/i.exec(answer)
  if (none !== null && (phrase === undefined || none.index < phrase.index)) return 0
  return phrase === undefined ? null : readNumber(phrase[1]!)
}

const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()} `

/**
 * The answer names a title (or a party) as written, whatever its case, spacing and punctuation (as
 * score.ts compares party names), in whole words: "Acme Corp." is not named by "Acme Corporation".
 */
export const names = (answer: string, name: string): boolean => normaliseParty(name).length > 0 && words(answer).includes(words(name))

const longWords = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length >= 3))

/**
 * The answer names a labelled party, or names it as the contract writes it: a Parties span sharing
 * a word with it ("MOUNT KNOWLEDGE HOLDINGS INC." for a label's "Mount Kowledge Holdings Inc."), as score.ts credits spans.
 */
export const namesParty = (answer: string, party: string, spans: ReadonlyArray<string>): boolean => {
  const partyWords = longWords(party)
  return names(answer, party) || spans.some((span) => [...longWords(span)].some((word) => partyWords.has(word)) && names(answer, span))
}

const month = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?"
const writtenDates = [
  /\b\d{4}-\d{2}(?:-\d{2})?\b/g,
  /\b\d{1,2}[/-]\d{1,2}[/-]\d{2,4}\b/g,
  new RegExp(`\\b${month} ?\\d{0,2}(?:st|nd|rd|th)?,? ?\\d{4}\\b`, "gi"),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? (?:day )?(?:of )?${month},? ?\\d{4}\\b`, "gi")
]

/** The answer states the date in any form normaliseDate reads ("2019-12-19", "December 19, 2019", "19th day of December, 2019", "12/19/2019"). */
export const statesDate = (answer: string, date: string): boolean =>
  writtenDates.some((pattern) => [...answer.matchAll(pattern)].some((match) => datesMatch(match[0], date)))

export interface Reply {
  readonly answer: string
  /** Unique cited contracts, by file. */
  readonly cited: ReadonlyArray<string>
}

/**
 * A set-wide question: the count it reports is the gold count and it names each gold contract by
 * the title the service gives it (none cited, and "none" said, when no contract answers). A
 * `{document}` question: every labelled party named, or the labelled date stated.
 */
export const answerIsRight = (asked: AskCase, reply: Reply, titleOf: (file: string) => string): boolean => {
  const gold = asked.gold
  if (gold.kind === "parties") {
    const spans = asked.document!.spans["Parties"] ?? []
    return labelledParties(asked.document!).every((party) => namesParty(reply.answer, party, spans))
  }
  if (gold.kind === "date_of") return statesDate(reply.answer, asked.document![gold.field]!)
  if (reportedCount(reply.answer) !== asked.files.length) return false
  if (asked.files.length === 0) return reply.cited.length === 0
  return asked.files.every((file) => names(reply.answer, titleOf(file)))
}
