import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { type Filter, readQuestion } from "../../../src/Domain/Ask/Reading.js"
import { expectNoHang } from "../../support/hangGuard.js"

/** The filters as a person reads them: a kind of agreement by its name, not its patterns. */
const plain = (filter: Filter) => filter.kind === "agreement_kind" ? { kind: filter.kind, agreement: filter.agreement.name } : filter
const filtersOf = (question: string) => readQuestion(question).filters.map(plain)

const onlyFilter = (question: string, filter: ReturnType<typeof plain>) => {
  const reading = readQuestion(question)
  expect(reading.filters.map(plain), question).toEqual([filter])
  expect(reading.about, question).toBeNull()
}

describe("a question that asks for a governing law", () => {
  it.each([
    ["Which contracts are governed by the laws of the State of New York?", "the State of New York"],
    ["Which contracts are governed by New York law?", "the State of New York"],
    ["Which contracts are under NY law?", "the State of New York"],
    ["Which contracts are subject to Delaware law?", "the State of Delaware"],
    ["Which agreements are governed by Italian law?", "Italy"],
    ["Which contracts are governed by West Virginia law?", "the State of West Virginia"],
    ["Which contracts are governed by the laws of New Jersey?", "the State of New Jersey"],
    ["Which contracts fall under the jurisdiction of Texas?", "the State of Texas"],
    ["Delaware contracts", "the State of Delaware"]
  ])("%s", (question, place) => onlyFilter(question, { kind: "law", place }))
})

describe("a question that asks what renews", () => {
  it.each([
    "Which contracts renew automatically?",
    "Which agreements have an evergreen clause?",
    "Which contracts roll over?",
    "List the auto-renewing agreements",
    "Which contracts extend automatically?"
  ])("%s sets the renewal filter", (question) => onlyFilter(question, { kind: "renews" }))

  it.each([
    "Which contracts require notice of non-renewal?",
    "How much notice is needed to stop a contract renewing?",
    "Which agreements can we opt out of renewing?",
    "Which contracts must we cancel to avoid renewal?"
  ])("%s asks for the notice that stops a renewal", (question) => onlyFilter(question, { kind: "renewal_notice" }))
})

describe("a question that asks for a date", () => {
  it.each(
    [
      ["Which contracts expire before 2015?", "expiration_date", "before", 2015],
      ["Which contracts expire by 2020?", "expiration_date", "before", 2020],
      ["Which agreements end in 2019?", "expiration_date", "in", 2019],
      ["Which contracts run until after 2022?", "expiration_date", "after", 2022],
      ["Which contracts were signed in 2019?", "agreement_date", "in", 2019],
      ["Which contracts are dated 2005?", "agreement_date", "in", 2005],
      ["Which contracts were executed prior to 2001?", "agreement_date", "before", 2001],
      ["Which contracts took effect after 2010?", "effective_date", "after", 2010],
      ["Which contracts started in 2008?", "effective_date", "in", 2008],
      ["Which contracts commenced since 2015?", "effective_date", "after", 2015],
      // A year with no word for which date is the date the contract was made.
      ["Which 1999 contracts do we have?", "agreement_date", "in", 1999]
    ] as const
  )("%s", (question, field, op, year) => onlyFilter(question, { kind: "date", field, op, year }))
})

describe("a question that asks for an amount", () => {
  // One test, not it.each: vitest reads "$1" in a test's name as a placeholder.
  it("reads the sum after over, more than, at least, under, less than or below, with its scale", () => {
    const asked = [
      ["Which contracts are worth over $100,000?", "over", 100_000, "USD"],
      ["Which contracts have payments of more than $1.5 million?", "over", 1_500_000, "USD"],
      ["Which contracts are worth more than $2m?", "over", 2_000_000, "USD"],
      ["Which contracts are over US$ 5,000?", "over", 5_000, "USD"],
      ["Which contracts are worth at least €500,000?", "at least", 500_000, "EUR"],
      ["Which contracts pay no more than £20,000?", "at most", 20_000, "GBP"],
      ["Which contracts are under $50k?", "under", 50_000, "USD"],
      ["Which contracts cost less than USD 10,000?", "under", 10_000, "USD"],
      ["Which contracts are below £1,000?", "under", 1_000, "GBP"]
    ] as const
    for (const [question, op, amount, currency] of asked) onlyFilter(question, { kind: "amount", op, amount, currency })
  })

  it("needs a currency: a bare number is no amount", () => {
    expect(filtersOf("Which contracts are under 50k?")).toEqual([])
    expect(filtersOf("Which contracts have over 100 pages?")).toEqual([])
  })
})

describe("a question that asks for a kind of agreement", () => {
  it.each([
    ["Which of our agreements are franchise agreements?", "franchise"],
    ["do we have any joint ventures?", "joint venture"],
    ["Show me the reseller deals", "reseller"],
    ["Do we have any NDAs?", "non-disclosure"],
    ["List our licensing arrangements", "license"],
    ["Which outsourcing contracts do we hold?", "outsourcing"]
  ])("%s", (question, agreement) => onlyFilter(question, { kind: "agreement_kind", agreement }))

  it("takes a kind's word only as the kind of a whole agreement, not of a fee or a clause", () => {
    expect(filtersOf("Which contracts have a license fee?")).toEqual([])
    expect(filtersOf("Which contracts mention supply chain risk?")).toEqual([])
  })
})

