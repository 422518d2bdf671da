/**
 * Which contracts answer a question, computed from labels.json alone (never from the service):
 * the yardstick's truth. A question set is a list of `{ question, gold }`; a question with the
 * `{document}` placeholder asks about one contract, named by its label's `document_name`.
 */
import { Schema } from "effect"
import type { Label } from "../evalImports/score.js"
import { normaliseDate, normaliseParty, partyName, scoreParties } from "../evalImports/score.js"
import { normalisePlace } from "../evalImports/places.js"

export interface AskLabel extends Label {
  readonly cuad_category: string
  readonly document_name: string | null
}

const DateField = Schema.Literal("expiration_date", "effective_date", "agreement_date")
export type DateField = typeof DateField.Type

export const Gold = Schema.Union(
  Schema.Struct({ kind: Schema.Literal("law"), place: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("renews") }),
  Schema.Struct({ kind: Schema.Literal("renewal_notice") }),
  Schema.Struct({ kind: Schema.Literal("category"), category: Schema.String }),
  Schema.Struct({ kind: Schema.Literal("date"), field: DateField, op: Schema.Literal("before", "after", "in"), year: Schema.Int }),
  Schema.Struct({ kind: Schema.Literal("parties") }),
  Schema.Struct({ kind: Schema.Literal("date_of"), field: DateField })
)
export type Gold = typeof Gold.Type
export type Kind = Gold["kind"]
export const kinds: ReadonlyArray<Kind> = ["law", "renews", "renewal_notice", "category", "date", "parties", "date_of"]

export const QuestionSet = Schema.Array(Schema.Struct({ question: Schema.String, gold: Gold }))
export type QuestionEntry = (typeof QuestionSet.Type)[number]

export const placeholder = "{document}"
const aboutOneDocument = (gold: Gold) => gold.kind === "parties" || gold.kind === "date_of"

/** A question set as read from its file; a `{document}` question must be about one document, and only it. */
export const decodeQuestionSet = (json: unknown, name: string): ReadonlyArray<QuestionEntry> => {
  const entries = Schema.decodeUnknownSync(QuestionSet)(json)
  entries.forEach((entry, index) => {
    if (entry.question.includes(placeholder) !== aboutOneDocument(entry.gold)) {
      throw new Error(`${name} entry ${index}: a ${entry.gold.kind} question ${aboutOneDocument(entry.gold) ? "needs" : "cannot have"} ${placeholder}`)
    }
  })
  return entries
}

const chinaNames = new Set(["prc", "people s republic of china"])
const place = (value: string) => {
  const name = normalisePlace(value)
  return chinaNames.has(name) ? "china" : name
}

/**
 * The label names the place as one of its jurisdictions, each `;` part by its first name
 * ("England, United Kingdom; Wales, United Kingdom" is governed by the laws of England, and of
 * Wales, not of "United Kingdom"). Looser than placesMatch, which wants every jurisdiction named.
 */
export const governedBy = (label: AskLabel, wanted: string): boolean =>
  label.governing_law !== null && label.governing_law.split(";").some((part) => place(part.split(",")[0]!) === place(wanted))

/** The year of a labelled date; null when none, perpetual or written without a year. */
export const labelledYear = (value: string | null): number | null => {
  const date = value === null ? null : normaliseDate(value)
  if (date === null || date === "perpetual") return null
  const year = date.split("/")[2]
  return year === undefined || year === "[]" ? null : Number(year)
}

/** A labelled date complete to the day: what a `date_of` question can ask for. */
export const fullDate = (value: string | null): string | null => {
  const date = value === null ? null : normaliseDate(value)
  return date === null || date === "perpetual" || date.includes("[]") ? null : value
}

/**
 * The parties a label names as entities (not "collectively the Parties" items), read as score.ts
 * reads them, without a trailing "and its affiliates" a contract's own name for them never carries.
 */
export const labelledParties = (label: Label): ReadonlyArray<string> => {
  const alone = { ...label, spans: {} }
  return label.parties
    .filter((item) => scoreParties([partyName(item)], alone).tp === 1)
    .map((item) => partyName(item).replace(/\s+and\s+(?:all\s+of\s+)?its\s+(?:subsidiaries|affiliates)\b.*$/i, "").trim())
    .filter((name) => normaliseParty(name).length > 0)
}

/** The contracts (their files) a set-wide question is about. */
export const goldFiles = (gold: Gold, labels: ReadonlyArray<AskLabel>): ReadonlyArray<string> => {
  const holds = (label: AskLabel): boolean => {
    switch (gold.kind) {
      case "law":
        return governedBy(label, gold.place)
      case "renews":
        return label.renewal_term !== null
      case "renewal_notice":
        return label.notice_period !== null
      case "category":
        return label.cuad_category === gold.category
      case "date": {
        const year = labelledYear(label[gold.field])
        if (year === null) return false
        return gold.op === "before" ? year < gold.year : gold.op === "after" ? year > gold.year : year === gold.year
      }
      case "parties":
      case "date_of":
        throw new Error(`a ${gold.kind} question is about one document, not the set`)
    }
  }
  return labels.filter(holds).map((label) => label.file).sort()
}

/** One question as asked: the placeholder filled, and what a right answer holds. */
export interface AskCase {
  readonly question: string
  readonly gold: Gold
  readonly files: ReadonlyArray<string>
  /** The contract a `{document}` question names. */
  readonly document?: AskLabel
}

/** FNV-1a: a stable order for the contracts a question may name, different for each question. */
const hash = (text: string): number => {
  let value = 0x811c9dc5
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 0x01000193) >>> 0
  return value
}

export const documentsPerQuestion = 5

/**
 * The contracts a `{document}` question is asked of: a document name no other contract of the set
 * shares (else the question has no single answer), ≥ 2 labelled parties or the full date asked for;
 * up to five, in an order drawn from the question's own words so each question meets other contracts.
 */
export const documentsFor = (entry: QuestionEntry, labels: ReadonlyArray<AskLabel>): ReadonlyArray<AskLabel> => {
  const nameOf = (label: AskLabel) => (label.document_name ?? "").trim()
  const sharing = new Map<string, number>()
  for (const label of labels) sharing.set(nameOf(label).toLowerCase(), (sharing.get(nameOf(label).toLowerCase()) ?? 0) + 1)
  const gold = entry.gold
  return labels
    .filter((label) => nameOf(label).length > 0 && sharing.get(nameOf(label).toLowerCase()) === 1)
    .filter((label) => gold.kind === "date_of" ? fullDate(label[gold.field]) !== null : labelledParties(label).length >= 2)
    .sort((a, b) => hash(`${entry.question}\u0000${a.file}`) - hash(`${entry.question}\u0000${b.file}`) || a.file.localeCompare(b.file))
    .slice(0, documentsPerQuestion)
}

export const expandQuestions = (entries: ReadonlyArray<QuestionEntry>, labels: ReadonlyArray<AskLabel>): ReadonlyArray<AskCase> =>
  entries.flatMap((entry): ReadonlyArray<AskCase> =>
    entry.question.includes(placeholder)
      ? documentsFor(entry, labels).map((label) => ({
        question: entry.question.replaceAll(placeholder, label.document_name!),
        gold: entry.gold,
        files: [label.file],
        document: label
      }))
      : [{ question: entry.question, gold: entry.gold, files: goldFiles(entry.gold, labels) }]
  )
