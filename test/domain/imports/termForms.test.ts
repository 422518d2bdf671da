import { describe, expect, it } from "@effect/vitest"
import { expectReadings, expirationOf } from "./termClauses.js"

/**
 * More ways commercial contracts (supply, licence, distribution, hosting, franchise, amendments) state
 * how long they run, each with the reading a careful paralegal would fill in for a contract that takes
 * effect on March 1, 2018. Written for this test, none copied from a corpus.
 */
describe("an end date written in the term clause", () => {
  it("reads the date however the end is introduced", () => {
    expectReadings([
      ["2. Term. This Agreement shall remain in full force and effect until June 30, 2023, unless sooner terminated as provided herein.", "2023-06-30"],
      ["2. Term. This Agreement shall take effect on the Effective Date and remain in full force and effect through March 31, 2021.", "2021-03-31"],
      ["2. Duration. The Agreement shall be valid until 30 September 2020.", "2020-09-30"],
      ["2. Term. This Agreement shall continue in full force and effect up to and including December 31, 2022.", "2022-12-31"],
      ["2. Term. This Agreement shall expire on December 31, 2025, unless extended by written agreement of the parties.", "2025-12-31"],
      ["2. Term. This Agreement shall terminate at 11:59 p.m. (Eastern Time) on December 31, 2020.", "2020-12-31"],
      ["2. Term. This Agreement shall terminate at 11:59 p.m. Eastern Time on December 31, 2020.", "2020-12-31"],
      ["2. Term. The Term shall end at 5:00 p.m. New York City time on June 30, 2021.", "2021-06-30"],
      ["2. Term. The term of this Agreement is from March 1, 2018 until February 28, 2021.", "2021-02-28"],
      ["2. Term. The term hereof shall begin on April 15, 2018 and end on April 14, 2021.", "2021-04-14"],
      ["2. Term. This Agreement shall be in effect from the Effective Date to and including 31 March 2020.", "2020-03-31"],
      ["2. Term. The Term commences on the Effective Date and concludes on June 30, 2020.", "2020-06-30"],
      ["2. Term. This Agreement shall lapse on 30 June 2020 unless the parties agree otherwise in writing.", "2020-06-30"],
      ["2. Expiry. The expiry date of this Agreement is 31 December 2021.", "2021-12-31"],
      ["2. Term. This Agreement expires June 30, 2020.", "2020-06-30"],
      ["2. Term. The parties agree that this Agreement shall end on 30th June 2021.", "2021-06-30"],
      ["2. Term. This Agreement shall continue until December 31st, 2019.", "2019-12-31"],
      ["2. Term. This Agreement shall remain in effect for a term of five (5) years, expiring on February 28, 2023.", "2023-02-28"],
      ["2. Term. The initial term of this Agreement ends on June 30, 2019 (the \"Expiration Date\").", "2019-06-30"],
      ["2. Term. The Term of this Agreement shall commence on the Effective Date and shall terminate on the 31st day of May, 2020.", "2020-05-31"],
      ["2. Term. This Agreement shall remain in effect through the end of the 2020 calendar year.", "2020-12-31"],
      ["2. Term. Term: March 1, 2018 – February 28, 2019.", "2019-02-28"],
      ["2. Term. The term of this Agreement shall run through and until December 31, 2019.", "2019-12-31"]
    ])
  })

  it("reads a term stated in a list of definitions", () => {
    expectReadings([
      ["2. Definitions. \"Term\" means the period from the Effective Date to December 31, 2020.", "2020-12-31"],
      ["2. Definitions. \"Term\" means the period commencing on the Effective Date and ending on December 31, 2019.", "2019-12-31"],
      ["2. Definitions. \"Term\" shall mean the period beginning on March 1, 2018 and ending on February 29, 2020.", "2020-02-29"],
      ["2. Definitions. \"Expiration Date\" shall mean September 30, 2021.", "2021-09-30"],
      [
        "2. Definitions. \"Term\" means the period beginning on the Effective Date and ending on the third (3rd) anniversary of the Effective Date.",
        "2021-03-01"
      ]
    ])
  })

  it("reads an amendment's new end", () => {
    expectReadings([
      ["2. Extension. The Term is hereby extended until June 30, 2016.", "2016-06-30"],
      [
        "2. Amendment of Term. Section 2 of the Agreement is amended to read in its entirety: \"This Agreement shall remain in effect until June 30, 2016.\"",
        "2016-06-30"
      ],
      ["2. Extension of Term. The parties agree that the term of the Agreement is hereby extended through December 31, 2017.", "2017-12-31"],
      ["2. Amendment. The expiration date of the Agreement is hereby changed to March 31, 2019.", "2019-03-31"]
    ])
  })
})

