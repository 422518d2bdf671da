/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop sets
 * (/work/cuad-wide-dev, /work/cuad-wide-dev2), quoted verbatim with the file each comes from; the
 * negative cases say what must not be read as a party.
 */
import { describe, expect, it } from "@effect/vitest"
import { entityAt } from "../../../src/Domain/Imports/PartyName.js"
import { signerName } from "../../../src/Domain/Imports/SignatureNames.js"
import { signatureParties } from "../../../src/Domain/Imports/SignatureParties.js"
import { expectNoHang } from "../../support/hangGuard.js"
import { clauses, nameAt, partiesIn, partiesOf } from "./readers.js"

const signersOf = (text: string) => signatureParties(clauses(text), 0).map((hit) => text.slice(hit.start, hit.end))
/** The signer's name kept from a run read before "By:", or null when the run holds no one name. */
const signer = (run: string) => {
  const span = signerName(run, { start: 0, end: run.length })
  return span === null ? null : run.slice(span.start, span.end)
}

describe("the list of parties goes on", () => {
  it("after 'and,' (dev2 wide-114)", () => {
    expect(
      partiesIn(
        "This Co-Branding Agreement (this \"Agreement\"), dated as of June 8, 1999, is made by and between Snap Technologies, Inc. a California corporation having its principal place of business at 111 Townsend St., San Francisco, CA 94107 (\"Snap\"), and, United Airlines, Inc., a Delaware corporation having its principal place of business at 1200 E. Algonquin Road, Elk Grove Township, IL 60007 (\"Sponsor\")."
      )
    ).toEqual(["Snap Technologies, Inc.", "United Airlines, Inc."])
  })

  it("after a cover page's '- and -' line (dev2 wide-166)", () => {
    expect(
      partiesOf([
        "THIS AGREEMENT made as of the 30th day of June 1999",
        "BETWEEN: MEDIALINX INTERACTIVE, L.P., represented herein by its general partner MediaLinx Interactive Inc. a corporation incorporated under the laws of the Province of Ontario",
        "20 Richmond Street East Suite 600 Toronto, Ontario M5C 3B5",
        "(hereinafter called \"MLX\", or \"Party\")",
        "- and -",
        "HEALTHCENTRAL.COM INC. a corporation incorporated under the laws of the state of California Marketplace Tower 6001 Shellmound Street, Suite 800 Emeryville, CA. 94608",
        "(hereinafter called \"HCI\" or \"Party\")"
      ])
    ).toEqual(["MEDIALINX INTERACTIVE, L.P.", "HEALTHCENTRAL.COM INC."])
  })

  it("past a list that drops its 'and', to a company with its own alias (dev2 wide-045)", () => {
    expect(
      partiesIn(
        "This Amendment No. 1 (the \"Amendment\"), entered into by and between Stremick's Heritage Foods, LLC (\"Heritage\") Premier Nutrition Corporation (\"Premier\") is effective as of June 11, 2018 (\"Amendment Effective Date\") and amends that certain Manufacturing Agreement between Heritage and Premier dated July 1, 2017 (\"Agreement\")."
      )
    ).toEqual(["Stremick's Heritage Foods, LLC", "Premier Nutrition Corporation"])
  })

  it("but not to a company named after an alias without one of its own", () => {
    expect(
      partiesIn("This Amendment is entered into by and between Stremick's Heritage Foods, LLC (\"Heritage\") Premier Nutrition Corporation shall pay the fees.")
    ).toEqual(["Stremick's Heritage Foods, LLC"])
  })

  it("past the state of the first party's seat (dev2 wide-315)", () => {
    expect(
      partiesIn(
        "THIS AGREEMENT is made and entered into this 1st day of June, 2017 by and between Prudential Bank (hereinafter referred to as the \"Employer\"), located in Philadelphia, Pennsylvania and Jeffrey Hanuscin, (hereinafter referred to as the \"Employee\"), residing at 2406 Sanibel Circle, Palmyra, NJ 08065."
      )
    ).toEqual(["Prudential Bank", "Jeffrey Hanuscin"])
  })

  it("but a second state after the seat's is no party", () => {
    expect(
      partiesIn(
        "THIS AGREEMENT is made by and between Prudential Bank (hereinafter referred to as the \"Employer\"), located in Philadelphia, Pennsylvania and New Jersey."
      )
    ).toEqual(["Prudential Bank"])
  })

  it("over numbered parties under a 'PARTIES' heading (dev2 wide-377, dev wide-139)", () => {
    expect(
      partiesIn(
        "THIS AGREEMENT is entered into between the parties on 1 April, 2020.\nPARTIES (1) Theravance Biopharma UK Limited is a company registered in the United Kingdom and whose registered office is at 12 New Fetter Lane, London, United Kingdom, EC4A 1JP (the \"Employer\"); and (2) Brett Haumann of [address removed] (the \"Executive\")."
      )
    ).toEqual(["Theravance Biopharma UK Limited", "Brett Haumann"])
    expect(
      partiesOf([
        "Distributorship agreement between",
        "Signature Orthopaedics Pty Ltd",
        "And CPM Medical Consultants LLC",
        "THIS AGREEMENT is dated",
        "Parties",
        "(1) Signature Orthopaedics Pty Ltd (ACN 106 702 416) , 7 Sirius Road, Lane Cove, NSW",
        "(2) CPM Medical Consultants, LLC of 1565N. Central Expressway, Suite 200, Dallas, TX 75080.",
        "Background"
      ])
    ).toEqual(["Signature Orthopaedics Pty Ltd", "CPM Medical Consultants, LLC"])
  })
})

