/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), quoted verbatim with the file each comes from; the negative
 * cases say what must not be read as a party.
 */
import { describe, expect, it } from "@effect/vitest"
import { nameAt, partiesIn, partiesOf } from "./readers.js"

describe("party names written in lower case or with a trade name", () => {
  it("reads a brand written in lower case when its company form or domain follows (wide-096, wide-102, wide-376)", () => {
    expect(
      partiesIn(
        "Co-Branding and Services Agreement, effective as of October 1, 1999 (this \"Agreement\"), between RSL COM PrimeCall, Inc., a Delaware corporation (\"PrimeCall\"), and deltathree.com, Inc. (formerly known as Delta Three, Inc.), a Delaware corporation (\"DeltaThree\")"
      )
    ).toEqual(["RSL COM PrimeCall, Inc.", "deltathree.com, Inc."])
    expect(
      partiesIn(
        "This Sponsorship Agreement (the \"Agreement\") is entered into as of the 11th day of March, 1999 by and between drkoop.com, inc., a Delaware corporation, located at 8920 Business Park Drive, Longhorn Suite, Austin, Texas 78759 (\"drkoop.com\"), and Vitamin Shoppe Industries, Inc., a New Jersey corporation, located at 4700 Westside Avenue, North Bergen, New Jersey 07047 (\"Sponsor\")."
      )
    ).toEqual(["drkoop.com, inc.", "Vitamin Shoppe Industries, Inc."])
    expect(
      partiesIn(
        "This Co-Branding Agreement (the \"Agreement\") is entered into as of  March ___, 1999 (the \"Effective Date\") by and between theglobe.com, Inc., with its principal place of business at 31 West 21st Street, New York, NY  10010 (\"theglobe\"), and The Boxlot Company, with its principal place of business at 12626 High Bluff Drive, Suite 370, San Diego, CA  92130 (\"Boxlot\")."
      )
    ).toEqual(["theglobe.com, Inc.", "The Boxlot Company"])
  })

  it("reads a web address as a name of its own (wide-040)", () => {
    expect(partiesIn("This is a managed hosting agreement between AstroNutrition.com and deep systems.")).toEqual(["AstroNutrition.com"])
  })

  it("reads a company form written right against its alias (wide-108)", () => {
    expect(
      partiesIn(
        "SPONSORSHIP AGREEMENT This agreement (the \"Agreement\") is made effective this 1st day of April, 2018 (\"Effective Date\") between Fruit of Life Productions LLC, (\"Promoter\") and Eco Science Solutions, Inc.,(\"Sponsor\"), 1135 Makawao Avenue, Suite 103-188, Makawao, Hawaii, 96768."
      )
    ).toEqual(["Fruit of Life Productions LLC", "Eco Science Solutions, Inc."])
  })

  it("keeps a trade name after 'dba' (wide-028)", () => {
    expect(
      partiesIn(
        "This Agreement is made and entered into by and between 695014 B.C. Ltd. dba Galaxy Telecom, having a principal office at 200 - 375 Water Street, Vancouver, British Columbia V6B 5C6 Canada (\"Galaxy\") and Galaxy Telnet SRL, having a principal office at Aleea Malinului, Nr. 11, Bl. D, Scara C, Apt. 43, Constanta, Judetul Constanta, Romania (\"Telnet\") as of the 1s t day of June, 2004."
      )
    ).toEqual(["695014 B.C. Ltd. dba Galaxy Telecom", "Galaxy Telnet SRL"])
  })

  it("keeps an 'and' between two trade words of one company's name (wide-234)", () => {
    expect(nameAt("ATHENE ANNUITY AND LIFE COMPANY By: Apollo Insurance Solutions Group LP, its investment adviser")).toBe("ATHENE ANNUITY AND LIFE COMPANY")
  })

  it("leaves out the place after the comma (wide-368)", () => {
    expect(
      partiesIn(
        "This AGREEMENT regarding development of water well(s) in the Capitan Reef Aquifer Formation (the \"AGREEMENT\") is entered into by the City of Fort Stockton, Texas, a Texas Type A-General Law city (\"COFS\") and STW Resources Holding Corp., a Nevada corporation (\"STW\"), effective as of the last date of signature on the signature pages below."
      )
    ).toEqual(["City of Fort Stockton", "STW Resources Holding Corp."])
  })
})

