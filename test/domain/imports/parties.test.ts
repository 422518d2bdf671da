import { describe, expect, it } from "@effect/vitest"
import { expectNoHang } from "../../support/hangGuard.js"
import { partiesIn, partiesOf } from "./readers.js"

/** Each sentence is a corpus contract's own (the develop set), or a sentence built to test one rule. */

describe("the parties of a preamble", () => {
  it("reads 'entered into by', and a name written in capitals", () => {
    expect(
      partiesIn(
        "This Transportation Service Agreement (Agreement) is entered into by Great Lakes Gas Transmission Limited Partnership (Transporter) and ANR PIPELINE COMPANY (Shipper)."
      )
    ).toEqual(["Great Lakes Gas Transmission Limited Partnership", "ANR PIPELINE COMPANY"])
  })

  it("reads three parties 'by and among', an individual among them", () => {
    expect(
      partiesIn(
        "THIS AGREEMENT is entered into by and among ASHWORTH, INC. (The \"Company\" or \"Ashworth\"), JAMES W. NANTZ III (\"Nantz\") and NANTZ COMMUNICATIONS, INC. (\"Nantz Communications\"), effective as of June 1, 1998."
      )
    ).toEqual(["ASHWORTH, INC.", "JAMES W. NANTZ III", "NANTZ COMMUNICATIONS, INC."])
    expect(
      partiesIn(
        "RESTATED NET INVESTMENT INCOME MAINTENANCE AGREEMENT, effective as of May 1, 2012, by and between Advantus Capital Management, Inc. (the \"Investment Adviser\"), Securian Financial Services, Inc. (the \"Underwriter\") and Securian Funds Trust (the \"Trust\"), a Delaware statutory trust, on behalf of the Trust's Advantus Money Market Fund (the \"Fund\")."
      )
    ).toEqual(["Advantus Capital Management, Inc.", "Securian Financial Services, Inc.", "Securian Funds Trust", "Trust's Advantus Money Market Fund"])
  })

  it("keeps the name as written, 'The' included, and ends it before its description", () => {
    expect(
      partiesIn(
        "This ENDORSEMENT AGREEMENT (the \"Agreement\") is made this 1st day of --- November, 2003 by and between Bruce Jenner, Individual (\"CELEBRITY\"), with his offices located in California; and The Right Solution, a Nevada Corporation (the COMPANY), with its offices located at 3035 East Patrick Lane."
      )
    ).toEqual(["Bruce Jenner", "The Right Solution"])
    expect(
      partiesIn(
        "THIS SUPPLEMENTAL AGREEMENT is made as of this _____ day of ______________ 2013 by and between Tigrent Learning UK Limited of Boston House, 69 — 75 Boston Manor Road, Brentford, Middlesex, TW8 9.1J (\"Company\") and Celebrity Speakers of 90 High Street, Burnham, Buckinghamshire, SL1 7JT (\"CSA\") agent for Robbie Fowler (\"Talent\") in his individual capacity."
      )
    ).toEqual(["Tigrent Learning UK Limited", "Celebrity Speakers", "Robbie Fowler"])
    expect(
      partiesIn(
        "Mutual Insurance Corporation of America, a Michigan insurance corporation (MICOA) and Stratton, Cheeseman & Walsh-Nevada, Inc., a Nevada corporation, (\"Agency\"), (sometimes commonly referred to as the Parties) agree as follows:"
      )
    ).toEqual(["Mutual Insurance Corporation of America", "Stratton, Cheeseman & Walsh-Nevada, Inc."])
  })

  it("reads company forms the world over, and a form's letters at a name's start as part of the name", () => {
    expect(
      partiesIn(
        "This agreement is made effective   Oct. 11, 1996 by and between PC QUOTE, INC. (hereinafter referred to as \"PCQ\"), a Delaware Corporation with its principal place of business at 300 South Wacker Drive, and AB Wately, Inc. and all of its subsidiaries and related companies (\"ABW\")."
      )
    ).toEqual(["PC QUOTE, INC.", "AB Wately, Inc."])
    expect(
      partiesIn(
        "This Custody Agreement is entered into by and between Acme Fund Trust (the \"Trust\") and Wells Fargo Bank, N.A., a national banking association (the \"Custodian\")."
      )
    )
      .toEqual(["Acme Fund Trust", "Wells Fargo Bank, N.A."])
  })

  it("reads a list of companies, a person whose address follows, and no place for a party", () => {
    expect(partiesIn("This Joint Venture Agreement is entered into by and among Alpha Corp., Beta Corp. and Gamma Corp. (together, the \"Venturers\")."))
      .toEqual(["Alpha Corp.", "Beta Corp.", "Gamma Corp."])
    expect(
      partiesIn(
        "This Agreement is made by and between Acme Widgets Inc., New York, New York (\"Acme\") and Jane Doe, whose address is 1 Elm Street (\"Artist\")."
      )
    )
      .toEqual(["Acme Widgets Inc.", "Jane Doe"])
  })

  it("reads a person named right after the first party, described or not", () => {
    expect(partiesIn("This Artist Agreement is made between Tuff Gong Records Inc. and Stephen Marley. The parties agree as follows."))
      .toEqual(["Tuff Gong Records Inc.", "Stephen Marley"])
    expect(partiesIn("This Agreement is made between Acme Inc., a company with offices in Boston and New York, and Beta LLC."))
      .toEqual(["Acme Inc.", "Beta LLC"])
  })

  it("reads 'made BY:' in capitals and leaves a courtesy title out of a person's name", () => {
    expect(
      partiesIn(
        "THIS AGREEMENT is MADE BY: NORTHWIND TRADERS LIMITED, a company registered in England (\"Northwind\") AND: Mr. Carlos Lafitte, of Madrid (\"Consultant\")."
      )
    )
      .toEqual(["NORTHWIND TRADERS LIMITED", "Carlos Lafitte"])
  })

  it("takes a title's 'between the parties' for no one", () => {
    expect(partiesIn("AGREEMENT BETWEEN THE PARTIES")).toEqual([])
  })

  it("reads the company a person signs for, not the person", () => {
    expect(
      partiesIn(
        "This Website Design, Development and Hosting Agreement the (\"Agreement\") is entered into on January 11, 2018 by and between Natalija Tunevic, director of FreeCook (hereinafter referred to as \"Client\") and Mitchell Vitalis, director of Mitchell's Web Advance, PLC (hereinafter referred to as \"Company\")."
      )
    ).toEqual(["FreeCook", "Mitchell's Web Advance, PLC"])
  })

  it("takes no part of another name for a party", () => {
    expect(
      partiesIn(
        "This AGREEMENT, dated as of June 27, 2017, is made and entered into by The Meet Group, Inc., a Delaware corporation (the \"Company\"), and each of the persons set forth on the signature page hereto, pursuant to Rule 13d-5 promulgated by the U.S. Securities and Exchange Commission (the \"SEC\") under the Securities Exchange Act of 1934;"
      )
    ).toEqual(["The Meet Group, Inc."])
    expect(partiesIn("Datec Contact Details [*****] Commercial in Confidence Page 2 May 2004")).toEqual([])
  })
})

