import { describe, expect, it } from "@effect/vitest"
import { expectReadings, expirationOf } from "./termClauses.js"

/**
 * Term clauses that take a detour: an end stated through a defined period, a contract year or a
 * month, an adverb between the verb and the date, an amendment that extends the term, and the
 * franchise, hosting and sponsorship terms counted from an event no date fixes. The contract takes
 * effect on March 1, 2018. Written for this test, none copied from a corpus.
 */
describe("an end stated with a detour", () => {
  it("reads the date past an adverb, a conjunction or a choice of two ends", () => {
    expectReadings([
      ["2. Term. This Agreement will terminate automatically on December 31, 2020.", "2020-12-31"],
      ["2. Term. This Agreement shall expire automatically on 30 June 2021 without notice.", "2021-06-30"],
      ["2. Term. This Agreement shall continue in full force and effect until and including June 30, 2020.", "2020-06-30"],
      ["2. Term. This Agreement shall remain in force until the 30th day of June, 2021.", "2021-06-30"],
      ["2. Term. This Agreement shall remain in effect for the period ending December 31, 2020.", "2020-12-31"],
      ["2. Term. This Agreement shall be in effect for one year from January 1, 2019 to December 31, 2019.", "2019-12-31"],
      [
        "2. Term. This Agreement shall expire on the earlier of (i) the third anniversary of the Effective Date or (ii) the date on which Buyer ceases to purchase the Products.",
        "2021-03-01"
      ],
      ["2. Term. This Agreement shall expire at the end of June 2020.", "2020-06-30"],
      ["2. Term. The term of this Agreement shall run until the end of September 2019.", "2019-09-30"]
    ])
  })

  it("counts a length however it is said", () => {
    expectReadings([
      ["2. Term. This Agreement is for a one-year term beginning on the Effective Date.", "2019-03-01"],
      ["2. Term. The Term shall be twelve (12) months, starting on the Effective Date.", "2019-03-01"],
      ["2. Duration. This Agreement shall last for two (2) years from the Effective Date.", "2020-03-01"],
      ["2. Duration. This Agreement shall run for 3 years from the Effective Date.", "2021-03-01"],
      [
        "2. Term. The term of this Agreement shall commence on the Effective Date and continue until the date that is three (3) years following the Effective Date.",
        "2021-03-01"
      ],
      ["2. Definitions. \"Initial Term\" means the period of three (3) years from the Effective Date.", "2021-03-01"],
      ["2. Term. This Agreement shall have an initial term of three (3) Contract Years.", "2021-03-01"],
      [
        "2. Term. This Agreement shall continue until the end of the third Contract Year. \"Contract Year\" means each period of twelve (12) consecutive months beginning on the Effective Date or an anniversary of it.",
        "2021-03-01"
      ]
    ])
  })
})

describe("an end in the words of a cover sheet, a statement of work or a signature", () => {
  it("reads the end", () => {
    expectReadings([
      ["2. Contract Period: 1 April 2018 to 31 March 2020", "2020-03-31"],
      ["2. Term: Effective Date through December 31, 2020", "2020-12-31"],
      ["2. Term. The term of this SOW shall be from March 1, 2018 through August 31, 2018.", "2018-08-31"],
      ["2. Term. This Agreement shall continue for an initial term ending on December 31, 2020.", "2020-12-31"],
      ["2. Term. The Term shall be deemed to have commenced on the Effective Date and shall end on June 30, 2020.", "2020-06-30"],
      ["2. Term. This Agreement shall automatically expire and terminate on March 31, 2021.", "2021-03-31"],
      ["2. Term. This Agreement shall remain in effect until (and including) December 31, 2020.", "2020-12-31"],
      ["2. Term. This Agreement begins on the Effective Date and lasts for 2 years.", "2020-03-01"],
      ["2. Term. This Agreement shall remain in effect for a period of one year from the date of the last signature hereto.", "2019-03-01"],
      ["2. Term. This Agreement shall continue for two (2) years from the date on which it is signed by both parties.", "2020-03-01"],
      ["2. Term. The Term shall end on the day before the fifth anniversary of the Effective Date.", "2023-02-28"],
      ["2. Term. This Agreement shall expire on the day immediately preceding the third (3rd) anniversary of the Effective Date.", "2021-02-28"]
    ])
  })

  it("reads nothing from an end no date fixes", () => {
    expectReadings([
      ["2. Term. This Agreement expires on the date the last Purchase Order is fulfilled.", null],
      ["2. Term. This Agreement expires at the end of the Initial Term.", null]
    ])
  })
})