describe("where the list starts", () => {
  it("before the recitals, not at another agreement's 'by and between' in them (dev2 wide-170)", () => {
    expect(
      partiesIn(
        "This INTELLECTUAL PROPERTY AGREEMENT (this \"Agreement\" or \"IPA\"), effective as of this 30  day of June 2016 (the \"Effective Date\") among THE HERTZ CORPORATION, a Delaware corporation, with an address of 8501 Williams Road, Estero, Florida 33928 (hereinafter \"THC\"); HERTZ SYSTEM, INC., a Delaware corporation, with an address of 8501 Williams Road, Estero, Florida 33928, United States of America (hereinafter \"HSI\") and HERC RENTALS INC., a Delaware corporation, with an address of 27500 Riverview Center Blvd., Bonita Springs, Florida 34134, United States of America (hereinafter \"HERC\") (hereinafter referred to collectively as the \"Parties\" and individually as a \"Party\").   WITNESSETH   WHEREAS, HGH has approved plans to separate the Vehicle Rental Business and the Equipment Rental Business into two independent, publicly traded companies (the \"Separation\") pursuant to, among other agreements, the Separation and Distribution Agreement by and between Hertz Rental Car Holding Company, Inc. (to be renamed \"Hertz Global Holdings, Inc.\" in connection with the Separation, \"New Hertz\") and HGH"
      )
    ).toEqual(["THE HERTZ CORPORATION", "HERTZ SYSTEM, INC.", "HERC RENTALS INC."])
  })

  it("on the opening's own aliased company when the only 'among' leads to a defined name (dev2 wide-001)", () => {
    expect(
      partiesIn(
        "JOINT VENTURE AGREEMENT\nCollectible Concepts Group, Inc. (\"CCGI\") and Pivotal Self Service Tech, Inc. (\"PVSS\"), (the \"Parties\" or \"Joint Venturers\" if referred to collectively, or the \"Party\" or Joint Venturer\" if referred to singularly), by this Agreement associate themselves as business associates, and not as partners, in the formation of a joint venture (the \"Joint Venture\").\nDivision of Income and Losses. All income and credits, and all losses and deductions shall be owned and shared among the Joint Venturers as follows:"
      )
    ).toEqual(["Collectible Concepts Group, Inc.", "Pivotal Self Service Tech, Inc."])
  })

  it("after a defined term, when the preamble leaves out its 'between' (dev2 wide-190)", () => {
    expect(
      partiesIn(
        "SOFTWARE HOSTING AGREEMENT This Software Hosting Agreement (the \"Agreement\") is entered into and effective as of the later of the two signature dates below (the \"Effective Date\") INKTOMI CORPORATION (\"Inktomi\"), a California corporation, 1900 South Norfolk Street, Suite 110, San Mateo, California 94403, and MICROSOFT CORPORATION (\"Microsoft\"), a Washington Corporation, One Microsoft Way, Redmond, Washington 98052-6399, with reference to the facts set forth in the Recitals below."
      )
    ).toEqual(["INKTOMI CORPORATION", "MICROSOFT CORPORATION"])
  })

  it("but reads no company after a defined term that has no alias of its own", () => {
    expect(partiesIn("This Agreement (the \"Agreement\") is effective as of the Effective Date (the \"Effective Date\") Acme Corporation shall pay the fees."))
      .toEqual([])
  })

  it("not at a list that opens on a short name defined earlier (dev wide-161)", () => {
    expect(
      partiesIn(
        "The undersigned is a shareholder of Gulf South Medical Supply, Inc. (\"GSMS\"), a corporation organized and existing under the laws of the State of Delaware, and will become a shareholder of Physician Sales & Service, Inc. (\"PSS\"), a corporation organized and existing under the laws of the State of Florida, pursuant to the transactions described in the Agreement and Plan of Merger, dated as of December 14, 1997 (the \"Agreement\"), by and among PSS, PSS Merger Corp. (\"Merger Corp.\") and GSMS."
      )
    ).not.toContain("PSS, PSS Merger Corp.")
  })
})

