import { type AgreementKind, kindsAsked } from "./AgreementKinds.js"
import { readMoney } from "../Playbooks/ReadMoney.js"
import { placesIn } from "./Places.js"

/**
 * What a question asks, read by rule so a person can check it: a filter over facts the service
 * already holds ("governed by the laws of New York", "renew automatically", "expire before 2020",
 * "over $100,000", "franchise agreements"), a fact of one named contract ("who is the counterparty
 * in the Supply Agreement?", "when does the Supply Agreement expire?"), or neither, which is left
 * to full-text search.
 */

export type AmountOp = "over" | "under" | "at least" | "at most"

export type DateField = "expiration_date" | "effective_date" | "agreement_date"

export type Filter =
  | { readonly kind: "law"; readonly place: string }
  | { readonly kind: "renews" }
  | { readonly kind: "renewal_notice" }
  | { readonly kind: "date"; readonly field: DateField; readonly op: "before" | "after" | "in"; readonly year: number }
  | { readonly kind: "amount"; readonly op: AmountOp; readonly amount: number; readonly currency: string }
  | { readonly kind: "agreement_kind"; readonly agreement: AgreementKind }

export type Wanted = "parties" | DateField | "law" | "renewal" | "notice"

/** A question that may be about one contract it names: what it wants of it, and the words that name it. */
export interface AboutOne {
  readonly wants: Wanted
  readonly counterparty: boolean
  readonly name: ReadonlyArray<string>
}

/**
 * The filters the question sets, and, when it asks who, when or which law of something it names,
 * that too: whether a contract bears that name is for the titles to say. Neither means full-text search.
 */
export interface QuestionReading {
  readonly filters: ReadonlyArray<Filter>
  readonly about: AboutOne | null
}

const dateFields: ReadonlyArray<readonly [DateField, RegExp]> = [
  [
    "expiration_date",
    /\b(?:expir\w*|run(?:s)? out|lapse[sd]?|terminat\w*|end(?:s|ed|ing)?|end date|come to an end|(?:run|runs|last|lasts|valid|in effect|in force) (?:until|through|till))\b/
  ],
  ["effective_date", /\b(?:effective|take[sn]? effect|took effect|commenc\w*|start\w*|began|begin\w*|in force)\b/],
  ["agreement_date", /\b(?:signed|dated|entered into|executed|made|concluded|date of (?:the )?agreement)\b/]
]

const renewal =
  /\b(?:renew\w*|evergreen|roll(?:s|ed)? over|rollover|auto-?renew\w*|self-renew\w*|(?:extend|extends|extended|continue|continues) (?:automatically|on (?:its|their) own|by (?:itself|themselves))|automatic(?:ally)? (?:extend\w*|extension|continu\w*))\b/
// "renew unless cancelled" still asks what renews: only notice, or stopping a renewal, asks for the notice.
const renewalNotice = /\bnon-?renewal\b|\b(?:notice|prevent|stop|opt(?: |-)?out|avoid|not to renew|block)\b/
const lawWords = /\b(?:law|laws|governed|governs|governing|jurisdiction|subject to)\b/
const partyWords =
  /\b(?:counter-?part(?:y|ies)|parties|party|signator\w*|who signed|between whom|with whom|who entered|entered into by|who did (?:we|i|you) sign|other side|(?:compan(?:y|ies)|entities|firms|businesses|organi[sz]ations) (?:entered|signed|are|is)\b)|^\s*who\b.*\bbetween\b/

const yearOf = (text: string) => /\b(1[89]\d\d|20\d\d)\b/.exec(text)

/** Before, after or in the year the question names; the words nearest before the year decide. */
const dateOp = (text: string, at: number): "before" | "after" | "in" => {
  const before = text.slice(Math.max(0, at - 24), at)
  if (/\b(?:before|prior to|earlier than|until|by|no later than)\s+(?:the end of\s+)?(?:year\s+)?$/.test(before)) return "before"
  if (/\b(?:after|since|later than|following)\s+(?:the end of\s+)?(?:year\s+)?$/.test(before)) return "after"
  return "in"
}

const comparisons: ReadonlyArray<readonly [RegExp, AmountOp]> = [
  [/\b(?:at least|no less than|not less than|a minimum of)\s+$/, "at least"],
  [/\b(?:at most|no more than|not more than|up to|a maximum of)\s+$/, "at most"],
  [/\b(?:over|above|more than|exceed\w*|greater than|larger than|bigger than)\s+$/, "over"],
  [/\b(?:under|below|less than|smaller than|lower than)\s+$/, "under"]
]

