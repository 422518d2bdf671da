import { describe, expect, it } from "@effect/vitest"
import { parseDocument } from "../../../src/Domain/Imports/ParseDocument.js"
import { normalizedValue } from "../../../src/Domain/Words/FactReading.js"
import { startReadings } from "./readers.js"

/**
 * The expiration as a whole contract reads it: the term clause below is set in a small agreement
 * dated March 1, 2018 (its Effective Date), and the expiration fact's reading is checked. The
 * sentences are written the ways commercial contracts write a term, none copied from the corpus.
 */
const contract = (termClause: string) =>
  [
    "CONSULTING AGREEMENT",
    "This Consulting Agreement (the \"Agreement\") is made and entered into as of March 1, 2018 (the \"Effective Date\") by and between Acme Widgets, Inc., a Delaware corporation (\"Company\"), and Beta Labs LLC, a Texas limited liability company (\"Consultant\").",
    "1. Services. Consultant shall provide the services described in Exhibit A to the Company in a professional manner.",
    termClause,
    "3. Governing Law. This Agreement shall be governed by the laws of the State of New York.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.",
    "Acme Widgets, Inc.\nBy: /s/ John Smith\nName: John Smith\nTitle: CEO"
  ].join("\n\n")

/** The expiration's reading: an ISO date, `perpetual`, `null` when none is read. */
const expirationOf = (termClause: string): string | null => {
  const text = contract(termClause)
  const outcome = parseDocument({ text, pages: [{ page: 1, start: 0, end: text.length }] })
  if (outcome._tag !== "Parsed") throw new Error(outcome.detail)
  const facts = outcome.parse.facts
  const expiration = facts.find((fact) => fact.name === "expiration_date")
  if (expiration === undefined) return null
  const reading = normalizedValue(expiration, facts)
  if (reading === null) throw new Error(`"${expiration.value}" was read as the expiration but has no reading`)
  return reading
}

describe("the expiration of a contract, as its term clause states it", () => {
  it("counts a term from the start", () => {
    const cases: Array<[string, string]> = [
      [
        "2. Term. The term of this Agreement shall commence on the Effective Date and shall continue for a period of three (3) years thereafter, unless earlier terminated in accordance with Section 8.",
        "2021-03-01"
      ],
      [
        "2. Term. Unless terminated earlier pursuant to Section 8, this Agreement shall have an initial term of ten (10) years commencing on the Effective Date.",
        "2028-03-01"
      ],
      [
        "2. Term. The term of this Agreement shall be five (5) years from the Effective Date. Thereafter, this Agreement shall automatically renew for successive one (1) year periods unless either party gives notice of non-renewal at least ninety (90) days prior to the end of the then-current term.",
        "2023-03-01"
      ],
      ["2. TERM. THIS AGREEMENT SHALL COMMENCE ON THE EFFECTIVE DATE AND CONTINUE FOR A PERIOD OF THREE (3) YEARS.", "2021-03-01"],
      ["2. Term. The term of this Agreement shall be for a period of thirty-six (36) months commencing on the Effective Date.", "2021-03-01"],
      ["2. Term. The Initial Term of this Agreement shall be a period of five (5) years following the Effective Date.", "2023-03-01"],
      [
        "2. Term. The term of this Agreement shall commence on the Effective Date and shall end three (3) years from the Effective Date, unless terminated earlier.",
        "2021-03-01"
      ],
      ["2. Term. The Agreement shall remain valid for 3 years after signing.", "2021-03-01"],
      [
        "2. Term. The Term shall be the period beginning on the Effective Date and ending on the date that is three (3) years after the Effective Date.",
        "2021-03-01"
      ],
      [
        "2. Term. The initial term of this Agreement shall begin on the Effective Date and end on the fifth (5th) anniversary of the Effective Date (the \"Initial Term\").",
        "2023-03-01"
      ],
      ["2. Term. The Term of this Agreement shall commence on the Effective Date and expire on the third anniversary thereof.", "2021-03-01"],
      ["2. Term. This Agreement shall remain in effect for three (3) years commencing on January 1, 2019.", "2022-01-01"]
    ]
    for (const [clause, expected] of cases) expect([clause, expirationOf(clause)]).toEqual([clause, expected])
  })

  it("reads an end written as a date, however it is introduced", () => {
    const cases: Array<[string, string]> = [
      [
        "2. Term. This Agreement shall be effective as of the Effective Date and shall remain in effect until December 31, 2020, unless terminated earlier.",
        "2020-12-31"
      ],
      ["2. Term. This Agreement shall expire at midnight on December 31, 2009.", "2009-12-31"],
      ["2. Term. This Agreement shall terminate on the earlier of (a) December 31, 2010 or (b) the date on which the Products are discontinued.", "2010-12-31"],
      ["2. Term. The term of this Agreement shall run from the Effective Date through and including December 31, 2020.", "2020-12-31"],
      ["2. Term. This Agreement shall be in force from the Effective Date until 31 December 2021.", "2021-12-31"],
      ["2. Term. This Agreement shall commence on the Effective Date and remain in effect until the end of the calendar year 2019.", "2019-12-31"],
      ["2. Term. This Agreement shall be effective from January 1, 2005 to December 31, 2007.", "2007-12-31"],
      ["2. Definitions. \"Expiration Date\" means June 30, 2012.", "2012-06-30"],
      ["2. Amendment of Term. The Term of the Agreement is hereby extended to December 31, 2015.", "2015-12-31"],
      ["2. Term. The term of this Agreement shall be from the Effective Date until the close of business on September 30, 2021.", "2021-09-30"]
    ]
    for (const [clause, expected] of cases) expect([clause, expirationOf(clause)]).toEqual([clause, expected])
  })

  it("reads a contract with no end as perpetual", () => {
    const cases = [
      "2. Term. This Agreement shall remain in effect until terminated by either party upon thirty (30) days written notice to the other party.",
      "2. Term. This Agreement will remain in force for an indefinite period.",
      "2. Term. This Agreement shall commence on the Effective Date and shall continue in full force and effect unless terminated as provided in Section 8.",
      "2. Term. This Agreement shall continue in effect until either party terminates it upon sixty (60) days prior written notice.",
      "2. Term. This Agreement shall continue in effect until the parties agree in writing to terminate it.",
      "2. Term. Your employment shall commence on the Effective Date and shall continue unless and until either party gives notice to the other in accordance with paragraph 11 below.",
      "2. Termination. This Agreement shall terminate (a) at the option of any party, upon 90 days' advance written notice to the other parties hereto; or (b) in the event of a material breach."
    ]
    for (const clause of cases) expect([clause, expirationOf(clause)]).toEqual([clause, "perpetual"])
  })

  it("reads no expiration from lengths of something else, or from an event no fact dates", () => {
    const cases = [
      "2. Term. This Agreement shall continue for a period of ten (10) years from the date of first commercial sale of the Product.",
      "2. Term. Company may terminate this Agreement at any time upon thirty (30) days notice. Consultant's obligations under Section 5 shall survive for a period of two (2) years after termination.",
      "2. Fees. Company shall pay Consultant a monthly fee of $5,000 for a period of twelve (12) months.",
      "2. Non-Competition. For a period of two (2) years following the Effective Date, Consultant shall not compete with the Company."
    ]
    for (const clause of cases) expect([clause, expirationOf(clause)]).toEqual([clause, null])
  })
})

