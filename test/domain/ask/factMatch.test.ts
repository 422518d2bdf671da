import { describe, expect, it } from "@effect/vitest"
import { kindsAsked } from "../../../src/Domain/Ask/AgreementKinds.js"
import { factIndexRows } from "../../../src/Domain/Ask/FactIndex.js"
import { contractsOf, datesFor, type FactRow, matchFilters, pagedMatches } from "../../../src/Domain/Ask/FactMatch.js"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import type { Filter } from "../../../src/Domain/Ask/Reading.js"

let facts = 0
/** One fact of a contract as the fact index holds it; the contract's title is its id unless given. */
const row = (contract: string, kind: string, name: string, value: string, more: Partial<FactRow> = {}): FactRow => ({
  contract,
  title: `${contract} Agreement`,
  state: "signed",
  fact: `fct_${++facts}`,
  name,
  kind,
  value,
  block: `blk_${contract}`,
  in_renewal: false,
  reading: null,
  currency: null,
  amount_min: null,
  amount_max: null,
  ...more
})

/**
 * The rows as a save stores them: each contract's facts through the index the save writes
 * (FactIndex.ts), so a reading follows the contract's other facts and a sum is read from its words.
 */
const indexed = (rows: ReadonlyArray<FactRow>): ReadonlyArray<FactRow> =>
  rows.map((given) => {
    const facts = rows.filter((other) => other.contract === given.contract).map((other) => ({
      id: asId("fct", other.fact),
      name: other.name,
      label: other.name,
      kind: other.kind as "date",
      value: other.value,
      inferred: false,
      confirmed_by: null,
      confirmed_at: null,
      missing: false,
      spans: other.block === null ? [] : [{ block: other.block, start: 0, end: 0 }]
    }))
    const stored = factIndexRows({ facts, blocks: [] }).find((entry) => entry.fact_id === given.fact)!
    return { ...given, reading: stored.reading, currency: stored.currency, amount_min: stored.amount_min, amount_max: stored.amount_max }
  })

/** The contracts that meet the filters, by id, in the order the answer names them. */
const met = (filters: ReadonlyArray<Filter>, rows: ReadonlyArray<FactRow>) =>
  matchFilters(filters, contractsOf(rows), indexed(rows)).map((match) => match.contract)
const shownOf = (filters: ReadonlyArray<Filter>, rows: ReadonlyArray<FactRow>) =>
  matchFilters(filters, contractsOf(rows), indexed(rows)).map((match) => [match.contract, match.shown?.fact ?? null, match.reading])

const nyLaw: Filter = { kind: "law", place: "the State of New York" }
const renews: Filter = { kind: "renews" }
const renewalNotice: Filter = { kind: "renewal_notice" }
const date = (field: "expiration_date" | "effective_date" | "agreement_date", op: "before" | "after" | "in", year: number): Filter => ({
  kind: "date",
  field,
  op,
  year
})
const kind = (question: string): Filter => ({ kind: "agreement_kind", agreement: kindsAsked(question)[0]! })

describe("the law filter", () => {
  it("meets a contract whose first jurisdiction is the place", () => {
    const rows = [
      row("A", "jurisdiction", "governing_law", "the State of New York, United States"),
      row("B", "jurisdiction", "governing_law", "Delaware, with the courts of New York"),
      row("C", "jurisdiction", "governing_law", "New York"),
      row("D", "party", "party_1", "New York Widgets Inc.")
    ]
    expect(met([nyLaw], rows)).toEqual(["A", "C"])
    expect(met([{ kind: "law", place: "the State of Delaware" }], rows)).toEqual(["B"])
  })
})

