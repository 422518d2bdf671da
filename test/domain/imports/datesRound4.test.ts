import { describe, expect, it } from "@effect/vitest"
import { findDates } from "../../../src/Domain/Imports/Dates.js"
import { findPerpetual } from "../../../src/Domain/Imports/OpenEnded.js"
import { findTermLength } from "../../../src/Domain/Imports/TermLength.js"
import { expectNoHang } from "../../support/hangGuard.js"
import { dateReadings } from "./readers.js"
import { expectReadings } from "./termClauses.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop sets
 * (/work/cuad-wide-dev, "dev", and /work/cuad-wide-dev2, "dev2"), each quoted verbatim with the reading
 * CUAD's annotators give it, or none where the words date something other than this contract. Term
 * clauses sit in termClauses.ts's supply agreement, which takes effect on March 1, 2018; start clauses in
 * the small licence below.
 */

const grant = "1. License. Licensor grants Licensee a non-exclusive license to use the Software in accordance with this Agreement."
const law = "3. Governing Law. This Agreement shall be governed by the laws of the State of California."
const witness = "IN WITNESS WHEREOF, the parties have executed this Agreement."

/** The three date facts of a document of these blocks as the service reads them; null where no fact is found. */
const datesOf = (...blocks: ReadonlyArray<string>) => dateReadings(blocks.join("\n\n"))

describe("lengths that are not the term", () => {
  it("reads no length from the day of a date", () => {
    // dev2 wide-033.txt (Commnet network build and maintenance agreement): "31 day" is a day of July.
    const dated =
      "This Network Build and Maintenance Agreement is entered into as of the 31 day of July, 2019 (the \"Effective Date\") by and between Commnet Wireless, LLC, a Delaware limited liability company (\"Commnet\"), and Orbit Media LLC (\"Contractor\")."
    expect(datesOf("NETWORK BUILD AND MAINTENANCE AGREEMENT", dated, grant, law, witness))
      .toEqual({ agreement: "2019-07-31", effective: "2019-07-31", expiration: null })
  })

  it("reads no length from a long-term plan, a deadline, or a period after the start", () => {
    expectReadings([
      // dev2 wide-069.txt (Cardlytics maintenance agreement): the "long term" of a recovery strategy.
      [
        "12.4 Although short term outages can be protected with redundant resources and network diversity, the long term strategy must allow for total destruction of Supplier's business operations for a period of six (6) months or longer and set forth a recovery strategy.",
        null
      ],
      // dev2 wide-349.txt (Smith Electric fleet maintenance agreement): a deadline, not the term.
      [
        "8.5 Notwithstanding any other term of this Agreement, DCL shall within a period of five months of the Commencement Date reduce the number of MGV and LGV Vehicles in respect of which SEV is to provide the Services.",
        null
      ],
      // dev wide-199.txt (iPass reseller agreement): months of an introductory period.
      [
        "4.2 Channel Partner shall receive the discount set out in Exhibit A during the first three (3) full calendar months following the Effective Date.",
        null
      ]
    ])
  })
})