describe("where a name ends", () => {
  it("leaves a trade name after the party's description to that party (dev2 wide-251)", () => {
    expect(
      partiesIn(
        "THIS AGREEMENT, dated as of October 24, 2005 is between JOHNSON MATTHEY CATALOG COMPANY, INC., a Delaware corporation, d/b/a ALFA AESAR (hereinafter referred to as \"ALFA AESAR\"), having a mailing address of 30 Bond Street, Ward Hill, MA 01835-8099 and Nanophase Technologies Corporation, a Delaware corporation (\"NTC\"), having its principal offices at 1319 Marquette Drive, Romeoville, IL 60446."
      )
    ).toEqual(["JOHNSON MATTHEY CATALOG COMPANY, INC.", "Nanophase Technologies Corporation"])
  })

  it("keeps a German limited partnership's '& Co KG' (dev2 wide-389)", () => {
    expect(
      partiesIn(
        "SUPPLY AGREEMENT\nbetween\nCREMER OLEO GmbH & Co KG, Glockengiesserwall 3, 20095 Hamburg,\nGermany\n— hereinafter referred to as Cremer —\nand\nUltragenyx Pharmaceutical Inc, 60 Leveroni Court, Suite 200, Novato, California 94949, United States of America"
      )
    ).toEqual(["CREMER OLEO GmbH & Co KG", "Ultragenyx Pharmaceutical Inc"])
    expect(nameAt("Acme GmbH & Partners, a German company")).toBe("Acme GmbH")
  })

  it("before the address set after it on a cover page (dev wide-100)", () => {
    expect(
      partiesOf([
        "OUTSOURCING AGREEMENT",
        "BETWEEN: MODUS MEDIA INTERNATIONAL LANDDROSTLAAN 51 7327 GM APELDOORN THE NETHERLANDS (HEREINAFTER \"MMI\")",
        "AND DRAGON SYSTEMS, INC. 320 NEVADA STREET NEWTON, MA 02160 U.S.A. (HEREAFTER \"DRAGON SYSTEMS\")"
      ])
    ).toEqual(["MODUS MEDIA INTERNATIONAL", "DRAGON SYSTEMS, INC."])
    expect(nameAt("COMWARE TECHNICAL SERVICES 17922 SKY PARK CIRCLE, SUITE E, IRVINE")).toBe("COMWARE TECHNICAL SERVICES")
  })

  it("but keeps a number that is part of a name (dev wide-273, wide-366)", () => {
    expect(nameAt("Kes 7 Capital Inc., and Bloom Burton & Co. Ltd.")).toBe("Kes 7 Capital Inc.")
    expect(nameAt("Carrier 1 AG, a company")).toBe("Carrier 1 AG")
  })

  it("before a courtesy title that starts the next person (dev2 wide-405)", () => {
    expect(nameAt("Mr. Zheng Qing, Mr. Gu Xianwin and Ms. Chen Weijie (\"Developer\")")).toBe("Zheng Qing")
  })

  it("reads no garbled scan as a name (dev wide-311)", () => {
    expect(nameAt("PRIMEEVERG\\'CORPORATION ( Time\"), GUARANTY BANK, FSB ('Guaranty\")")).toBeNull()
  })

  it("reads a company form in capitals as one (dev wide-018)", () => {
    expect(entityAt("ANIXA BIOSCIENCES, INC. ONTOCHEM GMBH", 24)?.suffix).toBe(true)
  })
})

describe("one party, named twice", () => {
  it("keeps the name with its company form in the place of the title's bare one (dev2 wide-260)", () => {
    expect(
      partiesOf([
        "DISTRIBUTOR AGREEMENT BETWEEN INGRAM MICRO AND NETGEAR",
        "Ingram Micro, a corporation organized under the laws of the State of California, having a place of business located at 1600 E. St. Andrew Place, Santa Ana, California, USA, (\"Distributor\") and NETGEAR, Inc. (\"NETGEAR\"), a wholly owned subsidiary of Bay Networks, Inc., organized under the laws of the State of Delaware, having a place of business at 4401 Great America Parkway, Santa Clara, California, USA, agree that the following terms govern the purchase, sale, and licensing of Products (as defined below) between the parties."
      ])
    ).toEqual(["INGRAM MICRO", "NETGEAR, Inc."])
  })

  it("reads no signer's run that opens on a party already named (dev2 wide-409)", () => {
    expect(
      partiesOf([
        "This Non-Exclusive License Agreement (hereinafter \"Agreement\") is entered into by and between The Johns Hopkins University (hereinafter \"JHU\"), a corporation of the State of Maryland.",
        "May 3, 2016 IN WITNESS WHEREOF the respective parties hereto have executed this Agreement by their duly authorized officers on the date appearing below their signatures. THE JOHNS HOPKINS UNIVERSITY VIRTUOSO SURGICAL, INC. By: /s/ Neil Veloso By: /s/ C. Mark Pickrell Neil Veloso Name:C. Mark Pickrell Executive Director Title: Attorney-in-Fact"
      ])
    ).toEqual(["The Johns Hopkins University"])
  })
})

