import { describe, expect, it } from "@effect/vitest"
import { factsOf } from "./support.js"

const nda = (tail: string) => `Mutual NDA with Globex Inc, ${tail}`

describe("dates", () => {
  const table: ReadonlyArray<readonly [string, string | undefined]> = [
    ["effective 1 March 2027", "1 March 2027"],
    ["effective March 1, 2027", "1 March 2027"],
    ["effective 2027-03-01", "1 March 2027"],
    ["starting 1st of April 2027", "1 April 2027"],
    ["effective on December 1st, 2026", "1 December 2026"],
    ["effective 1 Feb 2027", "1 February 2027"],
    ["effective 15/03/2027", "15 March 2027"],
    ["effective today", "23 November 2026"],
    ["starting tomorrow", "24 November 2026"],
    ["effective immediately", "23 November 2026"],
    ["from next Monday", "30 November 2026"],
    ["starting at the beginning of next month", "1 December 2026"],
    ["starting 1 March", "1 March 2027"],
    ["effective 29 February 2028", "29 February 2028"],
    ["effective 31 February 2027", undefined],
    ["effective 29 February 2027", undefined],
    ["effective 2027-13-01", undefined],
    ["effective 03/04/2027", undefined],
    ["sign by 1 December 2026", undefined],
    ["before our meeting on 3 December 2026", undefined],
    ["effective 1 March 2027 or 1 April 2027", undefined],
    ["we met them today", undefined]
  ]
  for (const [words, date] of table) {
    it(`${JSON.stringify(words)} → ${date ?? "no date"}`, () => {
      expect(factsOf(nda(words)).effective_date).toBe(date)
    })
  }

  it("keeps the effective date when an end date is also given", () => {
    expect(factsOf(nda("effective 1 March 2027 and expiring 1 March 2029")).effective_date).toBe("1 March 2027")
  })

  it("reads a relative date from the today it is given", () => {
    expect(factsOf(nda("starting tomorrow"), "Acme Ltd", "2026-12-31").effective_date).toBe("1 January 2027")
    expect(factsOf(nda("starting next month"), "Acme Ltd", "2026-12-05").effective_date).toBe("1 January 2027")
  })
})

describe("governing law", () => {
  const table: ReadonlyArray<readonly [string, string | undefined]> = [
    ["under English law", "England and Wales"],
    ["governed by New York law", "the State of New York"],
    ["governed by the laws of the State of New York", "the State of New York"],
    ["Delaware law", "the State of Delaware"],
    ["California law", "the State of California"],
    ["Scots law", "Scotland"],
    ["Scottish law", "Scotland"],
    ["German law", "Germany"],
    ["French law", "France"],
    ["Irish law", "Ireland"],
    ["Dutch law", "the Netherlands"],
    ["Massachusetts law", "the Commonwealth of Massachusetts"],
    ["New Jersey law", "the State of New Jersey"],
    ["Ontario law", "the Province of Ontario"],
    ["Governing law: England and Wales", "England and Wales"],
    ["Delaware governing law", "the State of Delaware"],
    ["governing law is California", "the State of California"],
    ["UK law", undefined],
    ["US law", undefined],
    ["with an office in New York", undefined],
    ["English law or New York law", undefined],
    ["", undefined]
  ]
  for (const [words, law] of table) {
    it(`${JSON.stringify(words)} → ${law ?? "no governing law"}`, () => {
      expect(factsOf(nda(words)).governing_law).toBe(law)
    })
  }
})

