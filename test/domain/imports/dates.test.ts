import { describe, expect, it } from "@effect/vitest"
import { findDates } from "../../../src/Domain/Imports/Dates.js"
import { findPerpetual } from "../../../src/Domain/Imports/OpenEnded.js"
import { findTermLength } from "../../../src/Domain/Imports/TermLength.js"
import { expectNoHang } from "../../support/hangGuard.js"

const lengthIn = (text: string): string | undefined => {
  const blocks = [{ kind: "clause" as const, text }]
  const hit = findTermLength(blocks)
  return hit === undefined ? undefined : text.slice(hit.start, hit.end)
}

describe("findTermLength", () => {
  it("reads how long the contract runs when no end date is written", () => {
    // Sentences of develop-set contracts: gentech-distributor, visium-distributor, cca-outsourcing, magenta-development-manufacturing.
    expect(
      lengthIn(
        "This Agreement shall become effective on the date first written above and shall continue in effect for a period of Three (3) years. (b) Distributor Option to Renew."
      )
    )
      .toBe("Three (3) years")
    expect(
      lengthIn(
        "Unless otherwise terminated as provided herein, the initial term of this Agreement shall be three (3) years from the Effective Date and shall thereafter be automatically renewed for subsequent one (1) year periods"
      )
    )
      .toBe("three (3) years from the Effective Date")
    expect(
      lengthIn(
        "This agreement shall commence on January 20, 2014 (the \"Effective Date\") and shall continue in effect for six (6) months (the \"Initial Term\")."
      )
    )
      .toBe("six (6) months")
    expect(
      lengthIn(
        "This Agreement shall commence on the Effective Date and shall extend for a period of Five (5) years thereafter (\"Initial Term\"), unless this Agreement is terminated earlier"
      )
    )
      .toBe("Five (5) years")
    expect(lengthIn("This Agreement shall expire five (5) years after the Effective Date unless terminated earlier.")).toBe(
      "five (5) years after the Effective Date"
    )
  })

  it("keeps where the length counts from, and reads an anniversary as a length", () => {
    // sibannac-strategic-alliance; cyberianoutpost-promotion.
    expect(
      lengthIn(
        "The term of this Agreement is twelve (12) months from the date hereof, and will be automatically renewed for one (1) additional twelve month period"
      )
    )
      .toBe("twelve (12) months from the date hereof")
    expect(
      lengthIn(
        "The term of this Agreement (the \"Term\") will begin on February 1, 1998 and end on the first anniversary of the date of this Agreement; provided that"
      )
    )
      .toBe("first anniversary of the date of this Agreement")
  })

  it("leaves lengths of something else: renewals, notice, what survives, limits", () => {
    expect(lengthIn("This Agreement may be renewed for additional periods of one (1) year (each such additional period, a \"Renewal Term\").")).toBeUndefined()
    expect(lengthIn("Either party may terminate this Agreement upon sixty (60) days prior written notice.")).toBeUndefined()
    expect(lengthIn("All Confidential Information will, during the Term of this Agreement and for a period of five years thereafter, be held in confidence."))
      .toBeUndefined()
    expect(lengthIn("This decrease will stay in effect until SC&W reaches $10MM in premium or at a maximum of 10 years.")).toBeUndefined()
    expect(lengthIn("The JV Agreement shall have a duration of * years, extendable for a further * years.")).toBeUndefined()
  })

  it("reads the end of a range of dates as the expiration, and no end of a phase, a fee or a renewal", () => {
    const expirationIn = (text: string) => {
      const hit = findDates([{ kind: "clause", text }]).expiration
      return hit === undefined ? undefined : text.slice(hit.start, hit.end)
    }
    // tcpipelines-transportation-service; legacyeducation-endorsement (a bad text layer: "1.5t" and "315t" are 1st and 31st).
    expect(expirationIn("TERM: November 01, 2014 to October 31, 2017")).toBe("October 31, 2017")
    expect(expirationIn("7. \"Term\" means: 1.5t January 2013 to 315t December 2013 or until terminated under the provisions of this Agreement"))
      .toBe("315t December 2013")
    // vaxcyte-supply; whitesmoke-promotion-distribution.
    expect(
      expirationIn(
        "The term of this Supply Agreement shall remain in effect until the later of (a) July 31, 2021 or (b) the date that the Parties enter into the Commercial Supply Agreement"
      )
    )
      .toBe("July 31, 2021")
    expect(
      expirationIn(
        "\"Term\" means the earlier of: (a) the end of the two year period from the Effective Date to 31 July 2013; or (b) the last day of the calendar month"
      )
    )
      .toBe("31 July 2013")
    expect(expirationIn("The term of this Agreement shall be the period commencing on the Effective Date and ending on June 30, 2022.")).toBe("June 30, 2022")
    // biopure-sales-agency.
    expect(expirationIn("The Business Plan relating to Contract Year ending Oct 31, 1999 will be agreed upon at least thirty (30) days after the date hereof."))
      .toBeUndefined()
    expect(expirationIn("This compensation shall expire on September 1, 2020, such that Kubient shall not be entitled to further payment.")).toBeUndefined()
    expect(
      expirationIn(
        "The term of this Agreement may be renewed for one (1) additional five year period that shall begin on January 1, 2005 and end on December 31, 2009."
      )
    )
      .toBeUndefined()
  })

  it("dates the agreement when a long notice up front ends the preamble before it", () => {
    // cca-outsourcing: a confidentiality legend, the title and parties, then "DATED AS OF" and the agreement.
    const blocks = [
      { kind: "clause" as const, text: "CERTAIN CONFIDENTIAL INFORMATION CONTAINED IN THIS EXHIBIT, MARKED BY BRACKETS, HAS BEEN OMITTED." },
      { kind: "heading" as const, text: "SERVICES OUTSOURCING AGREEMENT" },
      { kind: "clause" as const, text: "Between CCA INDUSTRIES, INC. (\"Company\")" },
      { kind: "clause" as const, text: "And EMERSON HEALTHCARE, LLC (\"Contractor\")" },
      {
        kind: "clause" as const,
        text:
          "This Services Outsourcing Agreement (this \"Agreement\") is made as of January 20, 2014 (Date), between CCA Industries, Inc. and Emerson HealthCare, LLC."
      },
      { kind: "heading" as const, text: "RECITALS" }
    ]
    const hit = findDates(blocks).agreement!
    expect(blocks[hit.block]!.text.slice(hit.start, hit.end)).toBe("January 20, 2014")
  })

  it("takes the agreement date as the effective date when the contract starts on signing", () => {
    // kiromic-joint-venture: "This JV Agreement shall become effective on the signing date".
    const blocks = [
      {
        kind: "clause" as const,
        text: "This Joint Venture Agreement is entered into on April 2, 2020 by and between Kiromic, Inc. and Gensignia Life Sciences, Inc."
      },
      { kind: "clause" as const, text: "12. This JV Agreement shall become effective on the signing date and shall have a duration of * years." }
    ]
    const hit = findDates(blocks).effective!
    expect(blocks[hit.block]!.text.slice(hit.start, hit.end)).toBe("April 2, 2020")
    expect(findDates([blocks[0]!, { kind: "clause" as const, text: "12. This JV Agreement shall have a duration of * years." }]).effective).toBeUndefined()
  })

  it("reads a contract that runs until terminated, not a duty that lasts forever", () => {
    const perpetualIn = (text: string) => {
      const hit = findPerpetual([{ kind: "clause", text }])
      return hit === undefined ? undefined : text.slice(hit.start, hit.end)
    }
    // simplicity-master-franchise; mediwound-supply.
    expect(
      perpetualIn(
        "The term of this Agreement shall commence as of the Effective Date and shall continue until terminated as hereinafter provided (the \"Term\")."
      )
    )
      .toBe("until terminated")
    expect(perpetualIn("This Agreement shall be perpetual.")).toBe("perpetual")
    expect(perpetualIn("All intellectual property rights in connection with the Products under this Agreement shall remain confidential in perpetuity."))
      .toBeUndefined()
  })

  it("dates the agreement, not an amendment of it", () => {
    const blocks = [{ kind: "heading" as const, text: "Supply Agreement — As amended on February 28, 2010" }, {
      kind: "clause" as const,
      text: "This Supply Agreement (\"Agreement\") was made and entered into as of the 11 day of January, 2001 by and between MediWound Ltd. and CBC."
    }]
    const hit = findDates(blocks).agreement!
    expect(blocks[hit.block]!.text.slice(hit.start, hit.end)).toBe("11 day of January, 2001")
  })

  it("stays linear on hostile words", () => {
    for (const text of ["January 1, 2000 to ".repeat(50_000), "term of ".repeat(100_000), "_".repeat(500_000), "effective on the ".repeat(60_000)]) {
      const started = performance.now()
      findDates([{ kind: "clause", text }])
      findTermLength([{ kind: "clause", text }])
      expectNoHang(performance.now() - started, 15_000)
    }
  })
})
