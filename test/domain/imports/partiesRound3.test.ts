/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), quoted verbatim with the file each comes from; the negative
 * cases say what must not be read as a party.
 */
import { describe, expect, it } from "@effect/vitest"
import { signatureParties } from "../../../src/Domain/Imports/SignatureParties.js"
import { expectNoHang } from "../../support/hangGuard.js"
import { clauses, partiesOf } from "./readers.js"

const signersOf = (text: string) => signatureParties(clauses(text), 0).map((hit) => text.slice(hit.start, hit.end))

const jointFilingOpening =
  "Pursuant and subject to Rule 13d-1(k)(1) promulgated under the Securities Exchange Act of 1934, as amended, the undersigned hereby agree to the joint filing of the Statement on Schedule 13D to which this Joint Filing Agreement is attached, and any amendments thereto may be filed without the necessity of filing additional joint filing agreements."

describe("joint filing agreements: the entities that sign", () => {
  it("reads each entity above its '/s/' or 'By:' line, never the one a 'By:' introduces (wide-030)", () => {
    expect(
      partiesOf([
        "JOINT FILING AGREEMENT",
        jointFilingOpening,
        "Dated: July 6, 2020",
        "HPS INVESTMENT PARTNERS, LLC /s/ John Madden Name: John Madden Title: Authorized Signatory HPS MEZZANINE PARTNERS II, LLC By: HPS Investment Partners, LLC, its sole member /s/ John Madden Name: John Madden Title: Authorized Signatory"
      ])
    ).toEqual(["HPS INVESTMENT PARTNERS, LLC", "HPS MEZZANINE PARTNERS II, LLC"])
  })

  it("keeps a series number after the company form (wide-030)", () => {
    expect(
      partiesOf([
        "JOINT FILING AGREEMENT",
        jointFilingOpening,
        "MEZZANINE PARTNERS II OFFSHORE LUX S.À R.L /s/ John Madden Name: John Madden Title: Authorized Signatory MEZZANINE PARTNERS II OFFSHORE LUX S.À R.L II /s/ John Madden Name: John Madden Title: Authorized Signatory"
      ])
    ).toEqual(["MEZZANINE PARTNERS II OFFSHORE LUX S.À R.L", "MEZZANINE PARTNERS II OFFSHORE LUX S.À R.L II"])
  })

  it("reads mixed-case names after the last signer's title, once each, and no person (wide-316)", () => {
    expect(
      partiesOf([
        "EXHIBIT 99.1 JOINT FILING AGREEMENT The undersigned hereby agree that the statement on Schedule 13G with respect to the equity securities of Q Biomed, Inc. is, and any amendment thereto signed by each of the undersigned shall be, filed on behalf of each of the undersigned pursuant to and in accordance with the provisions of Rule 13d-1(k) promulgated under the Securities Exchange Act of 1934, as amended.",
        "Dated: 4/8/2020 YA II PN, Ltd. By:/s/ Troy J. Rillo, Esq. Date: 4/8/2020 Troy J. Rillo, Esq. Chief Compliance Officer YA Global Investments II (U.S.), Ltd. By:/s/ Troy J. Rillo, Esq. Date: 4/8/2020 Troy J. Rillo, Esq. Chief Compliance Officer Yorkville Advisors Global, LP By:Yorkville Advisors Global, LLC Its:General Partner By:/s/ Troy J. Rillo, Esq. Date: 4/8/2020 Troy J. Rillo, Esq. Chief Compliance Officer",
        "Delta Beta Advisors, LP By:Delta Beta Advisors, LLC Its:General Partner By:/s/ Troy J. Rillo, Esq. Date: 4/8/2020 Troy J. Rillo, Esq. Chief Compliance Officer D-Beta One GP, LLC By:/s/ Troy J. Rillo, Esq. Date: 4/8/2020 Troy J. Rillo, Esq. Chief Compliance Officer /s/ Matthew Beckman Date: 4/8/2020 Matthew Beckman"
      ])
    ).toEqual(["YA II PN, Ltd.", "YA Global Investments II (U.S.), Ltd.", "Yorkville Advisors Global, LP", "Delta Beta Advisors, LP", "D-Beta One GP, LLC"])
  })

  it("cuts two names printed side by side after each company form (wide-362)", () => {
    expect(
      partiesOf([
        "EXHIBIT A JOINT FILING AGREEMENT In accordance with Rule 13d-1(k) under the Securities Exchange Act of 1934, as amended, the undersigned agree to the joint filing on behalf of each of them of a statement on Schedule 13G (including amendments thereto) with respect to the Common Stock of Spring Bank Pharmaceuticals, Inc. and further agree that this agreement be included as an exhibit to such filing.",
        "In evidence whereof, the undersigned have caused this Agreement to be executed on their behalf this 7t h day of April, 2020. UBS ONCOLOGY IMPACT FUND L.P. ONCOLOGY IMPACT FUND (CAYMAN) MANAGEMENT L.P. By: Oncology Impact Fund (Cayman) Management L.P, By: MPM Oncology Impact Management LP, its General Partner its General Partner By: MPM Oncology Impact Management LP, By: MPM Oncology Impact Management GP LLC, its General Partner its General Partner By: MPM Oncology Impact Management GP LLC, By: /s/ Ansbert Gadicke its General Partner Name: Ansbert Gadicke Title: Managing Member By: /s/ Ansbert Gadicke Name: Ansbert Gadicke Title: Managing Member MPM ONCOLOGY IMPACT MANAGEMENT LP MPM ONCOLOGY IMPACT MANAGEMENT GP LLC By: MPM Oncology Impact Management GP LLC, By: /s/ Ansbert Gadicke its General Partner"
      ])
    ).toEqual([
      "UBS ONCOLOGY IMPACT FUND L.P.",
      "ONCOLOGY IMPACT FUND (CAYMAN) MANAGEMENT L.P.",
      "MPM ONCOLOGY IMPACT MANAGEMENT LP",
      "MPM ONCOLOGY IMPACT MANAGEMENT GP LLC"
    ])
  })

  it("reads a name printed twice over, for two signers, once (wide-309)", () => {
    expect(
      partiesOf([
        "Exhibit 99.1 JOINT FILING AGREEMENT Additional Reporting Person (a): Merck Serono SA Address: Zone Industrielle 1267 Coinsins, Switzerland Additional Reporting Person (b): Merck KGaA Address: Frankfurter Str. 250 64293 Darmstadt, Germany Designated Filer: Ares Trading SA Issuer and CUSIP: Intrexon Corporation (46122T102) Dated: January 7, 2019 ARES TRADING SA ARES TRADING SA By: /s/ Cédric Hyde By: /s/ Luigia Bocola Name: Cédric Hyde Name: Luigia Bocola Title: CFO Title: Finance Manager",
        "Title: CFO Title: Treasury Director MERCK KGAA, DARMSTADT, GERMANY MERCK KGAA, DARMSTADT, GERMANY By: /s/ Rando Bruns By: /s/ Tim Nielsen Name: Rando Bruns Name: Tim Nielsen Title: Head of Treasury Title: Head of Capital Markets"
      ])
    ).toEqual(["ARES TRADING SA", "MERCK KGAA, DARMSTADT, GERMANY"])
  })

  it("reads no individual who signs in capitals, nor the general partners named after 'By:' (wide-372)", () => {
    expect(
      partiesOf([
        "JOINT FILING AGREEMENT",
        "IN WITNESS WHEREOF, the undersigned hereby execute this Joint Filing Agreement as of February 19, 2020. PRAIRIE ECI ACQUIROR LP By: BIP Holdings Manager L.L.C., its general partner",
        "By: /s/ Sean Klimczak Name: Sean Klimczak Title: Senior Managing Director",
        "BLACKSTONE GROUP MANAGEMENT L.L.C.",
        "By: /s/ John G. Finley Name: John G. Finley Title: Chief Legal Officer",
        "STEPHEN A. SCHWARZMAN",
        "By: /s/ Stephen A. Schwarzman By: Stephen A. Schwarzman"
      ])
    ).toEqual(["PRAIRIE ECI ACQUIROR LP", "BLACKSTONE GROUP MANAGEMENT L.L.C."])
  })

  it("reads no signer's title written before a name in capitals (wide-056)", () => {
    expect(
      partiesOf([
        "JOINT FILING AGREEMENT",
        "IN WITNESS WHEREOF, each party hereto, being duly authorized, has caused this agreement to be executed and effective as of the date set forth below.",
        "Date: April 7, 2020 BANK OF AMERICA CORPORATION",
        "By: Ally Pecarro Name: Ally Pecarro Title: Attorney-in-fact",
        "BANC OF AMERICA PREFERRED FUNDING CORPORATION",
        "By: Michael Jentis Name: Michael Jentis Title: Authorized Signatory"
      ])
    ).toEqual(["BANK OF AMERICA CORPORATION", "BANC OF AMERICA PREFERRED FUNDING CORPORATION"])
  })

  it("leaves a contract that is no joint filing agreement to its preamble", () => {
    expect(
      partiesOf([
        "SUPPLY AGREEMENT",
        "This Supply Agreement is made by and between Acme Corp., a Delaware corporation (\"Acme\"), and Beta LLC, a Texas limited liability company (\"Beta\").",
        "1. Supply.",
        "IN WITNESS WHEREOF, the parties have executed this Agreement. GAMMA HOLDINGS LLC /s/ John Smith Name: John Smith Title: Manager"
      ])
    ).toEqual(["Acme Corp.", "Beta LLC"])
  })

  it("reads no joint filing entity without a company form, nor text mentioning a joint filing later on", () => {
    expect(
      partiesOf([
        "JOINT FILING AGREEMENT",
        jointFilingOpening,
        "JOHN SMITH /s/ John Smith JANE DOE TRUSTEES /s/ Jane Doe"
      ])
    ).toEqual([])
  })
})

