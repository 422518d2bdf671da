import { describe, expect, it } from "@effect/vitest"
import { readDate } from "../../../src/Domain/Words/FactReading.js"
import { startReadings } from "./readers.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), each quoted verbatim with the reading CUAD's annotators give it
 * (or none, where the words date something other than this contract). Openings and start clauses sit
 * in the licence below, whose signatures carry no dates, and name its parties where the contract named
 * its own. The term clauses are in datesWide.test.ts.
 */

const licence = (opening: string, clause: string, witness: string) =>
  [
    "LICENSE AGREEMENT",
    opening,
    "1. License. Licensor grants Licensee a non-exclusive license to use the Software in accordance with this Agreement.",
    clause,
    "3. Governing Law. This Agreement shall be governed by the laws of the State of California.",
    witness,
    "KESTREL SOFTWARE INC.\nBy: /s/ Ann Lee\nName: Ann Lee\nTitle: CEO",
    "ORBIT MEDIA LLC\nBy: /s/ Bo Chan\nName: Bo Chan\nTitle: Manager"
  ].join("\n\n")

const plainTerm = "2. Term. This Agreement shall continue in effect for two (2) years unless terminated earlier in accordance with Section 8."
const plainWitness = "IN WITNESS WHEREOF, the parties have executed this Agreement."
const parties = "by and between Kestrel Software Inc., a Delaware corporation (\"Licensor\"), and Orbit Media LLC (\"Licensee\")."

/** [agreement date, effective date] as the service reads them; null where no fact is found. */
const startsOf = (opening: string, clause = plainTerm, witness = plainWitness) => {
  const text = licence(opening, clause, witness)
  return startReadings(text)
}