describe("an amendment that moves the end", () => {
  it("reads the new end", () => {
    expectReadings([
      [
        "2. Amendment. Section 3.1 of the Agreement is hereby deleted in its entirety and replaced with the following: \"3.1 Term. The term of this Agreement shall continue until December 31, 2019.\"",
        "2019-12-31"
      ],
      [
        "2. Extension. The parties hereby agree to extend the Term of the Agreement for an additional one (1) year period, such that the Term shall now expire on June 30, 2019.",
        "2019-06-30"
      ],
      ["2. Extension. The Term of the Agreement is extended through and including March 31, 2020.", "2020-03-31"],
      ["2. Extension. The Agreement, which would otherwise expire on December 31, 2018, is hereby extended until December 31, 2019.", "2019-12-31"]
    ])
    expect(
      expirationOf(
        "WHEREAS, the Agreement is scheduled to expire on December 31, 2018, and the parties wish to extend its term.",
        "2. Extension. The Term of the Agreement is hereby extended until June 30, 2020."
      )
    ).toBe("2020-06-30")
    // A recital of an earlier agreement that has ended says nothing of this one's end.
    expect(expirationOf("WHEREAS, the parties were parties to a distribution agreement that remained in effect until December 31, 2017.")).toBeNull()
  })
})

describe("no end the words fix", () => {
  it("reads nothing from seasons, events and other agreements", () => {
    expectReadings([
      ["2. Term. This Sponsorship Agreement shall cover the 2019, 2020 and 2021 racing seasons.", null],
      ["2. Term. The term of this Sponsorship Agreement shall commence on the Effective Date and end upon the conclusion of the 2020 Event.", null],
      ["2. Term. The Initial Term of this Agreement is thirty-six (36) months from the Go-Live Date.", null],
      ["2. Term. The term of this Franchise shall be ten (10) years from the date the Restaurant opens for business.", null],
      ["2. Term. This Agreement shall expire ten (10) years after the date on which the Franchised Business opens.", null],
      ["2. Term. This Agreement shall automatically terminate upon the expiration of the Distribution Agreement.", null],
      ["2. Term. The Term will continue until the seventh (7th) anniversary of the Service Commencement Date.", null],
      ["2. Term. Unless earlier terminated, this Agreement shall continue in effect until all Products have been delivered.", null],
      ["2. Term. This Agreement shall continue until the end of the third Contract Year.", null]
    ])
  })

  it("reads perpetual from a contract that says it has no fixed end", () => {
    expectReadings([
      ["2. Term. This Agreement shall have no fixed term, and either party may terminate it upon thirty (30) days' written notice.", "perpetual"],
      ["2. Term. This Agreement has no expiration date and shall remain in effect until terminated as provided in Section 8.", "perpetual"],
      ["2. Term. This Agreement shall continue on a month-to-month basis until terminated by either party.", "perpetual"]
    ])
    // A contract year that is a calendar year ends on December 31, not on an anniversary, and the reading counts only
    // anniversaries: it reads nothing rather than a wrong day.
    expect(
      expirationOf(
        "2. Term. This Agreement shall continue until the end of the third Contract Year.",
        "3. Definitions. \"Contract Year\" means each calendar year during the Term, the first Contract Year being 2018."
      )
    ).toBeNull()
  })
})