describe("the parties of a cover page", () => {
  it("reads 'BETWEEN:' and 'AND:' with each name on its own line", () => {
    expect(
      partiesOf([
        "THIS AGREEMENT made effective the 10 day of January 2019 (the \"Effective Date\"),",
        "BETWEEN:",
        "EMERALD HEALTH NATURALS, INC., a company having its registered and records office at 7860 Venture Street, Burnaby, BC V5A 1V3",
        "(\"Emerald\" or the \"Company\")",
        "AND:",
        "DR. GAETANO MORELLO N.D. INC., Businessperson, having an office at 2975 East 4th Avenue, Vancouver, B.C. V5M 1L1",
        "(the \"Contractor\")",
        "WITNESSES THAT WHEREAS Emerald would like to engage the Contractor as an independent contractor of Emerald"
      ])
    ).toEqual(["EMERALD HEALTH NATURALS, INC.", "DR. GAETANO MORELLO N.D. INC."])
  })

  it("reads numbered parties, an individual after '(2)'", () => {
    expect(
      partiesOf([
        "THIS AGREEMENT is made on 26 September 2019",
        "BETWEEN:",
        "(1) BICYCLETX LIMITED a company incorporated under the laws of England and Wales (Company Number 11036101) (the \"Company\"); and",
        "(2) NIGEL CROCKETT of (the ''Employee\").",
        "IT IS AGREED as follows:"
      ])
    ).toEqual(["BICYCLETX LIMITED", "NIGEL CROCKETT"])
  })

  it("reads 'Party A:' labels, a bracketed place and an 'and' inside a name", () => {
    expect(
      partiesOf([
        "Party A:",
        "Beijing Baidu Netcom Science and Technology Co., Ltd.",
        "Address:",
        "Party B:",
        "China Online Housing (Hong Kong) Co., Ltd.",
        "Contact: Telephone: 010-58951000 Fax: 010-58951005   Party C: Beijing Yisheng Leju Information Services Co., Ltd. Legal representative: ZHU Xusheng",
        "WHEREAS:"
      ])
    ).toEqual([
      "Beijing Baidu Netcom Science and Technology Co., Ltd.",
      "China Online Housing (Hong Kong) Co., Ltd.",
      "Beijing Yisheng Leju Information Services Co., Ltd."
    ])
  })
})

