/**
 * Sentences from CUAD v1 contracts (The Atticus Project, CC BY 4.0), from the wide develop set
 * (scripts/evalImports/wideCorpus.ts), quoted verbatim with the file each comes from; the negative
 * cases say what must not be read as a party.
 */
import { describe, expect, it } from "@effect/vitest"
import { signatureParties } from "../../../src/Domain/Imports/SignatureParties.js"
import { partiesIn } from "./readers.js"

const signersOf = (text: string) => signatureParties([{ kind: "clause" as const, text }], 0).map((hit) => text.slice(hit.start, hit.end))

describe("letter agreements", () => {
  it("reads the person a first-name salutation greets, named above it, beside the sender (wide-206)", () => {
    expect(
      partiesIn(
        "CONSULTING AGREEMENT\n\nJuly 20, 2018\n\nGianluca Rotino\n\nDear Gianluca:\n\nKiromic, Inc, a Delaware corporation (the \"Company\"), is pleased to this offer to this Consulting Agreement (this \"Agreement\") to retain Gianluca Rotino (\"Consultant\") to perform certain consulting activities as described below on the following terms:"
      )
    ).toEqual(["Kiromic, Inc", "Gianluca Rotino"])
  })

  it("reads the senders after 'Dear Mr. Harris: The undersigned,' (wide-273)", () => {
    expect(
      partiesIn(
        "Exhibit 1.3 AGENCY AGREEMENT May 21, 2015 Tribute Pharmaceuticals Canada Inc. 151 Steeles Avenue East Milton, Ontario L9T 1Y1 Attention: Rob Harris, President and Chief Executive Officer Dear Mr. Harris: The undersigned, Dundee Securities Ltd. (the \"Lead Agent\"), Kes 7 Capital Inc., and Bloom Burton & Co. Ltd. (collectively with the Lead Agent, the \"Agents\" and each individually an \"Agent\") understand that Tribute Pharmaceuticals Canada Inc. (the \"Corporation\") proposes to issue and sell up to 13,043,695 common shares of the Corporation (the \"Offered Shares\")"
      )
    ).toEqual(["Dundee Securities Ltd.", "Kes 7 Capital Inc.", "Bloom Burton & Co. Ltd."])
  })

  it("leaves a company addressed above the salutation alone: an offering's agent is not always a party (wide-060)", () => {
    const parties = partiesIn(
      "Exhibit 1.1   400,000 Shares   BLUEROCK RESIDENTIAL GROWTH REIT, INC.   8.250% Series A Cumulative Redeemable Preferred Stock   AGENCY AGREEMENT   May 25, 2016   Compass Point Research & Trading, LLC 1055 Thomas Jefferson Street N.W. Suite 303 Washington, DC 20007   As Sales Agent   Dear Ladies and Gentlemen:   Bluerock Residential Growth REIT, Inc., a Maryland corporation (the \"Company\"), together with Bluerock Residential Holdings, L.P., a Delaware limited partnership for which the Company is the sole general partner (the \"Operating Partnership\" and together with the Company, the \"Transaction Entities\") and BRG Manager, LLC, a Delaware limited liability company (the \"Manager\"), agrees that it may issue and sell"
    )
    expect(parties).toEqual(["Bluerock Residential Growth REIT, Inc.", "Bluerock Residential Holdings, L.P.", "BRG Manager, LLC"])
  })

  it("reads no addressee when the greeted name is not written above the salutation", () => {
    expect(partiesIn("July 20, 2018\n\nAcme Holdings\n\nDear John:\n\nKiromic, Inc, a Delaware corporation (the \"Company\"), is pleased to retain you."))
      .toEqual([
        "Kiromic, Inc"
      ])
  })
})

describe("a preamble that opens on a name it defines", () => {
  it("reads a name defined 'hereinafter referred to as', with no company form (wide-078)", () => {
    expect(
      partiesIn(
        "JSC NOC KazakhOil, hereinafter referred to as the \"Company\", in the person of Executive Marketing Director Ms. A. M. Rakhimbekov, acting on the basis of the Power of Attorney (1) 1-13 dated January 3, 2000, on the one side and JSC Karakudukmunay, hereinafter referred to as the \"Principal\" in the person of General Director Mr. N. D. Klinchev and Financial Director Mr. R. Moore, acting on the basis of the Charter, on the other side, collectively referred to as the \"Parties\", have entered into this Transportation Contract (the \"Contract\") and hereby agree as follows:\n" +
          // A definition further on, in the same opening blocks: its "between" names another agreement's parties.
          "\"Petroleum Contract\" means that certain Agreement for Exploration, Development and Production of Oil in Karakuduk Oil Field in Mangistau Oblast of the Republic of Kazakhstan between the Ministry of Oil and Gas Industries of the Republic of Kazakhstan for and on behalf of the Government of the Republic of Kazakhstan and the Principal."
      )
    ).toEqual(["JSC NOC KazakhOil", "JSC Karakudukmunay"])
  })

  it("reads a later line that opens on a defined name, after a cover page's empty 'Between' (wide-384)", () => {
    expect(
      partiesIn(
        // The cover lines and the opening sentence, as the contract lays them out a few lines apart.
        "Between\n" + "Client Name:                    MEDICAL MANAGER MIDWEST, INC.\n" +
          "MEDICAL MANAGER, MIDWEST, INC., hereinafter referred to as \"MMMW\", hereby agrees to provide service with respect to the technical infrastructure and MTS, INC., hereinafter referred to as \"Customer\", agrees to accept such service, subject to the following terms and conditions:"
      )
    ).toEqual(["MEDICAL MANAGER, MIDWEST, INC.", "MTS, INC."])
  })

  it("keeps the preamble's 'between' when it comes before the defined name", () => {
    expect(partiesIn("This Agreement is between Acme Widgets, Inc. and Beta Tools LLC.\nGamma Trading, hereinafter referred to as \"Agent\", shall act."))
      .toEqual([
        "Acme Widgets, Inc.",
        "Beta Tools LLC"
      ])
  })
})

