import { describe, expect, it } from "@effect/vitest"
import { documentTitle } from "../../../src/Domain/Imports/DocumentTitle.js"
import { segment } from "../../../src/Domain/Imports/Segment.js"
import { onePage } from "./corpus.js"

/**
 * Title forms from the second wide develop set (`/work/cuad-wide-dev2`, CUAD v1, CC BY 4.0), each
 * pinned with the contract's own opening, file named; the neighbours that must keep their reading
 * come from the first.
 */
const titleOf = (text: string) => documentTitle(segment(onePage(text))).text

const clause = "1. Services. The Provider shall perform the services within thirty (30) days of each order."

describe("document titles, fourth round", () => {
  it("sets a date on the cover aside, before the title or on its own line (wide-089, wide-377)", () => {
    expect(
      titleOf(
        `EXHIBIT 10.71\n\nMay 04, 2017 Strategic Alliance Agreement This Strategic Alliance Agreement (this "Agreement") is entered into as of the 26t h day of May, 2017, by and between Cool Technologies Inc.., a Nevada corporation, and VETERAN TECHNOLOGY GROUP, LLC.\n\n${clause}`
      )
    ).toBe("Strategic Alliance Agreement")
    // "1 April, 2020" read as a section number ended the cover before its title.
    expect(
      titleOf(
        `Exhibit 10.2\n\nSTRICTLY PRIVATE AND CONFIDENTIAL\n\n1 April, 2020\n\nTHERAVANCE BIOPHARMA UK LIMITED and BRETT HAUMANN\n\nSERVICE AGREEMENT\n\nTHIS AGREEMENT is entered into between the parties on 1 April, 2020.\n\n${clause}`
      )
    ).toBe("SERVICE AGREEMENT")
  })

  it("ends a title at Between in title case and at a table of contents (wide-150, wide-033)", () => {
    expect(
      titleOf(
        `Promotion Agreement Between                     PageMaster Corporation and Go Call, Inc.\n\nThis Promotion Agreement (herein "Agreement") dated March 12,1999, by and between Go Call, Inc. and PageMaster Corporation, shall set forth the Terms.\n\n${clause}`
      )
    ).toBe("Promotion Agreement")
    expect(
      titleOf(
        "Mobility Network General Agreement TABLE OF CONTENTS Page 1.1 Scope 1 1.2 Scope of Agreement 1 1.3 Term of Agreement 1 2.1 Definitions 1\n\n" +
          `This Network Build and Maintenance Agreement is entered into as of the 31 day of July, 2019 by and between Commnet Wireless, LLC and AT&T Mobility LLC.\n\n${clause}`
      )
    ).toBe("Mobility Network General Agreement")
  })

  it("reads the title after a table of contents that ends the cover (wide-344)", () => {
    const text = [
      "Exhibit 10.1 Certain portions of this exhibit have been omitted pursuant to Rule 601(b)(10) of Regulation S-K.",
      "SIGA TECHNOLOGIES, INC.",
      "and MERIDIAN MEDICAL TECHNOLOGIES, INC., a Pfizer company",
      "TABLE OF CONTENTS PAGE ARTICLE 1 DEFINITIONS 1 ARTICLE 2 GRANT OF RIGHTS 11 2.1 Grant of Rights to MMT 11",
      "-ii-",
      "Exhibit A Permitted Subcontractors Exhibit B Business Plan Exhibit C SIGA Press Release",
      "PROMOTION AGREEMENT",
      `This PROMOTION AGREEMENT (this "Agreement") is entered into as of May 31, 2019 (the "Effective Date") by and between SIGA TECHNOLOGIES, INC. and MERIDIAN MEDICAL TECHNOLOGIES, INC.`,
      clause
    ].join("\n\n")
    expect(titleOf(text)).toBe("PROMOTION AGREEMENT")
  })

  it("says a title once, and stops at a cover's fields after a company's name (wide-340, wide-353)", () => {
    expect(
      titleOf(
        `Exhibit 10.22 SERVICES AGREEMENT SERVICES AGREEMENT, dated as of April 1, 2019 (the "Agreement"), between Idan Maimon ("Maimon") and Intellisense Solutions, Inc.\n\n${clause}`
      )
    ).toBe("SERVICES AGREEMENT")
    expect(
      titleOf(
        `Exhibit 10.1\n\n  KIOSK CONCEPTS, INC.   MASTER FRANCHISE AGREEMENT           THE GRILLED CHEESE TRUCK, INC.           MASTER FRANCHISEE           DATE OF AGREEMENT\n\nTABLE OF CONTENTS 1. GRANT OF FRANCHISE 1\n\n${clause}`
      )
    ).toBe("MASTER FRANCHISE AGREEMENT")
  })

  it("takes the name over an agreement's number, and drops the parties after a comma (wide-146, wide-425)", () => {
    expect(
      titleOf(
        `Exhibit 10.09\n\n***** CONFIDENTIAL TREATMENT REQUESTED\n\nAgreement Number 12965\n\nWIRELESS CONTENT LICENSE AGREEMENT\n\nThis License Agreement (this "Agreement") is entered into effective as of December 16, 2004 by and between Fox and Sorrent, Inc.\n\n${clause}`
      )
    ).toBe("WIRELESS CONTENT LICENSE AGREEMENT")
    expect(titleOf(`Collaboration Agreement, BII/ XENCOR\n\nConfidential\n\n${clause}`)).toBe("Collaboration Agreement")
  })

  it("joins the lines over a bare AGREEMENT into its name (wide-374)", () => {
    const cover = "ASIA PACIFIC CABLE NETWORK 2\n\nCONSTRUCTION AND MAINTENANCE\n\nAGREEMENT\n\nSingapore\n\nApril 18th, 2000"
    expect(titleOf(`${cover}\n\nTABLE OF CONTENTS\n\n${clause}`)).toBe("ASIA PACIFIC CABLE NETWORK 2 CONSTRUCTION AND MAINTENANCE AGREEMENT")
    // A company's name over the bare noun is a letterhead, not the title's words.
    expect(titleOf(`ACME WIDGETS, INC.\n\nAGREEMENT\n\nThis Agreement is made between Acme Widgets, Inc. and Beta Metals Ltd.\n\n${clause}`)).toBe("AGREEMENT")
  })

  it("keeps the names it read before: a number that is the name, a form's exhibit label", () => {
    // An amendment's number is its name; only a bare agreement's number gives way.
    expect(titleOf(`AMENDMENT NO. 1\n\nThe parties amend the agreement as follows.\n\n${clause}`)).toBe("AMENDMENT NO. 1")
    // wide-256: the exhibits' "FORM OF …" placeholders name no document; the amendment after them does.
    const text =
      `EXHIBIT C FORM OF SUBLICENSE\n\n[Form follows.]\n\nEXHIBIT D FORM OF AGREEMENT FOR TRIAL\n\n[Form follows.]\n\nFIRST AMENDMENT TO DISTRIBUTOR AGREEMENT\n\nTHIS FIRST AMENDMENT TO DISTRIBUTOR AGREEMENT (this "Amendment") is made and entered into as of the 1st day of January, 1999.\n\n${clause}`
    expect(titleOf(text)).toBe("FIRST AMENDMENT TO DISTRIBUTOR AGREEMENT")
  })
})