/** The agreement and effective dates as a whole contract reads them, its signature page dated by each signer. */
const signedContract = (preamble: string) =>
  [
    "SERVICES AGREEMENT",
    preamble,
    "1. Services. Provider shall perform the services in Exhibit A for the Client in a professional manner.",
    "2. Governing Law. This Agreement shall be governed by the laws of the State of Texas.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement.",
    "ALPHA SERVICES LLC\nBy: /s/ Ann Lee\nName: Ann Lee\nTitle: CEO\nDate: June 3, 2016",
    "OMEGA CORP.\nBy: /s/ Bo Chan\nName: Bo Chan\nTitle: President\nDate: June 7, 2016"
  ].join("\n\n")

const startsOf = (preamble: string) => {
  const text = signedContract(preamble)
  return startReadings(text)
}

describe("the agreement and effective dates", () => {
  it("dates a contract effective on its last signature by the latest date signed", () => {
    expect(startsOf(
      "This Services Agreement is entered into by and between Alpha Services LLC (\"Provider\") and Omega Corp. (\"Client\"), effective as of the date of the last signature below (the \"Effective Date\")."
    )).toEqual(["2016-06-07", "2016-06-07"])
    expect(
      startsOf(
        "This Services Agreement is entered into as of the date last signed below by and between Alpha Services LLC (\"Provider\") and Omega Corp. (\"Client\")."
      )
    )
      .toEqual(["2016-06-07", null])
  })

  it("reads an effective date stated apart from the date the agreement was made", () => {
    expect(startsOf(
      "This Services Agreement (the \"Agreement\") is made on May 1, 2016 by and between Alpha Services LLC (\"Provider\") and Omega Corp. (\"Client\"). The Effective Date of this Agreement is July 1, 2016."
    )).toEqual(["2016-05-01", "2016-07-01"])
    // "Corp. (" ends no sentence: the commencement is the agreement's.
    expect(startsOf(
      "This Services Agreement is made as of May 1, 2016 by and between Alpha Services LLC (\"Provider\") and Omega Corp. (\"Client\"), and shall commence on July 1, 2016 (the \"Commencement Date\")."
    )).toEqual(["2016-05-01", "2016-07-01"])
    expect(startsOf("This Services Agreement dated May 1, 2016 is between Alpha Services LLC (\"Provider\") and Omega Corp. (\"Client\")."))
      .toEqual(["2016-05-01", null])
  })
})
