import { describe, expect, it } from "@effect/vitest"
import { dateReadings } from "./readers.js"
import { expectReadings } from "./termClauses.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), each quoted verbatim with the reading CUAD's annotators give it
 * (or none, where the words give no date a person could check). The term clauses sit in the supply
 * agreement of termClauses.ts, which takes effect on March 1, 2018, or in the undated licence below.
 */

const licence = (...blocks: ReadonlyArray<string>) =>
  [
    "LICENSE AGREEMENT",
    ...blocks,
    "3. Governing Law. This Agreement shall be governed by the laws of the State of California.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement.",
    "KESTREL SOFTWARE INC.\nBy: /s/ Ann Lee\nName: Ann Lee\nTitle: CEO",
    "ORBIT MEDIA LLC\nBy: /s/ Bo Chan\nName: Bo Chan\nTitle: Manager"
  ].join("\n\n")

const opening = "This License Agreement is by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC (\"Licensee\")."
const grant = "1. License. Licensor grants Licensee a non-exclusive license to use the Software in accordance with this Agreement."

/** The date facts of the licence as the service reads them; null where no fact is found. */
const datesOf = (...blocks: ReadonlyArray<string>) => dateReadings(licence(...blocks))

const twentyYears =
  "2. The term of the agreement is 20 years, during which if any main equipment of any Party stops operation due to technical problem or at the end of its life cycle, the agreement shall be automatically terminated."

describe("a term length with no start date to count from", () => {
  it("reads the end when the contract is dated", () => {
    expectReadings([[twentyYears, "2038-03-01"]])
  })

  it("leaves the expiration missing when nothing dates the start", () => {
    expect(datesOf(opening, grant, twentyYears)).toEqual({ agreement: null, effective: null, expiration: null })
  })
})

describe("the terms of the contract as the subject", () => {
  it("reads the end of all the contract's terms", () => {
    expectReadings([
      ["All terms of this Agreement will automatically commence on November 1st, 2017, and expire on November 2nd, 2020.", "2020-11-02"]
    ])
  })

  it("reads no end from terms that are a part of the contract", () => {
    expectReadings([["The payment terms of this Agreement shall remain fixed until December 31, 2019.", null]])
  })
})

describe("a contract that lasts as long as another", () => {
  it("reads perpetual when it runs until another agreement ends", () => {
    expectReadings([
      [
        "Unless otherwise agreed in writing by Accuray and Distributor and subject to the termination rights contained in this Agreement, this Agreement shall begin on the Effective Date and shall continue until the termination of the Strategic Alliance Agreement; provided, however, that if a Termination Election relating to this Agreement is made pursuant to Section 10.3 of the Strategic Alliance Agreement prior to such termination, this Agreement shall terminate 36 months after such Termination Election (the \"Term\").",
        "perpetual"
      ]
    ])
  })

  it("does not read its own initial term's end as another agreement's", () => {
    expectReadings([
      ["2. Term. This Agreement shall continue until the expiration of the Initial Term of this Agreement.", null],
      ["2. Term. This Agreement shall continue until the termination of the Renewal Agreement.", null]
    ])
  })
})

describe("an effective date that is an event", () => {
  it("reads no effective date from conditions to be satisfied", () => {
    expect(
      datesOf(
        "This License Agreement is made as of May 1, 2003 by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC (\"Licensee\").",
        grant,
        "1.27 \"Effective Date\" means the first business day following the date on which the last of the conditions contained in Section 16.15 of this Agreement has been satisfied."
      )
    ).toEqual({ agreement: "2003-05-01", effective: null, expiration: null })
  })

  it("still reads an effective date the definition writes", () => {
    expect(
      datesOf(
        "This License Agreement is made as of May 1, 2003 by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC (\"Licensee\").",
        grant,
        "1.9. \"Effective Date\" shall mean May 1, 2016."
      ).effective
    ).toEqual("2016-05-01")
  })
})

describe("the agreement date", () => {
  it("is the defined start when the opening makes the contract as of the Effective Date", () => {
    expect(
      datesOf(
        "This Manufacturing and Supply Agreement (this \"Agreement\") is entered into as of the Effective Date (as defined below) by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC (\"Licensee\").",
        grant,
        "1.5\"Effective Date\" shall mean December 5, 2014."
      )
    ).toEqual({ agreement: "2014-12-05", effective: "2014-12-05", expiration: null })
  })

  it("is not a start the opening does not name", () => {
    expect(datesOf(opening, grant, "1.5\"Effective Date\" shall mean December 5, 2014.").agreement).toBeNull()
  })

  it("is not the date of the filing the contract was copied from", () => {
    expect([
      datesOf(`${opening} 23.ACKNOWLEDGMENTS. 21 24.COUNTERPARTS. 22 Source: EL POLLO LOCO HOLDINGS, INC., 10-K, 3/6/2020`, grant).agreement,
      datesOf(
        "23.ACKNOWLEDGMENTS. 21 24.COUNTERPARTS. 22 Source: EL POLLO LOCO HOLDINGS, INC., 10-K, 3/6/2020",
        "This License Agreement is made as of May 1, 2003 by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC (\"Licensee\").",
        grant
      ).agreement
    ]).toEqual([null, "2003-05-01"])
  })

  it("is never the date the contract ends", () => {
    expect(datesOf(opening, "Termination Date: December 31, 2023", grant).agreement).toBeNull()
  })
})
