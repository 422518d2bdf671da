import { describe, it } from "@effect/vitest"
import { expectReadings } from "./termClauses.js"

/**
 * An end date or length is the contract's only when the contract or its term is what ends: prices,
 * rights, warranties and plans that run "until" a date under "this Agreement" are not. And a term
 * written as a cover-sheet entry, in words or as a year's anniversary. The contract takes effect on
 * March 1, 2018. Written for this test, none copied from a corpus.
 */
describe("whose end a date is", () => {
  it("reads no end from something else that runs until a date", () => {
    expectReadings([
      ["3. Pricing. The prices set forth in Exhibit B to this Agreement shall remain firm until December 31, 2019.", null],
      ["3. Exclusivity. Distributor's exclusive rights under this Agreement shall continue until June 30, 2019.", null],
      ["3. Minimums. The minimum purchase requirements of this Agreement shall apply through December 31, 2019.", null],
      ["3. Warranty. The warranty given under this Agreement shall expire on December 31, 2020.", null],
      ["3. Insurance. Supplier shall maintain the insurance required by this Agreement through December 31, 2022.", null],
      ["3. Plan. The Marketing Plan under this Agreement for the period ending December 31, 2018 is attached as Exhibit C.", null],
      ["3. Discount. The launch discount provided in this Agreement terminates on September 30, 2018.", null],
      ["3. Forecasts. Buyer's forecast obligations under this Agreement shall end on December 31, 2018.", null],
      ["3. Exclusivity. Distributor's exclusive rights under this Agreement shall continue for a period of two (2) years from the Effective Date.", null],
      ["3. Support. Supplier shall provide the support described in this Agreement for a period of five (5) years.", null],
      ["3. Training. The training program under this Agreement shall last for six (6) months.", null],
      ["3. License. The trademark license granted under this Agreement is perpetual.", null],
      ["3. Restrictions. The use restrictions in this Agreement shall continue indefinitely.", null]
    ])
  })

  it("still reads the contract's own end wherever the sentence puts it", () => {
    expectReadings([
      ["2. Term. Unless sooner terminated, this Agreement shall continue until December 31, 2020.", "2020-12-31"],
      ["2. Term. This Agreement, unless terminated earlier in accordance with its terms, shall expire on June 30, 2021.", "2021-06-30"],
      ["2. Term. The parties agree that the term of this Agreement shall end on March 31, 2020.", "2020-03-31"],
      ["2. Term. The term hereof shall begin on the Effective Date and end on February 28, 2021.", "2021-02-28"],
      ["2. Term. This Agreement and the license granted herein shall remain in effect until terminated.", "perpetual"],
      [
        "2. Term. This Agreement shall be in full force and effect commencing on the Effective Date and shall remain in effect for two (2) years.",
        "2020-03-01"
      ],
      ["2. Term. This Agreement, including all Schedules, shall expire on June 30, 2021.", "2021-06-30"],
      ["2. Term. Consultant's engagement under this Agreement shall end on December 31, 2019.", "2019-12-31"],
      ["2. Appointment. Distributor's appointment hereunder shall continue until December 31, 2020.", "2020-12-31"],
      ["2. Term. This Agreement is effective as of the Effective Date. It shall expire on June 30, 2020.", "2020-06-30"]
    ])
  })
})

describe("a term in other words", () => {
  it("reads a cover-sheet entry, a spelled-out length and a year's anniversary", () => {
    expectReadings([
      ["2. Expiration Date: December 31, 2020", "2020-12-31"],
      ["2. Initial Term: thirty-six (36) months from the Effective Date.", "2021-03-01"],
      ["2. Term of Agreement: Three (3) years.", "2021-03-01"],
      ["2. Term. This Agreement shall continue in effect for forty-eight months from the Effective Date.", "2022-03-01"],
      ["2. Term. The term of this Agreement shall be seventeen years.", "2035-03-01"],
      ["2. Term. This Agreement shall terminate on the fifth (5th) year anniversary of the Effective Date.", "2023-03-01"],
      ["2. Term. This Agreement shall expire on the two-year anniversary of the Effective Date.", "2020-03-01"],
      ["2. Term. This Agreement shall continue until such time as it is terminated by either party in accordance with Section 9.", "perpetual"]
    ])
  })
})

describe("an end by a party's choice", () => {
  it("reads perpetual only where the contract runs until a party ends it at will", () => {
    expectReadings([
      ["2. Term. This Agreement shall remain in force unless terminated by either party on ninety (90) days' notice.", "perpetual"],
      ["2. Term. This Agreement shall remain in effect for the Initial Term set forth in Schedule A, unless sooner terminated.", null],
      ["8. Termination. This Agreement shall terminate at the option of either party if the other party becomes insolvent.", null],
      ["8. Termination. This Agreement shall terminate upon either party giving notice of a material breach that remains uncured for thirty (30) days.", null]
    ])
  })
})
