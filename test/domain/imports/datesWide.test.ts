import { describe, it } from "@effect/vitest"
import { expectReadings } from "./termClauses.js"

/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), each quoted verbatim with the reading CUAD's annotators give it
 * (or none, where the words date something other than this contract). The term clauses sit in the
 * small supply agreement of termClauses.ts, which takes effect on March 1, 2018; the openings and
 * start clauses are in datesWideStarts.test.ts.
 */

describe("a contract that runs until a party ends it", () => {
  it("reads perpetual", () => {
    expectReadings([
      ["This Agreement shall be valid for an indefinite period.", "perpetual"],
      ["2. Period of transportation services: this Agreement is valid for an indefinite term.", "perpetual"],
      [
        "9. TERM This term of this Agreement and the rights and obligations of the Parties hereto shall commence as of the Effective Date and shall continue in perpetuity (the \"Term\"), unless terminated earlier in accordance with the provisions contained herein.",
        "perpetual"
      ],
      ["5. Term and Termination. This Agreement will commence on the Effective Date and will continue until termination as provided below.", "perpetual"],
      [
        "2.01 This Agreement shall commence on the Effective Date and shall continue until it is terminated in accordance with the provisions of Section 15 of this Agreement (\"Term\").",
        "perpetual"
      ],
      [
        "a. Term. This Agreement shall become effective on the Effective Date and shall continue in effect until either Party informs the other Party with thirty (30) day prior written notice of termination of this Agreement.",
        "perpetual"
      ],
      [
        "This Agreement and the license granted under this Agreement shall remain in effect perpetually as long as fees are paid by Sparkling in accordance with the Fee Schedule and the Agreement is not otherwise terminated in accordance with this Section.",
        "perpetual"
      ]
    ])
  })

  it("reads no end from a perpetual grant", () => {
    expectReadings([
      [
        "During the Term, each Party hereby provides a worldwide, exclusive, royalty free, perpetual license of such Intellectual Property Rights for use by each licensee in its business in its business",
        null
      ]
    ])
  })
})

describe("a term counted from the start", () => {
  it("reads the end the length gives", () => {
    expectReadings([
      [
        "Unless sooner terminated in accordance with this Article, this Agreement will continue in full force beginning on the Effective Date and ending two (2) years thereafter (\"Term\").",
        "2020-03-01"
      ],
      [
        "The initial term of this Agreement commences as of the Effective Date and, unless terminated earlier pursuant to any express provision of this Agreement, shall continue until five (5) years following the Effective Date (the \"Initial Term\").",
        "2023-03-01"
      ],
      [
        "The initial term of this Agreement shall commence on the Effective Date and shall continue until the fifth (5t h) anniversary of the Effective Date (the \"Term\"), unless the Agreement is sooner terminated in accordance with the terms of this Agreement.",
        "2023-03-01"
      ],
      [
        "This Agreement is effective on the Effective Date and shah continue in effect until the earlier of (a) the fifth (5t h) anniversary of the Effective Date, and (b) termination by either Party for any reason upon thirty (30) days' written notice to the other Party",
        "2023-03-01"
      ],
      [
        "The term of this Agreement is three years from and including the date of this Agreement (the \"Initial Term\"), with automatic renewal for additional successive one-year terms (each a \"Renewal Term\" and together wit the Initial Term, the \"Term\")",
        "2021-03-01"
      ],
      [
        "Term: twelve (12) months from the date of the Agreement which term shall automatically renew for an additional twelve (12) months on such date if the Agreement is not otherwise terminated according to Section 8 of the Agreement.",
        "2019-03-01"
      ],
      [
        "This contract shall remain in effect initially for the five (5) year term (\"Initial Term\") from the date signed and shall be automatically extended for one (1) year periods after the Initial Term (\"Renewal Term\")",
        "2023-03-01"
      ],
      [
        "A. The Term will be 3 years from Effective Date with an automatic 2 year term extensions unless otherwise advised by one of the Parties.",
        "2021-03-01"
      ],
      // Annotators put the anniversary itself (11/19/2001 for a start of 11/19/1999); the words end the term the day before, as termFormsMore.test.ts reads them.
      [
        "INITIAL TERM shall mean the Effective Date through the day prior to the second anniversary of the Effective Date, unless earlier terminated pursuant to Section 11.",
        "2020-02-29"
      ]
    ])
  })

  it("reads no end from lengths of something else", () => {
    expectReadings([
      ["DURATION*         The default for this field is 7 days. The options are 1, 3, 5, 7, 21 and 30.", null],
      [
        "5.1 Subject to the General Terms and Conditions of Transporter's FERC Gas Tariff and Rate Schedule FTS/ITS, this Agreement shall be effective as of the date of physical completion of and initial deliveries on Transporter's pipeline and shall continue for a primary term of ten years.",
        null
      ],
      [
        "(n) \"Arizona Trademark License Term\" means the period commencing on the Effective Date and ending twenty-four (24) months thereafter.",
        null
      ],
      [
        "If no agreement is reached by the Parties within a period of fifteen(15) Calendar Days and the force majeure event continues to have a substantial effect on the performance of the Agreement, either Party shall have the right to terminate this Agreement in whole or in part",
        null
      ],
      [
        "(or if, as of the time the liability arises, this Agreement has not been in effect for twelve (12) months, then the amounts paid or payable by Customer to Manufacturer hereunder",
        null
      ],
      [
        "it shall direct the Indenture Trustee to use One-Month LIBOR in effect for the applicable Interest Period which will be One-Month LIBOR in effect for the previous Interest Period",
        null
      ]
    ])
  })
})

describe("an end date written out", () => {
  it("reads the date", () => {
    expectReadings([
      [
        "Subject to the provisions of Section 14 hereof, the term of this Agreement and the sponsorship described herein shall commence on January 1, 2010 and extend through December 31, 2010.",
        "2010-12-31"
      ],
      [
        "The initial period of this Agreement (the \"Initial Term\") shall commence upon the Effective Date and continue until March 31, 2003.",
        "2003-03-31"
      ],
      ["\"Contract Period\" shall mean that period of time commencing as of May 31, 1999 and concluding May 31, 2000.", "2000-05-31"],
      ["Termination Date: December 31, 2023", "2023-12-31"],
      [
        "This Agreement shall commence as of the Effective Date and, unless earlier terminated as provided under this Agreement, shall terminate five (5) years following the date of launch of the first Website, but in no event later than February 28, 2013 (the \"Initial Term\").",
        "2013-02-28"
      ]
    ])
  })

  it("reads no end from the end of something else", () => {
    expectReadings([
      [
        "Licensee's term of exclusivity with respect to the KOH Video Clips shall expire on October 29, 2005",
        null
      ]
    ])
  })
})