describe("the words around a second party's name", () => {
  it("ends a name at its city and abbreviated state, which describe the party (wide-314)", () => {
    expect(
      partiesIn(
        "THIS SPONSORSHIP AGREEMENT (hereinafter the \"Agreement) is made and entered into this 19th day of December 1997, by and between SABCO RACING, INC., a North Carolina corporation with a place of business in Iredell County, North Carolina (hereinafter Sabco), and Prolong Super Lubricants, Anaheim, Calif. (Hereinafter to be referred to as \"Prolong\");"
      )
    ).toEqual(["SABCO RACING, INC.", "Prolong Super Lubricants"])
  })

  it("keeps a comma inside a name that no city and state follow", () => {
    expect(partiesIn("by and between Stratton, Cheeseman & Walsh, Inc., a Texas corporation, and Smith, Jones, Inc., a Delaware corporation.")).toEqual([
      "Stratton, Cheeseman & Walsh, Inc.",
      "Smith, Jones, Inc."
    ])
  })

  it("reads a party introduced by its role, 'and its Reseller,' (wide-223)", () => {
    expect(
      partiesIn(
        "This Distribution Agreement (the \"Agreement\") is entered into by and between American Express Incentive Services, L.L.C., a Missouri limited liability company (\"AEIS\"), and its Reseller, Schoolpop, Inc., a Delaware corporation (\"Schoolpop\"). This Agreement is effective as of August 1, 2004, (the \"Effective Date\")"
      )
    ).toEqual(["American Express Incentive Services, L.L.C.", "Schoolpop, Inc."])
  })
})

describe("a name with a branch after a dash", () => {
  it("reads a chapter's name after the dash, up to its alias (wide-157)", () => {
    expect(
      partiesIn(
        "This Endorsement Agreement (\"Agreement\") made October 30, 2017, between National Football League Alumni - Northern California Chapter (\"NFLA-NC\"), a charitable corporation organized under the laws of California, having its principal office at 1311 Madison Avenue, Redwood CA 94061; National Football League Alumni, Inc. (\"NFLA\"), a charitable corporation organized under the laws of Florida, having its principal office at 8000 Midlantic Drive, 130 S., Mount Laurel, NJ. 08054 and Food For Athletes, Inc. a corporation organized under the laws of California"
      )
    ).toEqual(["National Football League Alumni - Northern California Chapter", "National Football League Alumni, Inc.", "Food For Athletes, Inc."])
  })

  it("leaves a cover page's '- and -' between two parties alone", () => {
    expect(partiesIn("This Agreement is made between John Smith - and - Jane Doe (\"Consultant\").")).toEqual(["John Smith", "Jane Doe"])
    expect(partiesIn("by and between ACME WIDGETS LTD. - Beta Holdings (\"Beta\")")).toEqual(["ACME WIDGETS LTD."])
  })
})

describe("cover pages", () => {
  it("reads a name that fills its line between 'between' and 'and' whole, its own 'and' included (wide-076)", () => {
    expect(partiesIn("Collaboration Agreement\n\nbetween\n\nInstitute of Grassland and Environmental Research\n\nand\n\nCeres, Inc.")).toEqual([
      "Institute of Grassland and Environmental Research",
      "Ceres, Inc."
    ])
    // The same cover page as the segmenter runs its lines together.
    expect(partiesIn("Collaboration Agreement between\nInstitute of Grassland and Environmental Research and\nCeres, Inc. CERES-IGER Collaboration Agreement"))
      .toEqual([
        "Institute of Grassland and Environmental Research",
        "Ceres, Inc."
      ])
  })

  it("keeps two people on one line two parties when no 'and' line sets them apart", () => {
    expect(partiesIn("This Agreement is made by and between\nJohn Smith and Jane Doe, residing at 12 Elm Street.")).toEqual(["John Smith", "Jane Doe"])
  })
})

describe("signature blocks", () => {
  it("reads a name in capitals that closes on a mixed-case company form (wide-294)", () => {
    expect(
      signersOf(
        "IN WITNESS WHEREOF, the Parties have executed this Agreement as of the Effective Date. Acceptance by Developer SEATTLE SOFTWARE DEVELOPERS, Inc. By: /s/ Julian Valentine Julian Valentine, VP"
      )
    ).toEqual(["SEATTLE SOFTWARE DEVELOPERS, Inc."])
  })

  it("reads no company form alone above the signature line", () => {
    expect(signersOf("IN WITNESS WHEREOF, the parties have signed. Accepted by Developer Inc. By: /s/ Julian Valentine")).toEqual([])
  })
})