describe("the parties of a preamble after a table of contents", () => {
  it("finds the preamble past the contents when the opening names no one", () => {
    expect(
      partiesOf([
        "FRANCHISE AGREEMENT",
        "TABLE OF CONTENTS",
        "1. Definitions",
        "2. Franchise Grant; Term",
        "Between        BURGER  KING  CORPORATION  a  company  incorporated  in  Florida,                United States of  America (\"BKC\")",
        "AND            The  party  specified  as  the  Franchisee on SCHEDULE 1 attached                hereto (the \"Franchisee\")",
        "INTRODUCTION"
      ])
    ).toEqual(["BURGER  KING  CORPORATION"])
  })
})

describe("the parties of a cover page by role", () => {
  it("reads each role's label on its own line", () => {
    expect(
      partiesOf([
        "SUPPLY AGREEMENT",
        "Supplier: Northwind Components GmbH, Hauptstrasse 1, 10115 Berlin",
        "Customer: Contoso Devices Ltd., 1 Market Street, London",
        "Address: 1 Market Street, London",
        "1. Supply. Supplier shall supply the Products to Customer."
      ])
    ).toEqual(["Northwind Components GmbH", "Contoso Devices Ltd."])
  })
})

describe("the parties of a signature block", () => {
  const preamble =
    "This AGREEMENT is made and entered into by The Meet Group, Inc., a Delaware corporation (the \"Company\"), and each of the persons set forth on the signature page hereto (each, an \"Investor\")."
  const signatures =
    "IN WITNESS WHEREOF the parties have duly executed and delivered this Agreement as of the date first above written. THE MEET GROUP, INC. By: /s/ Frederic Beckley Name: Frederic Beckley Title: General Counsel & EVP Business Affairs HARVEST SMALL CAP PARTNERS MASTER, LTD. By: Harvest Capital Strategies LLC Investment Manager By: /s/ Jeffrey B. Osher Name: Jeffrey B. Osher Title: Managing Director HARVEST CAPITAL STRATEGIES LLC By: /s/ Jeffrey B. Osher Name: Jeffrey B. Osher Title: Managing Director"

  it("adds the entities above 'By:' when the preamble points to the signature page, each party once", () => {
    expect(partiesOf([preamble, "1. Board Matters.", signatures]))
      .toEqual(["The Meet Group, Inc.", "HARVEST SMALL CAP PARTNERS MASTER, LTD.", "HARVEST CAPITAL STRATEGIES LLC"])
  })

  it("leaves the signature block alone when the preamble names two parties", () => {
    const named = "This Agreement is made by and between Acme Widgets, Inc., a Delaware corporation (\"Acme\"), and Beta Labs LLC, a Texas company (\"Beta\")."
    expect(partiesOf([named, "1. Services.", "IN WITNESS WHEREOF the parties have signed. GAMMA HOLDINGS LLC By: /s/ A. Smith"]))
      .toEqual(["Acme Widgets, Inc.", "Beta Labs LLC"])
  })

  it("leaves the role written over a signing name out of it", () => {
    expect(
      partiesOf([
        "This License Agreement is made by and between Acme Widgets, Inc. (\"Licensor\") and the licensee named on the signature page.",
        "1. Grant.",
        "IN WITNESS WHEREOF the parties have signed. LICENSEE BETA LABS LLC By: /s/ Ann Lee Name: Ann Lee"
      ])
    )
      .toEqual(["Acme Widgets, Inc.", "BETA LABS LLC"])
  })

  it("stays quick on hostile input", () => {
    const started = performance.now()
    partiesIn(`by and between ${"Acme and ".repeat(50_000)}`)
    partiesOf([`${"entered into by ".repeat(20_000)} signature page`, `IN WITNESS WHEREOF ${"ACME INC. By: ".repeat(20_000)}`, `${"\nBy:".repeat(20_000)}`])
    expectNoHang(performance.now() - started, 10_000)
  })
})