describe("a term counted from a start", () => {
  it("reads the anniversary the term ends on", () => {
    expectReadings([
      ["2. Term. The Initial Term shall expire on the seventh (7th) anniversary of the Effective Date.", "2025-03-01"],
      ["2. Term. This Agreement shall terminate on the tenth anniversary of the Effective Date unless renewed in accordance with Section 3.", "2028-03-01"],
      ["2. Term. This Agreement shall remain in force until the second anniversary of the date of this Agreement.", "2020-03-01"],
      ["2. Term. The Term shall expire on the date of the fifth anniversary of the Effective Date.", "2023-03-01"],
      ["2. Term. The term shall be the period from the Effective Date through the third anniversary thereof.", "2021-03-01"],
      ["2. Term. This Agreement shall continue in effect until the first (1st) anniversary of the Effective Date.", "2019-03-01"]
    ])
  })

  it("reads a length from the start the words name", () => {
    expectReadings([
      ["2. Term. This Agreement shall be for a period of two (2) years commencing on April 1, 2018.", "2020-04-01"],
      ["2. Term. The Term shall end on the date that is eighteen (18) months after the Effective Date.", "2019-09-01"],
      ["2. Term. The term of this Agreement shall be one (1) year, commencing on the Effective Date.", "2019-03-01"],
      ["2. Term. This Agreement has a term of 24 months from the Effective Date.", "2020-03-01"],
      ["2. Term. This Agreement shall continue for two (2) years from the date first written above.", "2020-03-01"],
      ["2. Term. This Agreement shall remain in effect for three (3) years from the date hereof.", "2021-03-01"],
      ["2. Term. This Agreement shall be effective for a term of four (4) years from the date of its execution.", "2022-03-01"],
      ["2. Term. This Agreement shall terminate five (5) years from the Effective Date.", "2023-03-01"],
      ["2. Term. This Agreement shall be effective for a period of one (1) year from the Effective Date.", "2019-03-01"],
      ["2. Term. The initial term of this Agreement shall be six (6) months beginning on the Effective Date.", "2018-09-01"],
      ["2. Term. This Agreement shall continue in force for a period of two (2) years from the date first above written.", "2020-03-01"],
      [
        "2. Term. This Agreement shall have a term of two (2) years from the Effective Date. Either party may terminate this Agreement at any time, with or without cause, upon sixty (60) days' prior written notice.",
        "2020-03-01"
      ],
      [
        "2. Term. The term of this Agreement shall be three (3) years from the Effective Date. Upon expiration of the initial term, this Agreement shall renew automatically for successive one (1) year terms.",
        "2021-03-01"
      ]
    ])
  })
})

describe("words that give no end date", () => {
  it("reads nothing from a term tied to another agreement or counted from an undated event", () => {
    expectReadings([
      ["2. Term. This Agreement shall be coterminous with the Master Services Agreement.", null],
      ["2. Term. This Agreement shall remain in effect until the expiration or termination of the Master Agreement.", null],
      ["2. Term. The term of this Agreement shall be co-terminous with the term of the License Agreement.", null],
      ["2. Term. This Agreement shall continue for ten (10) years from the date of first commercial sale of a Product.", null],
      ["2. Term. The term of this Agreement shall be five (5) years from Launch.", null],
      ["2. Term. The Initial Term shall expire on the third anniversary of the Launch Date.", null],
      ["2. Term. This Agreement shall continue for five (5) years from the Opening Date of the first Restaurant.", null],
      ["2. Term. This Agreement shall continue until the completion of the Services.", null],
      ["2. Term. This Agreement shall remain in effect so long as Buyer purchases the Minimum Quantity in each calendar year.", null],
      ["2. Term. This Agreement shall remain in effect until the earlier of (a) completion of the Services or (b) termination hereunder.", null],
      ["2. Term. The term of this Agreement shall be three (3) years from the First Delivery Date.", null]
    ])
  })

  it("reads no end from a renewal, an option to extend, or a termination for convenience", () => {
    expectReadings([
      ["2. Termination. Either party may terminate this Agreement at any time for convenience upon thirty (30) days' written notice to the other party.", null],
      ["2. Renewal. This Agreement may be renewed for additional one (1) year periods by mutual written agreement of the parties.", null],
      ["2. Extension. Buyer may extend this Agreement by written notice until December 31, 2030.", null],
      ["2. Option. Supplier grants Buyer an option to extend the Term until June 30, 2028.", null]
    ])
    expect(
      expirationOf(
        "2. Term. This Agreement shall continue for three (3) years from the Effective Date.",
        "3. Extension. This Agreement may be extended by mutual written agreement of the parties until December 31, 2030."
      )
    ).toBe("2021-03-01")
  })
})

describe("a contract that runs until a party ends it", () => {
  it("reads perpetual", () => {
    expectReadings([
      ["2. Term. This Agreement is an evergreen agreement and shall continue until terminated by either party upon thirty (30) days' notice.", "perpetual"],
      ["2. Term. This Agreement shall continue in effect indefinitely.", "perpetual"],
      ["2. Term. This Agreement shall continue from month to month until terminated by either party.", "perpetual"],
      ["2. Term. This Agreement shall remain in effect until cancelled by either party upon sixty (60) days' written notice.", "perpetual"],
      ["2. Term. This Agreement shall continue in effect until terminated in accordance with Article 12.", "perpetual"],
      [
        "2. Term. This Agreement shall continue in effect until terminated by either party, provided that no party may terminate it before December 31, 2019.",
        "perpetual"
      ],
      [
        "2. Term. This Agreement shall commence on the Effective Date and shall continue until either party terminates it by giving ninety (90) days' written notice.",
        "perpetual"
      ],
      ["2. Term. This Agreement has no fixed term and shall remain in effect until terminated by either party upon written notice.", "perpetual"]
    ])
  })
})