describe("the names a signature page runs together", () => {
  it("cuts the last signer's title off the next name (dev wide-155)", () => {
    expect(
      signersOf(
        "IN WITNESS WHEREOF, the parties have caused this Agreement to be duly executed as of the date first set forth above. HOFV: HOF VILLAGE, LLC By: /s / Brian Parisi Name: David Baker Title: Chief Financial Officer PFHOF: NATIONAL FOOTBALL MUSEUM, INC., D/B/A PRO FOOTBALL HALL OF FAME By: /s / Brian Parisi Name: David Baker Title: President & CEO CONSTELLATION NEWENERGY, INC. By: /s/ Mark P. Huston Name: Mark P. Huston"
      )
    ).toEqual(["HOF VILLAGE, LLC", "NATIONAL FOOTBALL MUSEUM, INC., D/B/A PRO FOOTBALL HALL OF FAME", "CONSTELLATION NEWENERGY, INC."])
  })

  it("reads no two names run into one (dev wide-032, wide-068, wide-191, dev2 wide-405)", () => {
    expect(signer("ASSOCIATED NATURAL GAS COMPANY ARKANSAS WESTERN PIPELINE COMPANY")).toBeNull()
    expect(signer("Dosage Form Solutions CARDAX, INC.")).toBeNull()
    expect(signer("Flextronics (Israel) Ltd. INVASIX LTD 514073618 Contractor Customer")).toBeNull()
    expect(signer("VGRAB ASIA LTD. Represented by")).toBeNull()
  })

  it("keeps the names a signature page writes whole (dev wide-366, wide-374, wide-018)", () => {
    expect(signer("NATIONAL FOOTBALL MUSEUM, INC., D/B/A PRO FOOTBALL HALL OF FAME")).toBe("NATIONAL FOOTBALL MUSEUM, INC., D/B/A PRO FOOTBALL HALL OF FAME")
    expect(signer("Taiwan Fixed Network Co., Ltd. Preparatory Office")).toBe("Taiwan Fixed Network Co., Ltd. Preparatory Office")
    expect(signer("Beijing SINA Internet Information Service Co., Ltd.")).toBe("Beijing SINA Internet Information Service Co., Ltd.")
    expect(signer("Telia AB (publ)")).toBe("Telia AB (publ)")
    expect(signer("Bioeq IP AG")).toBe("Bioeq IP AG")
  })

  it("leaves a form's '(Date)' caption out of a joint filer's name (dev2 wide-332)", () => {
    expect(
      partiesOf([
        "Exhibit 99.1 JOINT FILING AGREEMENT The undersigned hereby agree that the Schedule 13G/A with respect to the shares of Class A Common Stock, $0.001 par value per share, of The RMR Group Inc., dated as of December 31, 2019, is, and any amendments thereto (including amendments on Schedule 13D) signed by each of the undersigned shall be, filed on behalf of each of us pursuant to and in accordance with the provisions of Rule 13d-1(k) under the Securities Exchange Act of 1934, as amended. January 22, 2020 (Date) ABP TRUST /s/ Adam D. Portnoy (Signature) Adam D. Portnoy, President (Name/Title) ADAM D. PORTNOY /s/ Adam D. Portnoy (Signature) 10"
      ])
    ).toEqual(["ABP TRUST"])
  })
})

describe("round 4 party rules stay linear", () => {
  it("on long hostile lines", () => {
    const started = performance.now()
    partiesIn(`between Acme Inc. ${"and, ".repeat(100_000)}`)
    partiesIn(`This Agreement ${"(the \"Term\") ".repeat(50_000)}`)
    partiesIn(`WHEREAS ${"by and between the Parties ".repeat(50_000)}`)
    partiesOf([`PARTIES (1) Acme Limited ${"\n(2) ".repeat(100_000)}`])
    nameAt(`Acme ${"12 34 ".repeat(100_000)}`)
    signer(`ACME ${"INC. ACME ".repeat(50_000)}`)
    signersOf(`IN WITNESS WHEREOF ${"President & CEO ACME INC. By: ".repeat(50_000)}`)
    expectNoHang(performance.now() - started, 10_000)
  })
})
