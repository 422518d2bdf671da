import { describe, expect, it } from "@effect/vitest"
import { answerIsRight, names, namesParty, reportedCount, statesDate } from "../scripts/evalAsk/answerText.js"
import type { AskLabel } from "../scripts/evalAsk/gold.js"
import { decodeQuestionSet, documentsFor, expandQuestions, goldFiles, labelledParties } from "../scripts/evalAsk/gold.js"
import { addOutcomes, median, rates } from "../scripts/evalAsk/tally.js"

const label = (file: string, fields: Partial<AskLabel> = {}): AskLabel => ({
  file,
  parties: ["Acme Corp. (\"Acme\")", "Beta LLC and its affiliates (\"Beta\")", "Acme and Beta (collectively, the \"Parties\")"],
  agreement_date: null,
  effective_date: null,
  expiration_date: null,
  renewal_term: null,
  notice_period: null,
  governing_law: null,
  spans: {},
  cuad_category: "Supply",
  document_name: `${file.toUpperCase()} AGREEMENT`,
  ...fields
})

const labels: ReadonlyArray<AskLabel> = [
  label("a", { governing_law: "New York", renewal_term: "1 year", notice_period: "60 days", expiration_date: "12/31/2021", cuad_category: "Franchise" }),
  label("b", { governing_law: "the State of New York", renewal_term: "successive 1 year", expiration_date: "perpetual", effective_date: "1/1/2020" }),
  label("c", { governing_law: "England, United Kingdom; Wales, United Kingdom", expiration_date: "[]/[]/2019", agreement_date: "March 3, 2018" }),
  label("d", { governing_law: "People's Republic of China", expiration_date: "6/30/2023", document_name: "A AGREEMENT" })
]

describe("eval:ask count reading", () => {
  it("reads the count the answer reports, in digits or words", () => {
    expect(reportedCount("4 contracts are governed by the laws of New York: A; B; C; D.")).toBe(4)
    expect(reportedCount("Four contracts are governed by the laws of New York.")).toBe(4)
    expect(reportedCount("No contract is governed by the laws of Alaska.")).toBe(0)
    expect(reportedCount("One contract renews automatically: A.")).toBe(1)
    expect(reportedCount("Twenty-three agreements renew.")).toBe(23)
    expect(reportedCount("None of your contracts says so.")).toBe(0)
    expect(reportedCount("I found 2 signed agreements.")).toBe(2)
  })

  it("reads no count where the answer states none", () => {
    expect(reportedCount("One of the contracts is governed by Texas law.")).toBeNull()
    expect(reportedCount("The Supply Agreement is governed by New York law.")).toBeNull()
  })
})

describe("eval:ask names and dates in an answer", () => {
  it("matches a title or a party whatever its case and punctuation", () => {
    expect(names("Parties: ACME CORP and Beta, LLC.", "Acme Corp.")).toBe(true)
    expect(names("Parties: Acme Corporation", "Acme Corp.")).toBe(false)
    expect(names("anything", "")).toBe(false)
  })

  it("takes a party as the contract writes it, by a Parties span sharing a word with the label", () => {
    const spans = ["MOUNT KNOWLEDGE HOLDINGS INC.", "Company"]
    expect(namesParty("with Mount Knowledge Holdings Inc.", "Mount Kowledge Holdings Inc.", spans)).toBe(true)
    expect(namesParty("with the Company", "Mount Kowledge Holdings Inc.", spans)).toBe(false)
  })

  it("finds the labelled date in any form normaliseDate reads", () => {
    expect(statesDate("It expires on December 31, 2021.", "12/31/2021")).toBe(true)
    expect(statesDate("It expires on 2021-12-31.", "12/31/2021")).toBe(true)
    expect(statesDate("Signed the 31st day of December, 2021.", "12/31/2021")).toBe(true)
    expect(statesDate("It expires on December 30, 2021.", "12/31/2021")).toBe(false)
  })
})

