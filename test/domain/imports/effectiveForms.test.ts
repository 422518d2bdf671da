import { describe, expect, it } from "@effect/vitest"
import { startReadings } from "./readers.js"

/**
 * The agreement date and the effective date as contracts state them up front or in a clause, each
 * set in a small licence whose signers dated their signatures June 3 and June 7, 2016, with the
 * readings a careful paralegal would fill in ([agreement date, effective date], null where the words
 * give none). Written for this test, none copied from a corpus.
 */
const contract = (preamble: string, clause: string) =>
  [
    "LICENSE AGREEMENT",
    preamble,
    "1. License. Licensor grants Licensee a non-exclusive license to use the Software in accordance with this Agreement.",
    clause,
    "3. Governing Law. This Agreement shall be governed by the laws of the State of California.",
    "IN WITNESS WHEREOF, the parties have executed this Agreement.",
    "KESTREL SOFTWARE INC.\nBy: /s/ Ann Lee\nName: Ann Lee\nTitle: CEO\nDate: June 3, 2016",
    "ORBIT MEDIA LLC\nBy: /s/ Bo Chan\nName: Bo Chan\nTitle: Manager\nDate: June 7, 2016"
  ].join("\n\n")

const plainTerm = "2. Term. This Agreement shall continue in effect for two (2) years unless terminated earlier in accordance with Section 8."
const parties =
  "by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC, a Nevada limited liability company (\"Licensee\")"

const startsOf = (preamble: string, clause = plainTerm) => {
  const text = contract(preamble, clause)
  return startReadings(text)
}

const expectStarts = (cases: ReadonlyArray<readonly [string, string, ReadonlyArray<string | null>]>) => {
  expect(cases.map(([preamble, clause]) => [preamble, clause, startsOf(preamble, clause)])).toEqual(
    cases.map(([preamble, clause, expected]) => [preamble, clause, expected])
  )
}

describe("the agreement date and the effective date", () => {
  it("reads the date the preamble says the agreement was made, and an effective date only where the words give one", () => {
    expectStarts([
      [`This License Agreement is made this 5th day of May, 2011, ${parties}.`, plainTerm, ["2011-05-05", null]],
      [`This License Agreement, dated as of May 1, 2016, is ${parties}.`, plainTerm, ["2016-05-01", null]],
      [`THIS AGREEMENT is dated 1 May 2016 and is made ${parties}.`, plainTerm, ["2016-05-01", null]],
      [`This License Agreement is made as of this 1st day of May, 2016, ${parties}.`, plainTerm, ["2016-05-01", null]],
      [`This Agreement made the 5th of May 2011 ${parties}.`, plainTerm, ["2011-05-05", null]],
      [`This License Agreement is made and entered into as of the 1st day of May, 2016 (the "Effective Date"), ${parties}.`, plainTerm, [
        "2016-05-01",
        "2016-05-01"
      ]],
      [`This License Agreement ("Agreement") is effective as of July 1, 2016 ("Effective Date") and is entered into ${parties}.`, plainTerm, [
        "2016-07-01",
        "2016-07-01"
      ]],
      [`This Agreement is made effective the 1st day of July, 2016 ${parties}.`, plainTerm, ["2016-07-01", "2016-07-01"]]
    ])
  })

  it("reads an effective date stated apart from the date of making", () => {
    expectStarts([
      [`This License Agreement is entered into on May 1, 2016 and is effective July 1, 2016, ${parties}.`, plainTerm, ["2016-05-01", "2016-07-01"]],
      [`This License Agreement is entered into on May 1, 2016, effective as of May 15, 2016, ${parties}.`, plainTerm, ["2016-05-01", "2016-05-15"]],
      [`This License Agreement is entered into on May 1, 2016 and effective retroactively as of January 1, 2016, ${parties}.`, plainTerm, [
        "2016-05-01",
        "2016-01-01"
      ]],
      [`This License Agreement is made as of May 1, 2016 ${parties}.`, "2. Definitions. \"Effective Date\" means July 1, 2016.", ["2016-05-01", "2016-07-01"]],
      [
        `This License Agreement is made as of May 1, 2016 ${parties}.`,
        "2. Term. The term of this Agreement shall commence on July 1, 2016 and continue for two (2) years.",
        [
          "2016-05-01",
          "2016-07-01"
        ]
      ],
      [`This License Agreement is made on 1 May 2016 ${parties}.`, "2. Commencement. This Agreement shall come into force on 1 July 2016.", [
        "2016-05-01",
        "2016-07-01"
      ]],
      [`This License Agreement is made as of May 1, 2016 ${parties}.`, "2. Commencement. The \"Commencement Date\" shall be July 1, 2016.", [
        "2016-05-01",
        "2016-07-01"
      ]],
      [`Effective Date: July 1, 2016\nThis License Agreement is made as of May 1, 2016 ${parties}.`, plainTerm, ["2016-05-01", "2016-07-01"]],
      [`This License Agreement is made as of May 1, 2016 ${parties}.`, "2. Effect. This Agreement takes effect on July 1, 2016.", ["2016-05-01", "2016-07-01"]],
      [`This License Agreement is made on 1 May 2016 ${parties}.`, "2. Commencement. This Agreement applies with effect from 1 July 2016.", [
        "2016-05-01",
        "2016-07-01"
      ]],
      [`This Amendment No. 1 is made as of May 1, 2016 ${parties}.`, "2. Effect. The Effective Date of this Amendment is July 1, 2016.", [
        "2016-05-01",
        "2016-07-01"
      ]],
      [`This License Agreement is made as of May 1, 2016 ${parties}.`, "2. Effect. This Agreement shall be deemed effective as of April 1, 2016.", [
        "2016-05-01",
        "2016-04-01"
      ]]
    ])
  })

  it("takes the date of making, or the last signature, as the effective date when the words tie them", () => {
    expectStarts([
      [`This License Agreement is made as of May 1, 2016 ${parties}.`, "2. Effect. This Agreement shall be effective as of the date first written above.", [
        "2016-05-01",
        "2016-05-01"
      ]],
      [`This License Agreement is made as of May 1, 2016 ${parties}.`, "2. Effect. This Agreement is effective as of the date first above written.", [
        "2016-05-01",
        "2016-05-01"
      ]],
      [`This License Agreement is entered into ${parties}.`, "2. Effect. This Agreement shall become effective upon its execution by both parties.", [
        "2016-06-07",
        "2016-06-07"
      ]],
      [
        `This License Agreement is entered into ${parties}.`,
        "2. Effect. This Agreement shall be effective as of the date on which it has been signed by both parties.",
        [
          "2016-06-07",
          "2016-06-07"
        ]
      ],
      [`This License Agreement is entered into ${parties}.`, "2. Term. This Agreement shall commence on the date of signature by the last party to sign it.", [
        "2016-06-07",
        "2016-06-07"
      ]],
      [`This Amendment No. 2 is entered into as of May 1, 2016 (the "Amendment Effective Date") ${parties}.`, plainTerm, ["2016-05-01", "2016-05-01"]],
      [`This License Agreement is made as of May 1, 2016 ${parties}.`, "2. Effect. This Agreement is effective upon execution.", ["2016-05-01", "2016-05-01"]]
    ])
  })
})
