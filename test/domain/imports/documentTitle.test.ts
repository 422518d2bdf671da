import { describe, expect, it } from "@effect/vitest"
import { documentTitle, type TitledBlock, untitled } from "../../../src/Domain/Imports/DocumentTitle.js"
import { parseDocument } from "../../../src/Domain/Imports/ParseDocument.js"
import { segment } from "../../../src/Domain/Imports/Segment.js"
import { splitCorpus } from "../../../scripts/evalImports/split.js"
import { corpusFiles, corpusText, onePage } from "./corpus.js"
import { scoreTitles, titleLine, titlesMatch } from "../../../scripts/evalImports/titles.js"

/** Hand-written documents (none copied from the corpus), read as the parser reads them: segmented, then titled. */
const titleOf = (text: string) => {
  const blocks = segment(onePage(text))
  return { ...documentTitle(blocks), blocks: documentTitle(blocks).blocks.map((at) => blocks[at]!.text) }
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim()

const body = [
  "1. DEFINITIONS",
  "1.1 \"Products\" means the goods listed in Schedule A.",
  "2. SUPPLY",
  "2.1 The Supplier shall deliver the Products within thirty (30) days of each order.",
  "IN WITNESS WHEREOF, the parties have signed this agreement on the date first written above.",
  "By: /s/ Ann Lee\nName: Ann Lee\nTitle: President"
].join("\n\n")

describe("documentTitle", () => {
  it("reads the title line behind cover-page furniture: exhibit number, legend, letterhead, Execution Version, date", () => {
    const text = [
      "Exhibit 10.3",
      "CONFIDENTIAL TREATMENT REQUESTED. PORTIONS OF THIS EXHIBIT MARKED [***] HAVE BEEN OMITTED AND FILED SEPARATELY WITH THE SECURITIES AND EXCHANGE COMMISSION.",
      "NORTHWIND TRADING, INC.",
      "Execution Version",
      "June 4, 2014",
      "EXCLUSIVE DISTRIBUTOR AGREEMENT",
      "This agreement is made on June 4, 2014 by and between Northwind Trading, Inc. (\"Northwind\") and Lakeside Goods LLC (\"Distributor\").",
      body
    ].join("\n\n")
    expect(titleOf(text)).toMatchObject({ text: "EXCLUSIVE DISTRIBUTOR AGREEMENT", from: "title_line" })
  })

  it("reads a title in ordinary case as written", () => {
    const text = ["Master Franchise Agreement", "This agreement is entered into by and between Orchard Bakeries Ltd. and Pine Street Foods Inc.", body].join(
      "\n\n"
    )
    expect(titleOf(text).text).toBe("Master Franchise Agreement")
  })

  it("joins a title that runs over two lines, and never keeps its second line alone", () => {
    const website = [
      "WEBSITE DESIGN, DEVELOPMENT",
      "AND HOSTING AGREEMENT",
      "This agreement is made by and between Fernhill Media Ltd. and Tallow Studio LLC.",
      body
    ].join("\n\n")
    expect(titleOf(website)).toMatchObject({ text: "WEBSITE DESIGN, DEVELOPMENT AND HOSTING AGREEMENT", from: "title_line" })
    expect(titleOf(website).blocks).toHaveLength(2)
    const amendment = ["NON-COMPETITION AGREEMENT", "AMENDMENT NO. 1", "This amendment is made by and between Redwood Mills Corp. and Sam Poole.", body].join(
      "\n\n"
    )
    expect(titleOf(amendment).text).toBe("NON-COMPETITION AGREEMENT AMENDMENT NO. 1")
    const restated = ["AMENDED AND RESTATED", "LOAN SERVICING AGREEMENT", "This agreement is made by and between Harbor Trust Bank and Quay Lending LLC.", body]
      .join("\n\n")
    expect(titleOf(restated).text).toBe("AMENDED AND RESTATED LOAN SERVICING AGREEMENT")
    const fragment = ["AND HOSTING AGREEMENT", "This agreement is made by and between Fernhill Media Ltd. and Tallow Studio LLC.", body].join("\n\n")
    expect(titleOf(fragment).text).toBe(untitled)
  })

  it("takes the preamble's own naming when no title line stands above it, never a section heading", () => {
    const text = [
      "This Distribution Agreement (the \"Agreement\") is made as of May 1, 2019 by and between Alder Foods Inc. (\"Supplier\") and Birch Retail LLC (\"Distributor\").",
      "RECITALS",
      "WHEREAS, the Distributor wishes to sell the Supplier's products.",
      "SECTION 4 COVENANTS OF THE PROVIDER",
      "The Supplier shall keep the products in good order.",
      "MARKETING",
      "The Distributor shall market the products in the territory.",
      body
    ].join("\n\n")
    expect(titleOf(text)).toMatchObject({ text: "Distribution Agreement", from: "preamble" })
  })

  it("calls a document untitled only when nothing names it", () => {
    const text = [
      "SECTION 4 COVENANTS OF THE PROVIDER",
      "The provider shall keep the goods in good order and this agreement binds both parties.",
      "MARKETING",
      "The reseller shall market the goods.",
      body
    ].join("\n\n")
    expect(titleOf(text)).toMatchObject({ text: untitled, from: "none", blocks: [] })
  })

  it("cuts a title run into the words after it: parties, a dash, the preamble", () => {
    expect(titleOf(["CONSULTING AGREEMENT between Marlow Analytics Inc. and Dana Whit", "The consultant shall advise the company.", body].join("\n\n")).text)
      .toBe("CONSULTING AGREEMENT")
    expect(
      titleOf(
        ["SERVICES AGREEMENT - QUILL LOGISTICS LTD.", "This agreement is made by and between Quill Logistics Ltd. and Ferro Parts Inc.", body].join("\n\n")
      ).text
    )
      .toBe("SERVICES AGREEMENT")
    const legendThenTitle =
      "PORTIONS OF THIS DOCUMENT HAVE BEEN OMITTED AND FILED SEPARATELY WITH THE COMMISSION. Exhibit 10.4 EXECUTION COPY LICENSE AGREEMENT This AGREEMENT, dated as of March 2, 2016, is made by and between Gable Software Inc. and Wren Labs LLC."
    expect(titleOf([legendThenTitle, body].join("\n\n")).text).toBe("LICENSE AGREEMENT")
  })

  it("sets aside a letterhead run into the title line, but keeps Trust or Company where they name the agreement", () => {
    expect(
      titleOf(["NORTHWIND CORPORATION AGENCY AGREEMENT", "This agreement is made by and between Northwind Corporation and Ivy Sales Inc.", body].join("\n\n"))
        .text
    )
      .toBe("AGENCY AGREEMENT")
    expect(
      titleOf(["LIMITED LIABILITY COMPANY AGREEMENT", "This agreement is made by and between Ash Holdings LLC and Elm Capital LP.", body].join("\n\n")).text
    )
      .toBe("LIMITED LIABILITY COMPANY AGREEMENT")
  })

  it("sets aside a company name read on the title's line after it, but not the title's own words", () => {
    const trailing: ReadonlyArray<TitledBlock> = [
      { kind: "heading", text: "ESCROW SERVICES AGREEMENT HARBOR FUNDS TRUST" },
      { kind: "clause", text: "This agreement is made by and between Harbor Funds Trust and Quay Bank." }
    ]
    expect(documentTitle(trailing).text).toBe("ESCROW SERVICES AGREEMENT")
    const ownWords: ReadonlyArray<TitledBlock> = [
      { kind: "heading", text: "NON-SOLICITATION AGREEMENT AND RIGHT OF FIRST REFUSAL" },
      { kind: "clause", text: "This agreement is made by and between Harbor Funds Trust and Quay Bank." }
    ]
    expect(documentTitle(ownWords).text).toBe("NON-SOLICITATION AGREEMENT AND RIGHT OF FIRST REFUSAL")
  })

  it("passes over section headings that mention the agreement, and bracketed page labels", () => {
    const text = [
      "PURPOSE OF THE AGREEMENT",
      "[SIGNATURE PAGE TO SUPPLY AGREEMENT]",
      "This agreement is made by and between Cobalt Mining Ltd. and Nickel Works Inc.",
      body
    ].join("\n\n")
    expect(titleOf(text).text).toBe(untitled)
  })

  it("keeps a title's number and takes an exhibit's name only from its own preamble", () => {
    expect(titleOf(["Reseller Agreement [v.2.1]", "This agreement is made by and between Delta Apps Inc. and Kite Stores LLC.", body].join("\n\n")).text)
      .toBe("Reseller Agreement [v.2.1]")
    expect(
      titleOf(["EXHIBIT C", "This Exhibit C is entered into as of July 1, 2020 by and between Delta Apps Inc. and Kite Stores LLC.", body].join("\n\n")).text
    )
      .toBe("Exhibit C")
  })

  it("gives words of the document, from the blocks it names, so a person can check them", () => {
    const documents = [
      [
        "Exhibit 99.1",
        "WEBSITE DESIGN, DEVELOPMENT",
        "AND HOSTING AGREEMENT",
        "This agreement is made by and between Fernhill Media Ltd. and Tallow Studio LLC."
      ],
      ["This Software Escrow Agreement (\"Agreement\") is entered into by and between Vault Keepers Inc. and Orbit Code LLC."],
      [
        "QuickLinks -- Click here to rapidly navigate through this document",
        "MASTER SERVICES AGREEMENT",
        "This agreement is made by and between A Corp. and B Inc."
      ]
    ]
    for (const lines of documents) {
      const title = titleOf([...lines, body].join("\n\n"))
      expect(title.text).not.toBe(untitled)
      expect(squash(title.blocks.join(" "))).toContain(squash(title.text))
    }
  })

  it("reads titles from blocks, whatever their confidence (their verification covers the title)", () => {
    const blocks: ReadonlyArray<TitledBlock> = [
      { kind: "heading", text: "Exhibit 10.7" },
      { kind: "heading", text: "RESTATED" },
      { kind: "heading", text: "NET REVENUE SHARING AGREEMENT" },
      { kind: "clause", text: "This agreement is made by and between Sable Funds Trust and Onyx Advisers LLC." }
    ]
    expect(documentTitle(blocks)).toEqual({ text: "RESTATED NET REVENUE SHARING AGREEMENT", blocks: [1, 2], from: "title_line" })
  })

  it("sets cover-page headings aside one by one, and a conformed signature read before the title", () => {
    const cover: ReadonlyArray<TitledBlock> = [
      { kind: "signature_block", text: "By Client: /s/ Mia Chen" },
      { kind: "heading", text: "EXHIBIT (J)(4)" },
      { kind: "heading", text: "CONFIDENTIAL TREATMENT REQUESTED" },
      { kind: "heading", text: "ORCHID SYSTEMS, INC." },
      { kind: "heading", text: "Execution Version" },
      { kind: "heading", text: "March 1, 2011" },
      { kind: "clause", text: "UNCONDITIONAL SUPPORT AGREEMENT BETWEEN ORCHID SYSTEMS, INC. AND ORCHID LIFE COMPANY" },
      { kind: "clause", text: "This Unconditional Support Agreement is made as of March 1, 2011 by and between Orchid Systems, Inc. and Orchid Life Company." }
    ]
    expect(documentTitle(cover)).toEqual({ text: "UNCONDITIONAL SUPPORT AGREEMENT", blocks: [6], from: "title_line" })
  })

  it("titles every develop contract with words of the blocks it names", () => {
    const develop = splitCorpus(corpusFiles()).develop
    for (const file of corpusFiles().filter((name) => develop.has(name))) {
      const blocks = segment(onePage(corpusText(file)))
      const title = documentTitle(blocks)
      expect(title.text).not.toBe(untitled)
      expect(squash(title.blocks.map((at) => blocks[at]!.text).join(" ")), file).toContain(squash(title.text))
    }
  })

  it("titles the parse with it", () => {
    const text = [
      "Exhibit 10.3",
      "WEBSITE DESIGN, DEVELOPMENT",
      "AND HOSTING AGREEMENT",
      "This agreement is made by and between Fernhill Media Ltd. and Tallow Studio LLC.",
      body
    ].join("\n\n")
    const outcome = parseDocument(onePage(text))
    expect(outcome._tag === "Parsed" && outcome.parse.title).toBe("WEBSITE DESIGN, DEVELOPMENT AND HOSTING AGREEMENT")
  })
})

describe("the title score", () => {
  it("matches the document's name regardless of case, punctuation and spacing, and nothing looser", () => {
    expect(titlesMatch("PROMOTION AGREEMENT", "Promotion Agreement")).toBe(true)
    expect(titlesMatch("RESTATED NET INCOME AGREEMENT", "RESTATED  NET INCOME AGREEMENT,")).toBe(true)
    expect(titlesMatch("EXHIBIT 'B'", "EXHIBIT ‘B’")).toBe(true)
    expect(titlesMatch("MICOA AGENCY AGREEMENT", "AGENCY AGREEMENT")).toBe(false)
    expect(titlesMatch("", "")).toBe(false)
    const labels = [{ file: "a.txt", document_name: "Supply Agreement" }, { file: "b.txt", document_name: "LEASE" }, { file: "c.txt", document_name: " " }]
    const score = scoreTitles(labels, new Map([["a.txt", "SUPPLY AGREEMENT"], ["b.txt", "Imported contract"]]))
    expect(titleLine(score)).toBe("titles: 1 of 2 match the document's name")
  })
})