describe("a question that sets several filters", () => {
  it("sets them all", () => {
    expect(filtersOf("Which license agreements are governed by Delaware law?")).toEqual([
      { kind: "law", place: "the State of Delaware" },
      { kind: "agreement_kind", agreement: "license" }
    ])
    expect(filtersOf("Which contracts expire in 2019 and are governed by New York law?")).toEqual([
      { kind: "law", place: "the State of New York" },
      { kind: "date", field: "expiration_date", op: "in", year: 2019 }
    ])
    expect(filtersOf("Which contracts over $1,000,000 renew automatically?")).toEqual([
      { kind: "renews" },
      { kind: "amount", op: "over", amount: 1_000_000, currency: "USD" }
    ])
    expect(readQuestion("Which franchise agreements expire before 2015?").about).toBeNull()
  })
})

describe("a question about one contract it names", () => {
  const name = ["master", "supply", "agreement"]
  it.each(
    [
      ["Who is the counterparty in the Master Supply Agreement?", "parties", true],
      ["Who signed the Master Supply Agreement?", "parties", false],
      ["Which companies entered into the Master Supply Agreement?", "parties", false],
      ["Who are the parties to the Master Supply Agreement?", "parties", false],
      ["When does the Master Supply Agreement expire?", "expiration_date", false],
      ["What is the effective date of the Master Supply Agreement?", "effective_date", false],
      ["When did the Master Supply Agreement take effect?", "effective_date", false],
      ["When was the Master Supply Agreement signed?", "agreement_date", false],
      ["Which law governs the Master Supply Agreement?", "law", false],
      ["What is the governing law of the Master Supply Agreement?", "law", false]
    ] as const
  )("%s", (question, wants, counterparty) => {
    const reading = readQuestion(question)
    expect(reading.about).toEqual({ wants, counterparty, name })
    // The only filter is the kind its name says, for the answer by filters when no title bears the name.
    expect(reading.filters.map(plain)).toEqual([{ kind: "agreement_kind", agreement: "supply" }])
  })

  it("names it by the words left once the asking words are taken out", () => {
    expect(readQuestion("Who signed the Delaware agreement?").about).toEqual({ wants: "parties", counterparty: false, name: ["delaware", "agreement"] })
    expect(readQuestion("Who is the Acme-Beta Hosting Agreement between?").about?.name).toEqual(["acme-beta", "hosting", "agreement"])
  })

  it("is no question about one contract when the only name left is 'agreement'", () => {
    for (const question of ["Who signed the agreement?", "Who is the counterparty?", "When does the contract expire?", "Who is the agreement between?"]) {
      expect(readQuestion(question), question).toEqual({ filters: [], about: null })
    }
  })

  it("is a filter, not one contract, when it sets a filter beyond a kind", () => {
    expect(readQuestion("Which contracts with Acme expire before 2020?").about).toBeNull()
    expect(readQuestion("Is the Master Supply Agreement governed by New York law?").about).toBeNull()
  })
})

describe("a question that is neither", () => {
  it.each([
    "What does the indemnity clause say?",
    "Can we assign the licence without consent?",
    "Is there a cap on liability?",
    ""
  ])("%s is left to full-text search", (question) => {
    expect(readQuestion(question)).toEqual({ filters: [], about: null })
  })
})

describe("hostile input", () => {
  it("reads any text without throwing, quickly", () => {
    const hostile = [
      "x".repeat(2_000),
      "Delaware law ".repeat(160),
      "a\u0000b\u0000 renew",
      "\uD800 renew \uDC00 2019 \uDBFF",
      "🎉 franchise agreements 🎉 expire before 2015 over $1k 👩‍👩‍👧",
      `over $${"9".repeat(400)} billion`,
      "$".repeat(50_000)
    ]
    for (const question of hostile) {
      const started = Date.now()
      const reading = readQuestion(question)
      expectNoHang(Date.now() - started, 5_000)
      for (const filter of reading.filters) if (filter.kind === "amount") expect(Number.isFinite(filter.amount)).toBe(true)
    }
    expect(filtersOf("a\u0000b\u0000 Delaware law")).toEqual([{ kind: "law", place: "the State of Delaware" }])
  })

  it("never throws and never reads an amount that is not a finite number", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2_000 }), (question) => {
        const reading = readQuestion(question)
        for (const filter of reading.filters) if (filter.kind === "amount") expect(Number.isFinite(filter.amount)).toBe(true)
      }),
      { numRuns: 300 }
    )
  })
})

describe("a question about one named contract's renewal, end or other side", () => {
  it("asks about the contract, not for a filter, when the question is not about a set", () => {
    expect(readQuestion("Does the Master Supply Agreement renew automatically?").about).toMatchObject({
      wants: "renewal",
      name: ["master", "supply", "agreement"]
    })
    expect(readQuestion("When does the Delaware agreement expire?")).toMatchObject({
      filters: [],
      about: { wants: "expiration_date", name: ["delaware", "agreement"] }
    })
    expect(readQuestion("Who is the other side of the Master Supply Agreement?").about).toMatchObject({ wants: "parties", counterparty: true })
    expect(readQuestion("How much notice is needed to stop a contract renewing?").about).toBeNull()
  })

  it("keeps a question about a set of contracts a set question, whatever it asks of them", () => {
    expect(readQuestion("Which franchise agreements renew automatically?").about).toBeNull()
    expect(readQuestion("List the supply agreements that renew").about).toBeNull()
  })

  it("reads 'from 1999' as in that year, and 'New  York' with any spacing", () => {
    onlyFilter("Which contracts are from 1999?", { kind: "date", field: "agreement_date", op: "in", year: 1999 })
    onlyFilter("Which contracts are governed by New  York law?", { kind: "law", place: "the State of New York" })
  })
})

describe("a renewal however it is put", () => {
  it.each([
    "Which agreements automatically extend at the end of their term?",
    "Which contracts continue automatically unless terminated?",
    "Which deals have an automatic extension?",
    "Which contracts self-renew?"
  ])("%s", (question) => onlyFilter(question, { kind: "renews" }))
})
