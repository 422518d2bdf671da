import { describe, expect, it } from "@effect/vitest"
import { dateReadings } from "./readers.js"
import { expectReadings } from "./termClauses.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), each quoted verbatim with the reading CUAD's annotators give it,
 * or none where the words date something other than this contract. The file each comes from is named
 * beside it. Start clauses sit in the small licence below; term clauses in termClauses.ts's supply
 * agreement, which takes effect on March 1, 2018.
 */

const opening = "This License Agreement is by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC (\"Licensee\")."
const grant = "1. License. Licensor grants Licensee a non-exclusive license to use the Software in accordance with this Agreement."
const law = "3. Governing Law. This Agreement shall be governed by the laws of the State of California."
const witness = "IN WITNESS WHEREOF, the parties have executed this Agreement."

/** The three date facts of a document of these blocks as the service reads them; null where no fact is found. */
const datesOf = (...blocks: ReadonlyArray<string>) => dateReadings(blocks.join("\n\n"))

/** Two signatures, each dated. */
const signed = (first: string, second: string) => [
  "KESTREL SOFTWARE INC.\nBy: /s/ Ann Lee\nName: Ann Lee\nTitle: CEO\nDate: " + first,
  "ORBIT MEDIA LLC\nBy: /s/ Bo Chan\nName: Bo Chan\nTitle: Manager\nDate: " + second
]

describe("a cover page's start date", () => {
  it("reads the date alone under an \"EFFECTIVE DATE\" label", () => {
    // wide-228.txt (Manufacturers' Services outsourcing agreement): the cover page's two lines.
    expect(datesOf("LICENSE AGREEMENT", "EFFECTIVE DATE", "JUNE 1, 1998", opening, grant, law, witness).effective).toBe("1998-06-01")
  })

  it("reads no start from a date under another label", () => {
    expect(datesOf("LICENSE AGREEMENT", "EXPIRATION DATE", "JUNE 1, 1998", opening, grant, law, witness).effective).toBeNull()
  })
})

describe("a start told in a recital", () => {
  // wide-374.txt (Teleglobe construction and maintenance agreement): a recital of the MOU the parties signed before.
  const recital =
    "WHEREAS, China Telecom, CWHKTI, Chunghwa Telecom, Korea Telecom, Japan Telecom, NTT Com, KDD Corp., Telekom Malaysia, SingTel, and Telstra, (the \"MOU\" Parties\") signed a Memorandum of Understanding to plan the APCN 2 effective from 16th June 1999 (hereinafter referred to as the \"MOU\") to permit activities, as defined in the MOU; and"
  const start =
    "2. Term. This Agreement shall become effective on the date and year first above written and shall continue in operation for at least an initial period of twenty-five (25) years."

  it("reads the contract's own start, not the recital's", () => {
    const dated =
      "This License Agreement is made as of the 18th day of April 2000 by and between Kestrel Software Inc. (\"Licensor\") and Orbit Media LLC (\"Licensee\")."
    expect(datesOf("LICENSE AGREEMENT", dated, recital, grant, start, law, witness).effective).toBe("2000-04-18")
  })

  it("still reads a start outside a recital", () => {
    const own = "2. Term. This Agreement shall be effective from 16th June 1999 and shall continue for two (2) years."
    expect(datesOf("LICENSE AGREEMENT", opening, grant, own, law, witness).effective).toBe("1999-06-16")
  })
})

describe("a start at the last signature", () => {
  it("reads the latest date the parties signed on", () => {
    // wide-199.txt (iPass reseller agreement), signed 4/24/2018 and 04/25/2018.
    const lastSignature = "\"Effective Date\" means the date of last signature on this Agreement."
    expect(datesOf("LICENSE AGREEMENT", opening, lastSignature, grant, law, witness, ...signed("4/24/2018", "04/25/2018")).effective)
      .toBe("2018-04-25")
    // wide-384.txt (TriZetto maintenance agreement), signed March 4, 1998 and 3-5-98.
    const acceptance = "This Agreement shall be effective on the date of signed acceptance (\"Effective Date\") by MMMW."
    expect(datesOf("LICENSE AGREEMENT", opening, grant, acceptance, law, witness, ...signed("March 4, 1998", "3-5-98")).effective)
      .toBe("1998-03-05")
  })

  it("reads no start at the last signature from a day after it", () => {
    // wide-318.txt (Quantum Group hosting agreement): the start is the day after, which no signature dates.
    const dayAfter =
      "This Agreement will be effective beginning on 12:01 a.m., Eastern Time, on the day after the date of last signature to these Base Terms (\"Effective Date\")."
    const dated =
      "This License Agreement is made as of December 1, 2008 by and between Kestrel Software Inc. (\"Licensor\") and Orbit Media LLC (\"Licensee\")."
    expect(datesOf("LICENSE AGREEMENT", dated, grant, dayAfter, law, witness, ...signed("December 1, 2008", "December 2, 2008")).effective)
      .toBe("2008-12-01")
  })
})

describe("an end in a part attached to the contract", () => {
  it("reads no contract end from services performed through a date", () => {
    expectReadings([
      // wide-228.txt (Manufacturers' Services outsourcing agreement): an amendment's new words for a statement of work.
      [
        "\"This is a Supplement to Attachment 1, Statement of Work (\"SOW\"), and outlines the Transition Services that will be performed by both Parties from the Effective Date of the Agreement through February 25, 1999.\"",
        null
      ]
    ])
  })

  it("still reads a term written with no verb", () => {
    expectReadings([["2. Term of this Agreement: from the Effective Date through December 31, 2019.", "2019-12-31"]])
  })
})

describe("a contract that runs until it is terminated", () => {
  it("reads perpetual from a contract that governs thereafter unless terminated", () => {
    expectReadings([
      // wide-098.txt (Domini Advisor Trust sponsorship agreement).
      [
        "6. Duration, Termination and Amendments of this Agreement. This Agreement shall become effective as of the day and year first above written and shall govern the relations between the parties hereto thereafter, unless terminated as set forth in this Section 6.",
        "perpetual"
      ]
    ])
  })

  it("reads no open end from renewals that run thereafter unless terminated", () => {
    expectReadings([
      // wide-368.txt (STW Resources cooperation agreement): the thirty years end it.
      [
        "3. Term. Subject to the other provisions contained herein, this AGREEMENT shall be for a term of thirty (30) years from the Effective Date, which shall automatically renew from year-to-year thereafter unless terminated by a Party upon sixty (60) days' written notice after the end of the term.",
        "2048-03-01"
      ],
      ["2. Renewal. This Agreement shall renew for successive one-year periods thereafter, unless terminated by either party.", null]
    ])
  })
})