describe("the forms a party list takes", () => {
  it("goes on past a redacted first party (wide-000)", () => {
    expect(
      partiesIn(
        "This Services Agreement (this \"Agreement\") is entered into on October 1, 2019 and is made effective as of November 1, 2019 (the \"Effective Date\"), by and between [ * * * ] (the \"Provider\"), and TELCOSTAR PTE, LTD., a company organized and existing under the laws of Singapore and Ability Computer & Software Industries Ltd, a company organized and existing under the laws of the State of Israel (each and both of them \"Recipient\")."
      )
    ).toEqual(["TELCOSTAR PTE, LTD.", "Ability Computer & Software Industries Ltd"])
  })

  it("reads 'among the following parties:', its lettered list, and the person whose services a party furnishes (wide-016)", () => {
    expect(
      partiesIn(
        "This Endorsement Agreement (\"Agreement\") is made and entered into as of August 24, 1995, by and among the following parties:\n\n                  (a) Kathy Ireland, Inc. (\"KI Inc.\"), furnishing the services       of Kathy Ireland (\"KI\"), c/o The Sterling/Winters Co., 1900 Avenue of the       Stars, Suite #1640, Los Angeles, California 90067;\n\n                  (b) The Sterling/Winters Co. (\"SW\"), 1900 Avenue of the Stars,       Suite #1640, Los Angeles, California 90067; and\n\n                  (c) Diplomat Ambassador Eyewear Group (\"Diplomat\"), 1010 Arch       Street, 3rd Floor, Philadelphia, Pennsylvania 19107."
      )
    ).toEqual(["Kathy Ireland, Inc.", "Kathy Ireland", "The Sterling/Winters Co.", "Diplomat Ambassador Eyewear Group"])
  })

  it("reads the person an endorsement's lender furnishes (wide-248)", () => {
    expect(
      partiesIn(
        "This ENDORSEMENT LICENSING AND CO-BRANDING AGREEMENT is entered into on July 26, 2013 (the \"Effective Date\") by and between Marine MP, LLC (\"Lender\"), for services of Arnold Schwarzenegger (\"Endorser\"), and Fitness Publications, Inc. (\"Fitness\") (collectively, Lender, Endorser, and Fitness are referred to as the \"AS Parties\") and MusclePharm Corporation with its principal place of business in Denver, Colorado and its subsidiaries, (collectively, \"MusclePharm\" or the \"Company\")."
      )
    ).toEqual(["Marine MP, LLC", "Arnold Schwarzenegger", "Fitness Publications, Inc.", "MusclePharm Corporation"])
  })

  it("reads 'BETWEEN: … - and - …' and a letter-spaced 'B E T W E E N:' (wide-110, wide-104)", () => {
    expect(
      partiesIn(
        "THIS LICENSE AND RESELLER AGREEMENT dated as of the October 30, 2018 is made BETWEEN: EHAVE, INC., a company incorporated under the laws of the Province of Ontario, Canada (\"Ehave\"); - and - COMPANION HEALTHCARE TECHNOLOGIES CORP, a company incorporated under the laws of the Province of Ontario (\"CHT\") RECITALS:"
      )
    ).toEqual(["EHAVE, INC.", "COMPANION HEALTHCARE TECHNOLOGIES CORP"])
    expect(
      partiesIn(
        "THIS AGREEMENT made in duplicate this 20 day of November, 1995.\n\nB E T W E E N:\n\n                         PUROLATOR COURIER LTD.                                 (\"Purolator\")                                                                           - and -                                                            PARCELWAY COURIER SYSTEMS CANADA LTD.                          a subsidiary of Dynamex Inc.                                  (\"Dynamex\")"
      )
    ).toEqual(["PUROLATOR COURIER LTD.", "PARCELWAY COURIER SYSTEMS CANADA LTD."])
  })

  it("reads the companies a letter's sender writes 'together with' (wide-060)", () => {
    expect(
      partiesIn(
        "Dear Ladies and Gentlemen: Bluerock Residential Growth REIT, Inc., a Maryland corporation (the \"Company\"), together with Bluerock Residential Holdings, L.P., a Delaware limited partnership for which the Company is the sole general partner (the \"Operating Partnership\" and together with the Company, the \"Transaction Entities\") and BRG Manager, LLC, a Delaware limited liability company (the \"Manager\"), agrees that it may issue and sell"
      )
    ).toEqual(["Bluerock Residential Growth REIT, Inc.", "Bluerock Residential Holdings, L.P.", "BRG Manager, LLC"])
  })

  it("reads a described company opening a line when no words introduce the list (blocks the segmenter makes of wide-104)", () => {
    expect(
      partiesOf([
        "MARKETING AND TRANSPORTATION SERVICES AGREEMENT",
        "THIS AGREEMENT made in duplicate this 20 day of November, 1995.",
        "PUROLATOR COURIER LTD. (\"Purolator\") - and - PARCELWAY COURIER SYSTEMS CANADA LTD. a subsidiary of Dynamex Inc. (\"Dynamex\")",
        "WHEREAS Purolator inter alia, is licensed to provide courier services for compensation across Canada and the United States of America;"
      ], 3)
    ).toEqual(["PUROLATOR COURIER LTD.", "PARCELWAY COURIER SYSTEMS CANADA LTD."])
  })

  it("reads a cover page that lists one party a line, with its role after it (wide-382, wide-400)", () => {
    expect(
      partiesIn(
        "JOINT VENTURE AGREEMENT\n\nby and among\n\nAizu Fujitsu Semiconductor Limited\n\nFujitsu Semiconductor Limited\n\nand\n\nTransphorm, Inc.\n\nDate"
      )
    ).toEqual(["Aizu Fujitsu Semiconductor Limited", "Fujitsu Semiconductor Limited", "Transphorm, Inc."])
    expect(
      partiesIn(
        "FORM OF TRANSFER AND SERVICING AGREEMENT\n\namong\n\nVERIZON OWNER TRUST 2020-A, as Issuer,\n\nVERIZON ABS LLC, as Depositor\n\nand\n\nCELLCO PARTNERSHIP d/b/a VERIZON WIRELESS, as Servicer, Marketing Agent and"
      )
    ).toEqual(["VERIZON OWNER TRUST", "VERIZON ABS LLC", "CELLCO PARTNERSHIP d/b/a VERIZON WIRELESS"])
  })

  it("reads 'Party A (Shipper):' labels (wide-434)", () => {
    expect(
      partiesOf([
        "Party A (Shipper): ZTO Express Co., Ltd. Address: Building 1, No. 1685, Huazhi Road, Huaxin Twon, Qingpu District, Shanghai   Party B (Carrier): Tonglu Tongze Logistics Ltd. Address: 12 Floor, HSBC Tower, Yinchun South Road, Tonglu County, Zhejiang Province   Due to the need for logistics business, Party A and Party B enter into"
      ])
    ).toEqual(["ZTO Express Co., Ltd.", "Tonglu Tongze Logistics Ltd."])
  })

  it("finds a preamble past the contents when its date abbreviates the month (wide-086)", () => {
    expect(
      partiesOf([
        "LICENSE AND DEVELOPMENT AGREEMENT",
        "TABLE OF CONTENTS",
        "This LICENSE AND DEVELOPMENT AGREEMENT (this Agreement) is entered into effective as of Nov. 02, 2019 (the Effective Date) by and between Bioeq IP AG, having its place of business at [***] (Bioeq) and Coherus BioSciences, Inc., having its principal place of business at 333 Twin Dolphin Drive, Suite 600, Redwood City, CA, 94065, "
      ])
    ).toEqual(["Bioeq IP AG", "Coherus BioSciences, Inc."])
  })
})