describe("money", () => {
  const table: ReadonlyArray<readonly [string, string, string | undefined]> = [
    ["Consulting agreement with Globex Inc at £1,200 per day", "daily_rate", "£1,200"],
    ["Consulting agreement with Globex Inc at a day rate of $1,500", "daily_rate", "$1,500"],
    ["Consulting agreement with Globex Inc, EUR 800 a day", "daily_rate", "EUR 800"],
    ["Consulting agreement with Globex Inc, $2,000/day", "daily_rate", "$2,000"],
    ["Consulting agreement with Globex Inc at $1,000 per hour", "daily_rate", undefined],
    ["Consulting agreement with Globex Inc at a rate of $900", "daily_rate", undefined],
    ["SaaS agreement with Globex Inc, USD 120,000 a year", "annual_fee", "USD 120,000"],
    ["SaaS agreement with Globex Inc, $48,000 per annum", "annual_fee", "$48,000"],
    ["SaaS agreement with Globex Inc, annual fee £36,000", "annual_fee", "£36,000"],
    ["SaaS agreement with Globex Inc, 120000 usd a year", "annual_fee", "120,000 USD"],
    ["SaaS agreement with Globex Inc, $5,000 a month", "annual_fee", undefined],
    ["SOW with Globex Inc, fees of €45,000", "fees", "€45,000"],
    ["SOW with Globex Inc, €60k fixed fee", "fees", "€60,000"],
    ["SOW with Globex Inc, $95,000 total", "fees", "$95,000"],
    ["SOW with Globex Inc for $40,000", "fees", "$40,000"],
    ["SOW with Globex Inc, fees of €45,000 per month", "fees", undefined],
    ["MSA with Globex Inc, liability capped at $2m", "liability_cap", "$2,000,000"],
    ["MSA with Globex Inc, liability capped at $2 million", "liability_cap", "$2,000,000"],
    ["MSA with Globex Inc, cap liability at US$1.5m", "liability_cap", "US$1,500,000"],
    ["MSA with Globex Inc, liability cap £250,000.50", "liability_cap", "£250,000.50"],
    ["MSA with Globex Inc, $10,000", "liability_cap", undefined],
    ["MSA with Globex Inc, a $10,000 monthly retainer", "liability_cap", undefined],
    ["MSA with Globex Inc, liability capped at $2m or $3m", "liability_cap", undefined]
  ]
  for (const [prompt, blank, value] of table) {
    it(`${JSON.stringify(prompt)} → ${blank} ${value ?? "left out"}`, () => {
      const facts = factsOf(prompt)
      expect(facts[blank]).toBe(value)
      if (value === undefined) expect(Object.keys(facts).filter((key) => /rate|fee|cap/.test(key))).toEqual([])
    })
  }
})

describe("durations", () => {
  const table: ReadonlyArray<readonly [string, string, string | undefined]> = [
    ["Mutual NDA with Globex Inc for two years", "term", "two (2) years"],
    ["Mutual NDA with Globex Inc, a 12-month term", "term", "twelve (12) months"],
    ["Mutual NDA with Globex Inc, term: 3 yrs", "term", "three (3) years"],
    ["Mutual NDA with Globex Inc, 30 days' notice", "notice_period", "thirty (30) days"],
    ["Mutual NDA with Globex Inc, with 60 days notice", "notice_period", "sixty (60) days"],
    ["Mutual NDA with Globex Inc, 90-day notice period", "notice_period", "ninety (90) days"],
    ["Mutual NDA with Globex Inc, notice period of one month", "notice_period", "one (1) month"],
    ["Mutual NDA with Globex Inc; we will discuss the 2 year roadmap", "term", undefined],
    ["MSA with Globex Inc, 3 year initial term", "initial_term", "three (3) years"],
    ["MSA with Globex Inc, payment within 45 days", "payment_terms", "forty-five (45) days"],
    ["MSA with Globex Inc, net 60", "payment_terms", "sixty (60) days"],
    ["MSA with Globex Inc, 150 days notice", "notice_period", "150 days"],
    ["SOW with Globex Inc, acceptance within 10 business days", "acceptance_period", "ten (10) Business Days"],
    ["SOW with Globex Inc, for 6 weeks", "duration", "six (6) weeks"],
    ["SOW with Globex Inc, six-week discovery project", "duration", "six (6) weeks"],
    ["SOW with Globex Inc, 4 months.", "duration", "four (4) months"],
    ["SOW with Globex Inc, 30 days notice", "acceptance_period", undefined],
    ["Consulting agreement with Globex Inc for 3 days a week", "engagement_term", undefined],
    ["Consulting agreement with Globex Inc for 100 days", "engagement_term", "one hundred (100) days"],
    ["SaaS agreement with Globex Inc, 2 year subscription term, 60 days notice of non-renewal", "renewal_notice", "sixty (60) days"],
    ["SaaS agreement with Globex Inc, 2 year subscription term, 60 days notice of non-renewal", "subscription_term", "two (2) years"],
    ["One-way NDA with Globex Inc, confidentiality to last 5 years", "confidentiality_period", "five (5) years"],
    ["Mutual NDA with Globex Inc for two years or three years", "term", undefined]
  ]
  for (const [prompt, blank, value] of table) {
    it(`${JSON.stringify(prompt)} → ${blank} ${value ?? "left out"}`, () => {
      expect(factsOf(prompt)[blank]).toBe(value)
    })
  }
})

describe("never guessing", () => {
  it("fills nothing but the parties when the sentence states nothing else", () => {
    expect(factsOf("Master services agreement with Initech LLC as supplier.")).toEqual({ customer: "Acme Ltd", supplier: "Initech LLC" })
  })

  it("leaves the counterparty out when it is not named", () => {
    expect(factsOf("Draft an MSA where we are the supplier.")).toEqual({ supplier: "Acme Ltd" })
  })
})