describe("terms read", () => {
  it("reads the term's length", () => {
    expectReadings([
      // dev2 wide-349.txt: the term itself, once the deadline above is passed over.
      [
        "This Agreement shall commence on the Commencement Date and shall continue for an initial period of five years until terminated in the manner described in Clause 16 below.",
        "2023-03-01"
      ],
      // dev2 wide-097.txt (Diversinet reseller agreement): a heading that names renewals runs into the term's sentence.
      [
        "3. Term and Renewal The term of this Agreement shall begin on the Effective Date and continue in effect for a period of five (5) years (the \"Initial Term\"), unless sooner terminated in accordance with the provisions set out herein.",
        "2023-03-01"
      ],
      ["3. Term and Renewal The term of this Agreement shall renew for a period of one (1) year unless either party gives notice.", null],
      // dev2 wide-109.txt (Women.com co-branding agreement): "remain effective for".
      [
        "10.1 Initial Term. This Agreement will become effective as of the Effective Date and, unless sooner terminated pursuant to Sections 3.1 [Advertising and Promotion] or 10.2 [Termination for Breach], shall remain effective for two (2) years from and after the Effective Date (the \"Initial Term\").",
        "2020-03-01"
      ],
      // dev wide-199.txt (iPass reseller agreement): whole calendar months.
      [
        "10.1 Term. This Agreement shall commence on the Effective Date and shall continue for a period of twelve (12) full calendar months (\"Initial Term\").",
        "2019-03-01"
      ],
      // dev2 wide-336.txt (a hotel operating agreement): an ordinal past "tenth", its figure in brackets.
      [
        "3.1 Term. This Agreement shall commence on the Effective Date and, unless terminated earlier pursuant to Section 3.2 or 3.3 of this Agreement, shall  continue until the twentieth (20th) anniversary of the Effective Date.",
        "2038-03-01"
      ],
      ["3.1 Term. The Operator shall report on the twentieth (20th) anniversary of the opening of the Hotel.", null],
      // A form's plural in brackets (dev2 wide-305.txt writes "five (5) year(s)").
      ["2. Term. This Agreement shall commence on the Effective Date and shall continue for a period of three (3) year(s).", "2021-03-01"]
    ])
  })

  it("reads the end date", () => {
    expectReadings([
      // dev2 wide-049.txt (Berkshire Bank endorsement agreement): a lettered definition of the contract's period.
      [
        "1. DEFINITIONS. The following terms shall be defined in the Agreement as follows: a) \"CONTRACT PERIOD\" means that period of time commencing upon the full execution of this Agreement by both Parties and terminating on May 31, 2016 unless sooner terminated under this Agreement.",
        "2016-05-31"
      ],
      [
        "1. DEFINITIONS. The following terms shall be defined in the Agreement as follows: b) \"SERVICES PERIOD\" means that period of time commencing upon the full execution of this Agreement by both Parties and terminating on May 31, 2014 unless sooner terminated under this Agreement.",
        null
      ],
      // dev2 wide-114.txt (Snap co-branding agreement): "end as of".
      [
        "8.1 Term. The Term shall commence on the date of this Agreement and, unless earlier terminated or extended as provided below, shall end as of December 31, 2000.",
        "2000-12-31"
      ],
      ["8.2 Either party may terminate as of December 31, 2000 by notice to the other.", null]
    ])
  })

  it("reads an open end after an aside", () => {
    // dev2 wide-377.txt (Theravance service agreement): ", subject to the remaining terms of this Agreement," sits between subject and verb.
    expectReadings([[
      "2.1 The Executive's employment with the Company will commence on the Commencement Date and shall continue, subject to the remaining terms of this Agreement, until terminated by either party giving the other the following minimum advance written notice: 2.1.1 6 weeks' notice;",
      "perpetual"
    ]])
  })

  it("reads no open end from the term of a license", () => {
    // dev2 wide-324.txt (World Book content license agreement).
    const licence = [{
      kind: "clause" as const,
      text:
        "The term of the license for the Content delivered to HSWI as part of the Affinities, and the Affinities themselves, shall be perpetual, Exclusive, and irrevocable."
    }]
    expect(findPerpetual(licence)).toBeUndefined()
  })
})

describe("a period named the term", () => {
  // dev2 wide-150.txt (Go Call promotion agreement): the promotion's dates are named the "Term".
  const dated = "This Promotion Agreement (herein \"Agreement\") dated March 12,1999, by and between Go Call, Inc. (herein \"Go Call\") and Orbit Media LLC."

  it("reads its start and end", () => {
    const named = "This promotion shall begin on June 1,1999 and shall terminate June 1, 2000 (herein \"Term\")."
    expect(datesOf("PROMOTION AGREEMENT", dated, grant, named, law, witness))
      .toEqual({ agreement: "1999-03-12", effective: "1999-06-01", expiration: "2000-06-01" })
  })

  it("reads neither when nothing names them the term", () => {
    const unnamed = "This promotion shall begin on June 1,1999 and shall terminate June 1, 2000."
    expect(datesOf("PROMOTION AGREEMENT", dated, grant, unnamed, law, witness)).toEqual({ agreement: "1999-03-12", effective: null, expiration: null })
  })
})

describe("starts", () => {
  it("reads the agreement's date as the start when the term begins on it", () => {
    // dev2 wide-114.txt (Snap co-branding agreement).
    const dated =
      "This Co-Branding Agreement (this \"Agreement\"), dated as of June 8, 1999, is made by and between Snap Technologies, Inc. and Orbit Media LLC."
    const term =
      "8.1 Term. The Term shall commence on the date of this Agreement and, unless earlier terminated or extended as provided below, shall end as of December 31, 2000."
    expect(datesOf("CO-BRANDING AGREEMENT", dated, grant, term, law, witness).effective).toBe("1999-06-08")
    const standstill = "8.1 Standstill. The Standstill Period shall commence on the date of this Agreement."
    expect(datesOf("CO-BRANDING AGREEMENT", dated, grant, standstill, law, witness).effective).toBeNull()
  })

  it("reads the date first listed above", () => {
    // dev2 wide-315.txt (Prudential Bank endorsement split-dollar agreement).
    const dated = "THIS AGREEMENT is made and entered into this 1st day of June, 2017 by and between Prudential Bank and John Smith."
    const recital = "WHEREAS, it is now understood and agreed that this split-dollar agreement is to be effective as of the date first listed above;"
    expect(datesOf("ENDORSEMENT AGREEMENT", dated, recital, grant, law, witness).effective).toBe("2017-06-01")
  })

  it("reads no start that waits on an event", () => {
    const dated =
      "This SITE DEVELOPMENT AND HOSTING AGREEMENT (the \"Agreement\") dated as of August 9, 1999 is made between Hanover Direct, Inc. and Orbit Media LLC."
    // dev2 wide-017.txt (Hanover Direct site development and hosting agreement).
    const operational =
      "This Agreement shall be effective as of that date (the \"Effective Date\") the Site becomes fully operational as set forth in writing and executed by both Parties and shall continue for a period of one (1) year from the Effective Date."
    expect(datesOf("HOSTING AGREEMENT", dated, grant, operational, law, witness).effective).toBeNull()
    // dev2 wide-057.txt (BNY Mellon service agreement).
    const converted =
      "Agent's appointment hereunder shall commence on the next business day after the later of (i) the date hereof, or (ii) the date Agent has confirmed that Client's records have been converted to Agent's system (the \"Effective Date\"), and shall continue for three years thereafter (the \"Initial Term\")."
    expect(datesOf("HOSTING AGREEMENT", dated, grant, converted, law, witness).effective).toBeNull()
    // The later of two signatures is no event.
    const signatures = "This Agreement is effective as of the later of the two signature dates below (the \"Effective Date\")."
    expect(datesOf("HOSTING AGREEMENT", dated, grant, signatures, law, witness).effective).toBe("1999-08-09")
  })
})