describe("signature pages: mixed-case names between a party's label and its 'By:' line", () => {
  const signaturePage =
    "IN WITNESS WHEREOF, this Agreement is executed and effective as of the Effective Date. PURCHASER: PEEK Investments LLC Date: July 16, 2012 By: /s/ Michael Onghai Name: Michael Onghai Title: President SPONSOR(S): Platinum Partners Value Arbitrage Fund L.P. By: Platinum Management (NY) LLC Its: Sole General Partner Date: July 16, 2012 By: /s/ Mark Nordlicht Name: Mark Nordlicht Title: Chief Investment Officer Snowy August Fund I LP Date: July 16, 2012 By: /s/ Michael Onghai Name: Michael Onghai Title: President"

  it("reads the sponsors the preamble leaves to the signature page (wide-221)", () => {
    expect(signersOf(signaturePage)).toEqual(["PEEK Investments LLC", "Platinum Partners Value Arbitrage Fund L.P.", "Snowy August Fund I LP"])
  })

  it("reads no signer's title, nor the entity named after 'By:' for another", () => {
    expect(signersOf("IN WITNESS WHEREOF, the parties sign. Title: Authorized Representative Acme Holdings Inc. By: /s/ Jane Roe")).toEqual([])
    expect(signersOf("IN WITNESS WHEREOF, the parties sign. By: Platinum Management (NY) LLC Date: July 16, 2012 By: /s/ Mark Nordlicht")).toEqual([])
  })
})

describe("the new signature readers on hostile input", () => {
  it("stay quick on a megabyte of signature lines", () => {
    const started = performance.now()
    partiesOf(["JOINT FILING AGREEMENT", "By: ".repeat(250_000)])
    partiesOf(["JOINT FILING AGREEMENT", "ACME HOLDINGS LLC /s/ ".repeat(50_000)])
    partiesOf(["JOINT FILING AGREEMENT", `${"ACME ".repeat(200_000)}LLC By:`])
    signersOf(`IN WITNESS WHEREOF ${"Title: President Acme Holdings Inc. Date: July 16, 2012 By: ".repeat(20_000)}`)
    signersOf(`IN WITNESS WHEREOF PURCHASER: ${"Acme ".repeat(200_000)}Inc. By:`)
    expectNoHang(performance.now() - started, 10_000)
  })
})