/** "over $100,000", "at least €1.5 million", "less than $50k": the sum as the contract reader reads sums, with its currency. */
const amountOf = (question: string): Filter | null => {
  for (const sum of readMoney(question)) {
    const before = question.slice(Math.max(0, sum.start - 30), sum.start).toLowerCase()
    const op = comparisons.find(([words]) => words.test(before))?.[1]
    if (op !== undefined && Number.isFinite(sum.value)) return { kind: "amount", op, amount: sum.value, currency: sum.unit }
  }
  return null
}

/** Words that say what is asked, not which contract: what is left names the contract ("the Master Franchise Agreement"). */
const askingWords = new Set(
  [
    "a an the of to in on at by for with from into about as is are was were be been do does did has have had will shall can could would",
    "who whom whose which what when where how why whats please tell me show list give find our my we us you your their this that its it",
    "company companies entity entities firm firms business businesses organisation organization organisations organizations into sign",
    "counterparty counterparties counter party parties signed signatory signatories between other side name names",
    "expire expires expired expiring expiration end ends ending date dates effective effect take takes took start starts commence",
    "commences begin begins signing dated executed entered made law laws govern governs governed governing jurisdiction",
    "renew renews renewal renewed renewing notice period required need needs needed term automatically auto much many stop prevent avoid give given must before"
  ].join(" ").split(" ")
)

/** The words that name a contract, once the question's asking words are taken out. */
export const nameWords = (question: string): ReadonlyArray<string> =>
  [...question.toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’&.-]*/gu)]
    .map((match) => match[0].replace(/['’]/g, "").replace(/\.+$/, ""))
    .filter((word) => word.length > 0 && !askingWords.has(word))

const wantedOf = (lower: string): Wanted | null => {
  if (partyWords.test(lower)) return "parties"
  if (lawWords.test(lower)) return "law"
  if (renewal.test(lower)) return renewalNotice.test(lower) ? "notice" : "renewal"
  for (const [field, words] of dateFields) if (words.test(lower)) return field
  return null
}

/** Filters the question sets; empty when it names none. */
const filtersOf = (question: string, lower: string): ReadonlyArray<Filter> => {
  const filters: Array<Filter> = []
  const place = placesIn(question)[0]
  // A place alone ("Delaware contracts") is the law too, unless the question asks who or when of one contract.
  const wants = wantedOf(lower)
  const placeAlone = placesIn(question).length === 1 && (wants === null || wants === "law") && yearOf(lower) === null
  if (place !== undefined && (lawWords.test(lower) || placeAlone)) filters.push({ kind: "law", place })
  if (renewal.test(lower)) filters.push(renewalNotice.test(lower) ? { kind: "renewal_notice" } : { kind: "renews" })
  const year = yearOf(lower)
  if (year !== null) {
    const field = dateFields.find(([, words]) => words.test(lower))?.[0] ?? "agreement_date"
    filters.push({ kind: "date", field, op: dateOp(lower, year.index), year: Number(year[1]) })
  }
  const amount = amountOf(question)
  if (amount !== null) filters.push(amount)
  for (const agreement of kindsAsked(lower)) filters.push({ kind: "agreement_kind", agreement })
  return filters
}

/** "Which franchise agreements …", "list …", "do we have any …": a question about a set of contracts, never about one. */
const asksForSet =
  /^\s*(?:(?:which|what) (?:of (?:our|the) )?(?:[\w-]+ ){0,3}(?:contracts|agreements|deals)\b|(?:list|show|find|give)\b|(?:do|does) (?:we|any)\b|(?:are|is) there\b|how many\b|any\b)/

export const readQuestion = (raw: string): QuestionReading => {
  const question = raw.replace(/\s+/g, " ")
  const lower = question.toLowerCase()
  const filters = filtersOf(question, lower)
  const wants = wantedOf(lower)
  const name = nameWords(question)
  // A question about one contract names it; the words left must say more than "agreement", and
  // it sets no filter but the kind its name says ("who signed the franchise agreement?").
  const namesOne = name.some((word) => !/^(?:agreements?|contracts?|deals?)$/.test(word))
  // Its renewal is what it wants, so "does the Supply Agreement renew?" sets no filter but the kind.
  const aboutFilters = filters.every((filter) => filter.kind === "agreement_kind" || filter.kind === "renews" || filter.kind === "renewal_notice")
  const about = wants !== null && namesOne && aboutFilters && !asksForSet.test(lower)
    ? { wants, counterparty: /counter-?part|other side|with whom/.test(lower), name }
    : null
  return { filters, about }
}