describe("the signers of a consortium", () => {
  it("reads each entity signed 'For and on behalf of' (wide-374, wide-366)", () => {
    const preamble = "This Agreement is made by the Parties listed in Schedule A."
    expect(
      partiesOf([
        preamble,
        "1. Definitions.",
        "IN WITNESS WHEREOF, the Parties hereto have severally subscribed these presents or caused them to be subscribed in their names and on their behalf by their respective officers thereunto duly authorized.     For and on behalf of Advantage Telecommunications Ltd.         By:\n\n        For and on behalf of Cable & Wireless Global Network Limited         By:\n\n        For and on behalf of Cable & Wireless HKT international Limited         By:"
      ])
    ).toEqual(["Advantage Telecommunications Ltd.", "Cable & Wireless Global Network Limited", "Cable & Wireless HKT international Limited"])
    expect(
      partiesOf([
        preamble,
        "1. Definitions.",
        "IN WITNESS WHEREOF the Parties have severally subscribed these presents or caused them to be subscribed in their names and on their behalf by their respective officers thereunto duly authorized.\n\n     For and on behalf of      ABS Telecom plc\n\n     ---------------------------\n\n     For and on behalf of      AT&T Corp.\n\n     ---------------------------\n\n     For and on behalf of\n\n\n\n\n\n     BARAK I.T.C"
      ])
    ).toEqual(["ABS Telecom plc", "AT&T Corp.", "BARAK I.T.C"])
  })
})

describe("the signers of a joint filing", () => {
  it("reads a name with 'I/II' in it, and not the general partner signing for another (wide-372)", () => {
    expect(
      partiesOf([
        "The undersigned hereby agree to the joint filing; the parties are set forth on the signature page.",
        "1. Filing.",
        "IN WITNESS WHEREOF, the undersigned hereby execute this Joint Filing Agreement as of February 19, 2020. BLACKSTONE HOLDINGS II L.P. By: Blackstone Holdings I/II GP L.L.C., its general partner By: The Blackstone Group Inc., its sole member\n\nBy: /s/ John G. Finley Name: John G. Finley Title: Chief Legal Officer\n\nBLACKSTONE HOLDINGS I/II GP L.L.C. By: The Blackstone Group Inc., its sole"
      ])
    ).toEqual(["BLACKSTONE HOLDINGS II L.P.", "BLACKSTONE HOLDINGS I/II GP L.L.C."])
  })

  it("reads a mixed-case name above 'By:' whole, not its capital tail (blocks the segmenter makes of wide-086)", () => {
    expect(
      partiesOf([
        "This Agreement is made by Coherus BioSciences, Inc. and the party signing below.",
        "1. License.",
        "Confidential Execution Version IN WITNESS WHEREOF, the Parties have executed this Agreement as of the Effective Date.",
        "Bioeq IP AG",
        "By: / s / H a n n e s T e i s s l / s / N i c o l a Mikulcik Date: November 02, 2019 Name: Hannes Teissl Nicola Mikulcik Title: Board Member Board Member"
      ])
    ).toEqual(["Coherus BioSciences, Inc.", "Bioeq IP AG"])
  })
})