describe("the renewal filters", () => {
  const rows = [
    row("Term", "term", "renewal_term", "successive one-year periods"),
    row("Clause", "term", "initial_term", "two years", { in_renewal: true }),
    row("Stop", "notice", "non_renewal_notice", "ninety (90) days"),
    row("Period", "notice", "notice_period", "thirty days"),
    row("Period", "term", "renewal_term", "one year"),
    row("Plain", "term", "initial_term", "three years"),
    row("Plain", "notice", "notice_period", "sixty days")
  ]

  it("meets a contract by its renewal term, a notice or term in a renewal clause, or a renewal notice", () => {
    expect(met([renews], rows)).toEqual(["Clause", "Period", "Stop", "Term"])
  })

  it("shows the renewal term itself when the contract states one", () => {
    const period = shownOf([renews], rows).find(([contract]) => contract === "Period")
    expect(period?.[1]).toBe(rows[4]!.fact)
  })

  it("meets a notice that stops a renewal: in a renewal clause, named for it, or the notice period of a contract that renews", () => {
    const inClause = row("InClause", "notice", "notice_period", "60 days", { in_renewal: true })
    expect(met([renewalNotice], [...rows, inClause])).toEqual(["InClause", "Period", "Stop"])
  })
})

describe("the date filters", () => {
  it("reads each date as a date, whatever its words, and compares the year", () => {
    const rows = [
      row("A", "date", "expiration_date", "December 31, 2014"),
      row("B", "date", "expiration_date", "1/15/2015"),
      row("C", "date", "expiration_date", "2016-03-01")
    ]
    expect(met([date("expiration_date", "before", 2015)], rows)).toEqual(["A"])
    expect(met([date("expiration_date", "in", 2015)], rows)).toEqual(["B"])
    expect(met([date("expiration_date", "after", 2015)], rows)).toEqual(["C"])
    expect(shownOf([date("expiration_date", "in", 2015)], rows)).toEqual([["B", rows[1]!.fact, "2015-01-15"]])
  })

  it("counts an expiration written as a term from the effective date", () => {
    const rows = [
      row("A", "date", "effective_date", "June 1, 2010"),
      row("A", "date", "expiration_date", "five (5) years from the Effective Date")
    ]
    expect(shownOf([date("expiration_date", "in", 2015)], rows)).toEqual([["A", rows[1]!.fact, "2015-06-01"]])
    expect(met([date("expiration_date", "before", 2015)], rows)).toEqual([])
  })

  it("never meets a year with a perpetual contract or a date it cannot read", () => {
    const rows = [
      row("A", "date", "expiration_date", "perpetual"),
      row("B", "date", "expiration_date", "until terminated by either party"),
      row("C", "date", "expiration_date", "the date of final delivery")
    ]
    for (const op of ["before", "after", "in"] as const) {
      for (const year of [1900, 2020, 2999]) expect(met([date("expiration_date", op, year)], rows)).toEqual([])
    }
  })

  it("takes the date the contract was made as its effective date only when it states none", () => {
    const rows = [
      row("Made", "date", "agreement_date", "March 3, 2011"),
      row("Own", "date", "effective_date", "January 1, 2009"),
      row("Own", "date", "agreement_date", "March 3, 2011")
    ]
    expect(met([date("effective_date", "after", 2010)], rows)).toEqual(["Made"])
    expect(met([date("effective_date", "before", 2010)], rows)).toEqual(["Own"])
    expect(met([date("agreement_date", "in", 2011)], rows)).toEqual(["Made", "Own"])
  })

  it("lets no other date stand in for an expiration or a signing", () => {
    const rows = [row("A", "date", "effective_date", "2012-05-05")]
    expect(datesFor("expiration_date", rows)).toEqual([])
    expect(datesFor("agreement_date", rows)).toEqual([])
    expect(datesFor("effective_date", rows)).toEqual(rows)
  })
})

describe("the amount filter", () => {
  const rows = [
    row("Big", "money", "fee", "$250,000"),
    row("Small", "money", "fee", "USD 5,000"),
    row("Million", "money", "cap", "$1.5 million"),
    row("Words", "money", "fee", "a reasonable fee"),
    row("Euros", "money", "fee", "€600,000")
  ]
  const sum = (op: "over" | "under" | "at least" | "at most", amount: number, currency = "USD"): Filter => ({ kind: "amount", op, amount, currency })

  it("meets a contract that states a sum over or under the amount, in the question's currency only", () => {
    expect(met([sum("over", 100_000)], rows)).toEqual(["Big", "Million"])
    expect(met([sum("under", 100_000)], rows)).toEqual(["Small"])
    expect(met([sum("over", 1_000_000)], rows)).toEqual(["Million"])
    expect(met([sum("over", 500_000, "EUR")], rows)).toEqual(["Euros"])
  })

  it("counts the sum itself for at least and at most", () => {
    expect(met([sum("at least", 250_000)], rows)).toEqual(["Big", "Million"])
    expect(met([sum("over", 250_000)], rows)).toEqual(["Million"])
    expect(met([sum("at most", 5_000)], rows)).toEqual(["Small"])
  })
})

