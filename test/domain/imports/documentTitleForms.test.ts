import { describe, expect, it } from "@effect/vitest"
import { documentTitle, untitled } from "../../../src/Domain/Imports/DocumentTitle.js"
import { segment } from "../../../src/Domain/Imports/Segment.js"
import { onePage } from "./corpus.js"

/**
 * Title forms the reader missed on the wide develop set (`scripts/evalImports/wideCorpus.ts`), each
 * pinned with the contract's own opening (CUAD v1, CC BY 4.0): a file named after each case.
 */
const titleOf = (text: string) => documentTitle(segment(onePage(text))).text

const clause = "1. Services. The Provider shall perform the services within thirty (30) days of each order."

describe("document titles in the forms contracts take", () => {
  it("keeps the title a running header repeats, at its first showing alone on the cover (wide-058)", () => {
    const page = (words: string) => `MASTER OPERATION AND MAINTENANCE AGREEMENT\n\n${words}`
    const text = [
      "Exhibit 10.14\n\nEXECUTION VERSION\n\n[***] Certain confidential information contained in this document, marked by brackets, has been omitted and filed separately with the Securities and Exchange Commission pursuant to Rule 406 of the Securities Act of 1933, as amended.",
      page("by and between\n\nDIAMOND STATE GENERATION PARTNERS, LLC\n\nand\n\nBLOOM ENERGY CORPORATION\n\ndated as of April 13, 2012"),
      page(
        "This MASTER OPERATION AND MAINTENANCE AGREEMENT (this \"Agreement\"), dated as of April 13, 2012, between BLOOM ENERGY CORPORATION and DIAMOND STATE GENERATION PARTNERS, LLC."
      ),
      page(clause),
      page("2. Fees. The Owner shall pay each invoice within thirty (30) days.")
    ].join("\n\n")
    expect(titleOf(text)).toBe("MASTER OPERATION AND MAINTENANCE AGREEMENT")
    const blocks = segment(onePage(text))
    // Once, on the cover; the headers of the later pages stay furniture.
    expect(blocks.filter((block) => block.text.startsWith("MASTER OPERATION AND MAINTENANCE AGREEMENT"))).toHaveLength(1)
  })

  it("sets aside exhibit labels with lettered and bracketed parts (wide-098, wide-127)", () => {
    expect(
      titleOf(
        `Exhibit h(2) SPONSORSHIP AGREEMENT\n\nSPONSORSHIP AGREEMENT, dated as of February 4, 2005, by and between Domini Advisor Trust, a Massachusetts business trust (the "Trust"), and Domini Social Investments LLC.\n\n${clause}`
      )
    )
      .toBe("SPONSORSHIP AGREEMENT")
    expect(
      titleOf(
        `Exhibit 28 (h) (1) (a) under Form N‐1A Exhibit 99 under item 601/REG. S‐K\n\nSERVICES AGREEMENT\n\nTHIS AGREEMENT, dated and effective as of January 1, 2004 (this "Agreement") between FEDERATED INVESTMENT MANAGEMENT COMPANY, a Delaware statutory trust (the "Adviser"), and FEDERATED ADVISORY SERVICES COMPANY.\n\n${clause}`
      )
    )
      .toBe("SERVICES AGREEMENT")
  })

  it("names a power of attorney, guarantees, and a title behind a redaction mark (wide-129, wide-354, wide-169)", () => {
    expect(
      titleOf(
        `LIMITED POWER OF ATTORNEY\n\nKNOW ALL MEN BY THESE PRESENTS, dated as of January 1, 2004, that FEDERATED INVESTMENT MANAGEMENT COMPANY does hereby nominate FASC.`
      )
    )
      .toBe("LIMITED POWER OF ATTORNEY")
    expect(
      titleOf(
        `Attachment B to Master Franchise Agreement\n\nGUARANTEES OF MASTER FRANCHISE AGREEMENT\n\nGuarantors, jointly and severally agree as follows:\n\n${clause}`
      )
    )
      .toBe("GUARANTEES OF MASTER FRANCHISE AGREEMENT")
    expect(
      titleOf(`Exhibit 10.1\n\nSales, Marketing, Distribution, and Supply Agreement {***}\n\nWHEREAS HEMISPHERX is a biopharmaceutical company.\n\n${clause}`)
    )
      .toBe("Sales, Marketing, Distribution, and Supply Agreement")
  })

  it("reads the title after the parties' names and a dash (wide-197)", () => {
    expect(
      titleOf(
        `Exhibit 10.2\n\nE-CENTIVES - EXCITE@HOME CO-BRANDING AGREEMENT\n\nThis agreement ("Agreement") is entered into as of the 16th day of February, 2000 by and between the At Home Corporation and E-centives, Inc.\n\n${clause}`
      )
    )
      .toBe("EXCITE@HOME CO-BRANDING AGREEMENT")
  })

  it("reads the name the text defines as the agreement after a letterhead, not the address (wide-277)", () => {
    const letterhead =
      "925 West Georgia Street Suite 1820 Vancouver, British Columbia Canada V6C 3L2 Facsimile: 604-632-1730 PROMOTION AGREEMENT (the \"Agreement\")"
    expect(
      titleOf(`${letterhead}\n\nThis agreement (the "Agreement") is made between Charity Tunes Inc. and ConAgra Foods Canada Inc. ("Sponsor").\n\n${clause}`)
    )
      .toBe("PROMOTION AGREEMENT")
  })

  it("reads a title in sentence case before its parties, and no other sentence-case words (wide-139)", () => {
    expect(titleOf(`Dated 29/3/18\n\nDistributorship agreement between\n\nSignature Orthopaedics Pty Ltd\n\nAnd CPM Medical Consultants LLC\n\n${clause}`))
      .toBe("Distributorship agreement")
    expect(titleOf(`Each agreement between the parties is listed below.\n\n${clause}`)).toBe(untitled)
    expect(titleOf(`Any other agreement dated before this one is void.\n\n${clause}`)).toBe(untitled)
  })
})