describe("the agreement date and the effective date", () => {
  it("reads a form's half-blank date as the month and year, or the year", () => {
    expect([
      startsOf(
        `Strategic Alliance Agreement AGREEMENT made as of , 2013, between Freedom Mortgage Corporation, a New Jersey corporation ("Freedom Mortgage"), ${parties}`
      ),
      startsOf(`This TRADEMARK LICENSE AGREEMENT ( "Agreement"), is entered into as of September ___, 2019 ("Effective Date"), ${parties}`),
      startsOf(`This TRADEMARK LICENSE AGREEMENT (the "Agreement") is effective as of the [·] day of [·], 2019 ("Effective Date") ${parties}`)
    ]).toEqual([["2013", null], ["2019-09", "2019-09"], ["2019", "2019"]])
  })

  it("reads a day in words, a torn ordinal and a full stop after the month", () => {
    expect([
      startsOf(`THIS MANUFACTURING AGREEMENT (the "Agreement") is made this first day of July, 2017 (the "Effective Date") ${parties}`),
      startsOf(`This Outsourcing Agreement (" Agreement") is executed as of this 1 st day of May 2006, ${parties}`),
      startsOf(
        `This STRATEGIC' ALLIANCE AGREEMENT (including the exhibits and schedules hereto, this "Agreement") is made and entered into this 16 day of August. 2012 (the "Effective Date") ${parties}`
      )
    ]).toEqual([["2017-07-01", "2017-07-01"], ["2006-05-01", null], ["2012-08-16", "2012-08-16"]])
  })

  it("dates an amendment by its own words, not the agreement it amends", () => {
    expect(
      startsOf(
        `This Second Amendment ("Second Amendment"), entered into by and between Stremick's Heritage Foods, LLC, ("Heritage"), Premier Nutrition Corporation ("Premier") is effective as of October 1, 2018 ("Second Amendment Effective Date") and amends that certain Manufacturing Agreement between Heritage and Premier dated July 1, 2017 ("Agreement").`
      )
    ).toEqual(["2018-10-01", "2018-10-01"])
  })

  it("reads the witness clause's date when the opening gives none", () => {
    expect(
      startsOf(
        `This Agreement is ${parties}`,
        plainTerm,
        "IN WITNESS WHEREOF, the parties hereto have executed this Agreement as of this 4th day of April, 2003."
      )
    ).toEqual(["2003-04-04", null])
  })

  it("reads the start a clause gives", () => {
    expect([
      startsOf(`This Agreement is made as of February 4, 2005 ${parties}`, "1.9. \"EFFECTIVE DATE\" means 12:01 a.m. Eastern Standard Time on March 3, 2003."),
      startsOf(
        `This Agreement is made as of February 4, 2005 ${parties}`,
        "This Agreement shall become effective as of the day and year first above written and shall govern the relations between the parties hereto thereafter, unless terminated as set forth in this Section 6."
      ),
      startsOf(
        `This Agreement is made as of February 4, 2005 ${parties}`,
        "The term of this Agreement for the Hosted Site shall commence upon April 1, 1999 and shall continue for a period of six (6) months, unless earlier terminated in accordance with provisions hereof."
      ),
      startsOf(`This Agreement is made as of February 4, 2005 ${parties}`, "(xxix) \"EFFECTIVE DATE\" - January 21st, 2002"),
      startsOf(
        `This Agreement, made and entered into this 2nd day of September 1998, hereinafter called the Effective Date, ${parties}`
      ),
      startsOf(
        `This Agreement is made as of February 4, 2005 ${parties}`,
        plainTerm,
        "IN WITNESS WHEREOF, the parties have caused this Agreement to be executed by their respective authorized representatives, effective as of the date first shown above."
      )
    ]).toEqual([
      ["2005-02-04", "2003-03-03"],
      ["2005-02-04", "2005-02-04"],
      ["2005-02-04", "1999-04-01"],
      ["2005-02-04", "2002-01-21"],
      ["1998-09-02", "1998-09-02"],
      ["2005-02-04", "2005-02-04"]
    ])
  })

  it("reads no start from another agreement's date, a termination's, or an event's", () => {
    expect([
      startsOf(
        `This Agreement is made as of February 4, 2005 ${parties}`,
        "\"December 30 Bill of Sale\" means the Bill of Sale and Agreement, effective as of December 30, 2011, between BE and Owner pursuant to which Safe Harbor Systems and Safe Harbor Equipment were sold by BE to Owner for purposes of meeting"
      ),
      startsOf(
        `This Agreement is made as of February 4, 2005 ${parties}`,
        "(c) Right to Terminate for Failure to Recover Investment. Constellation may terminate this Agreement, effective as of December 31, 2023, in the event that (i) on or prior to December 1, 2022, Constellation shall have provided to the HOF Entities written notice of its"
      ),
      startsOf(
        `This Agreement is made as of February 4, 2005 ${parties}`,
        "The Selling Agreement effective as of December 1, 2002 and the addition of GIE to the Selling Agreement effective as of the Effective Date, by and among the Parties"
      ),
      startsOf(
        `This Agreement is made as of February 4, 2005 ${parties}`,
        "On or before the first day of each fiscal quarter of each fiscal year during the term hereof, commencing with the Licensee's fiscal year which begins on April 1, 1999, Licensee shall pay to Licensor, as an advance"
      ),
      startsOf(`This Agreement is made as of February 4, 2005 ${parties}`, "1.17 \"Effective Date\" means the date that the Initial Closing occurs."),
      startsOf(`This Agreement is made as of February 4, 2005 ${parties}`, "1.3 Effective Date The term \"Effective Date\" means the Closing Date.")
    ]).toEqual([["2005-02-04", null], ["2005-02-04", null], ["2005-02-04", null], ["2005-02-04", null], ["2005-02-04", null], ["2005-02-04", null]])
  })

  it("reads a first number over twelve as the day", () => {
    expect([readDate("18/9/2008"), readDate("9/18/2008")]).toEqual(["2008-09-18", "2008-09-18"])
  })
})