describe("eval:ask gold from labels", () => {
  it("law: each jurisdiction of the label by its first name", () => {
    expect(goldFiles({ kind: "law", place: "New York" }, labels)).toEqual(["a", "b"])
    expect(goldFiles({ kind: "law", place: "England" }, labels)).toEqual(["c"])
    expect(goldFiles({ kind: "law", place: "United Kingdom" }, labels)).toEqual([])
    expect(goldFiles({ kind: "law", place: "China" }, labels)).toEqual(["d"])
    expect(goldFiles({ kind: "law", place: "Alaska" }, labels)).toEqual([])
  })

  it("renews, renewal notice and category", () => {
    expect(goldFiles({ kind: "renews" }, labels)).toEqual(["a", "b"])
    expect(goldFiles({ kind: "renewal_notice" }, labels)).toEqual(["a"])
    expect(goldFiles({ kind: "category", category: "Supply" }, labels)).toEqual(["b", "c", "d"])
  })

  it("date: by year, perpetual and missing never match", () => {
    expect(goldFiles({ kind: "date", field: "expiration_date", op: "after", year: 2018 }, labels)).toEqual(["a", "c", "d"])
    expect(goldFiles({ kind: "date", field: "expiration_date", op: "before", year: 2022 }, labels)).toEqual(["a", "c"])
    expect(goldFiles({ kind: "date", field: "effective_date", op: "in", year: 2020 }, labels)).toEqual(["b"])
    expect(goldFiles({ kind: "date", field: "agreement_date", op: "in", year: 2018 }, labels)).toEqual(["c"])
  })

  it("parties: the entities, not the collective item, without 'and its affiliates'", () => {
    expect(labelledParties(labels[0]!)).toEqual(["Acme Corp.", "Beta LLC"])
  })

  it("{document}: one case per contract with a name of its own and the date asked for", () => {
    const [entry] = decodeQuestionSet([{ question: "When does the {document} expire?", gold: { kind: "date_of", field: "expiration_date" } }], "test")
    // b is perpetual, c has no day; a shares its document name with d.
    expect(documentsFor(entry!, labels)).toEqual([])
    const alone = [labels[0]!, labels[3]!, label("e", { expiration_date: "5/1/2013" })]
    const cases = expandQuestions([entry!], alone)
    expect(cases.map((asked) => [asked.question, asked.files])).toEqual([["When does the E AGREEMENT expire?", ["e"]]])
  })

  it("refuses a {document} question of a set-wide kind", () => {
    expect(() => decodeQuestionSet([{ question: "Is the {document} renewing?", gold: { kind: "renews" } }], "test")).toThrow()
  })
})

describe("eval:ask answer and score", () => {
  const titleOf = (file: string) => `${file.toUpperCase()} AGREEMENT`
  const lawCase = { question: "New York?", gold: { kind: "law", place: "New York" } as const, files: ["a", "b"] }

  it("a set answer is right with the gold count and every title", () => {
    expect(answerIsRight(lawCase, { answer: "2 contracts are governed by the laws of New York: A AGREEMENT; B AGREEMENT.", cited: ["a", "b"] }, titleOf)).toBe(
      true
    )
    expect(answerIsRight(lawCase, { answer: "3 contracts are governed by the laws of New York: A AGREEMENT; B AGREEMENT.", cited: ["a", "b"] }, titleOf)).toBe(
      false
    )
    expect(answerIsRight(lawCase, { answer: "Two contracts are governed by the laws of New York: A AGREEMENT.", cited: ["a"] }, titleOf)).toBe(false)
  })

  it("an empty gold set is right only when nothing is cited and the answer says none", () => {
    const none = { ...lawCase, files: [] }
    expect(answerIsRight(none, { answer: "No contract is governed by the laws of Alaska.", cited: [] }, titleOf)).toBe(true)
    expect(answerIsRight(none, { answer: "No contract is governed by the laws of Alaska.", cited: ["a"] }, titleOf)).toBe(false)
  })

  it("a parties answer names every labelled party", () => {
    const asked = { question: "Who?", gold: { kind: "parties" } as const, files: ["a"], document: labels[0]! }
    expect(answerIsRight(asked, { answer: "Acme Corp. and Beta LLC.", cited: [] }, titleOf)).toBe(true)
    expect(answerIsRight(asked, { answer: "Acme Corp. and its supplier.", cited: [] }, titleOf)).toBe(false)
  })

  it("precision, recall and F1 over summed counts; median", () => {
    const outcome = { kind: "law" as const, right: true, badQuotes: 0, ms: 10 }
    const counts = addOutcomes([{ ...outcome, gold: ["a", "b"], cited: ["a", "c"] }, { ...outcome, gold: [], cited: [], right: false }])
    expect(counts).toEqual({ questions: 2, tp: 1, fp: 1, fn: 1, right: 1 })
    expect(rates(counts)).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 })
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})