describe("the kind filter", () => {
  it("meets a contract by its title and shows no fact", () => {
    const rows = [
      row("A", "party", "party_1", "Acme", { title: "Master Franchise Agreement" }),
      row("B", "party", "party_1", "Beta", { title: "Supply Agreement" })
    ]
    expect(matchFilters([kind("franchise agreements")], contractsOf(rows), rows)).toEqual([
      { contract: "A", title: "Master Franchise Agreement", state: "signed", shown: null, reading: null }
    ])
  })
})

describe("several filters", () => {
  const rows = [
    row("Both", "jurisdiction", "governing_law", "New York", { title: "License Agreement" }),
    row("Both", "term", "renewal_term", "one year", { title: "License Agreement" }),
    row("Law", "jurisdiction", "governing_law", "New York", { title: "License Agreement" }),
    row("Renews", "term", "renewal_term", "one year", { title: "License Agreement" }),
    row("Title", "jurisdiction", "governing_law", "New York", { title: "Supply Agreement" }),
    row("Title", "term", "renewal_term", "one year", { title: "Supply Agreement" })
  ]

  it("meets a contract only when it meets every one, showing the first fact-based filter's fact", () => {
    expect(shownOf([kind("license agreements"), nyLaw, renews], rows)).toEqual([["Both", rows[0]!.fact, null]])
    expect(shownOf([renews, nyLaw], rows).filter(([contract]) => contract === "Both")).toEqual([["Both", rows[1]!.fact, null]])
  })

  it("meets every contract when there is no filter", () => {
    expect(met([], rows)).toEqual(["Both", "Law", "Renews", "Title"])
  })
})

describe("the matches", () => {
  it("come in title order (code points, as the database pages them on every database), then by contract id, whatever order the facts come in", () => {
    const rows = [
      row("c3", "term", "renewal_term", "one year", { title: "Zeta Agreement" }),
      row("c2", "term", "renewal_term", "one year", { title: "alpha Agreement" }),
      row("c9", "term", "renewal_term", "one year", { title: "Beta Agreement" }),
      row("c1", "term", "renewal_term", "one year", { title: "Beta Agreement" })
    ]
    expect(met([renews], rows)).toEqual(["c1", "c9", "c3", "c2"])
  })

  it("come from the contracts given only, each once however many facts it has", () => {
    const rows = [row("A", "term", "renewal_term", "one year"), row("A", "notice", "notice_period", "30 days"), row("B", "term", "renewal_term", "one year")]
    expect(contractsOf(rows).map((contract) => contract.contract)).toEqual(["A", "B"])
    expect(matchFilters([renews], contractsOf(rows).slice(1), rows).map((match) => match.contract)).toEqual(["B"])
  })
})

describe("a page the database matched", () => {
  it("keeps every row it was given, in order, each shown by its own fact, even where the pure rule would need facts the page left out", () => {
    // A notice period meets the renewal-notice filter because its contract renews; the page holds the notice alone.
    const rows = [row("B", "notice", "notice_period", "sixty (60) days"), row("A", "notice", "renewal_notice", "30 days")]
    expect(pagedMatches(renewalNotice, rows).map((match) => [match.contract, match.shown?.fact, match.reading])).toEqual([
      ["B", rows[0]!.fact, null],
      ["A", rows[1]!.fact, null]
    ])
    const dated = [row("C", "date", "expiration_date", "June 1, 2015", { reading: "2015-06-01" })]
    expect(pagedMatches(date("expiration_date", "in", 2015), dated)[0]!.reading).toBe("2015-06-01")
  })
})