describe("a form's half-blank date", () => {
  it("reads \"[___], 2020\" and counts the term from it", () => {
    // dev2 wide-021.txt (Arca blockchain administration and development agreement).
    const dated =
      "This Agreement (\"Agreement\") is made as of [___], 2020 by and between ARCA U.S. TREASURY FUND, a Delaware statutory trust (the \"Fund\"), and ARCA CAPITAL MANAGEMENT, LLC, a Delaware limited liability company (the \"Blockchain Administrator\")."
    const start = "7. Duration and Termination of this Agreement (a) This Agreement shall become effective as of the first date above written."
    const term =
      "(b) This Agreement shall continue in effect for two years from the date hereof, and thereafter shall continue automatically for successive annual periods."
    expect(datesOf("ADMINISTRATION AGREEMENT", dated, grant, start, term, law, witness)).toEqual({ agreement: "2020", effective: "2020", expiration: "2022" })
  })

  it("reads \"made as of this ____ day of March, 2018\"", () => {
    // dev2 wide-053.txt (Biofrontera supply agreement).
    const dated =
      "This Supply Agreement (the \"Agreement\") is made as of this ____ day of March, 2018 (the \"Effective Date\"), by and between Cutanea Life Sciences, Inc. and Orbit Media LLC."
    expect(datesOf("SUPPLY AGREEMENT", dated, grant, law, witness)).toEqual({ agreement: "2018-03", effective: "2018-03", expiration: null })
  })

  it("reads the date line under the title, not another agreement's date", () => {
    // dev2 wide-013.txt (Alliance Bancorp agency agreement): the plan of reorganization is dated, this agreement's day is blank.
    const plan =
      "Alliance Bancorp, Inc. of Pennsylvania will convert in accordance with the Agreement and Plan of Reorganization, dated as of June 21, 2006, as may be amended from time to time."
    const cover = [
      "Up to 2,445,223 Shares",
      "(subject to increase to up to 2,812,006 shares in the event of an increase in the pro forma market value of the Company's Common Stock)",
      "Alliance Bancorp, Inc. of Pennsylvania (a federal stock holding company)",
      "Common Stock (par value $.01 per share)"
    ]
    expect(datesOf(...cover, "AGENCY AGREEMENT", "November ___, 2006", "Ladies and Gentlemen:", plan, grant, law, witness).agreement).toBe("2006-11")
    // A half-blank line further down, past the letter's greeting, is not read as the title's date line.
    expect(datesOf(...cover, "AGENCY AGREEMENT", "Ladies and Gentlemen:", plan, "November ___, 2006", grant, law, witness).agreement).not.toBe("2006-11")
  })
})

describe("an opening that runs into its next line", () => {
  it("reads the date when \"BETWEEN\" opens the next block", () => {
    // dev2 wide-037.txt (Azul global maintenance agreement), below a table of contents.
    const contents = Array.from({ length: 8 }, (_, index) => `${index + 1}. SECTION ${index + 1}`)
    const made = "THIS GLOBAL MAINTENANCE AGREEMENT (HEREINAFTER REFERRED TO AS THE \"AGREEMENT\" OR \"GMMA\") IS MADE ON March 9th 2015:"
    const parties = "BETWEEN: AZUL LINHAS AÉREAS BRASILEIRAS S/A, a company organized under the laws of Brazil, and AVIONS DE TRANSPORT REGIONAL, G.I.E."
    expect(datesOf("GLOBAL MAINTENANCE AGREEMENT", "Contract No. 7", ...contents, made, parties, grant, law, witness).agreement).toBe("2015-03-09")
  })
})

describe("hostile words", () => {
  it("stays linear", () => {
    for (
      const text of [
        `[${"_".repeat(500_000)}`,
        "later of ".repeat(60_000),
        "a) \"CONTRACT PERIOD\" means ".repeat(20_000),
        "(herein \"Term\") ".repeat(30_000),
        ", subject to the term of this Agreement".repeat(12_000),
        "Term and Renewal ".repeat(30_000),
        "twelve (12) full ".repeat(30_000)
      ]
    ) {
      const started = performance.now()
      findDates([{ kind: "clause", text }])
      findTermLength([{ kind: "clause", text }])
      findPerpetual([{ kind: "clause", text }])
      expectNoHang(performance.now() - started, 15_000)
    }
  })
})
