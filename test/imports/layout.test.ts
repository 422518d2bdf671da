import { describe, expect, it } from "@effect/vitest"
import { AlignmentType, Document, LevelFormat, Packer, Paragraph } from "docx"
import { parseDocument } from "../../src/Domain/Imports/ParseDocument.js"
import type { ParsedBlock } from "../../src/Domain/Imports/Parsed.js"
import { verificationThreshold } from "../../src/Domain/Imports/Parsed.js"
import { extractText } from "../../src/Imports/Extract.js"
import { makeDocx, makeFile, makeNumberedDocx, makePagedPdf } from "../support/documents.js"
import { longClause, numberedAgreement, pagedAgreement, pagedLinesPerPage, runningHeader } from "../support/laidOut.js"

const blocksOf = async (format: "pdf" | "docx", path: string): Promise<ReadonlyArray<ParsedBlock>> => {
  const outcome = parseDocument(await extractText(format, path))
  if (outcome._tag !== "Parsed") throw new Error(`not parsed: ${outcome.detail}`)
  return outcome.parse.blocks
}

describe("blocks that follow the laid-out document", () => {
  it("reads a clause a page break cuts as one verified block, without the running header or page numbers", async () => {
    const path = await makePagedPdf(pagedAgreement, { header: runningHeader, linesPerPage: pagedLinesPerPage })
    const { pages, text } = await extractText("pdf", path)
    // The break does fall inside the clause: its last words are on page 2.
    expect(text.slice(pages[1]!.start, pages[1]!.end)).toContain("on\ndelivery.")
    const blocks = await blocksOf("pdf", path)
    const clause = blocks.find((block) => block.text.startsWith("1. Supply."))
    expect(clause?.text).toBe(longClause)
    expect(clause!.confidence).toBeGreaterThanOrEqual(verificationThreshold)
    expect(blocks.filter((block) => block.text.includes("the risk in them shall pass"))).toHaveLength(1)
    for (const block of blocks) {
      expect(block.text).not.toContain("Execution Copy")
      expect(block.text).not.toMatch(/Page \d of \d/)
    }
  })

  it("makes the schedule after the signatures its own exhibit blocks", async () => {
    const blocks = await blocksOf("pdf", await makePagedPdf(pagedAgreement, { header: runningHeader, linesPerPage: pagedLinesPerPage }))
    const signatures = blocks.filter((block) => block.kind === "signature_block")
    expect(signatures.some((block) => block.text.includes("By: /s/ John Doe"))).toBe(true)
    for (const block of signatures) expect(block.text).not.toMatch(/SCHEDULE|coffee/)
    expect(blocks.find((block) => block.text === "SCHEDULE 1")?.kind).toBe("exhibit")
    expect(blocks.find((block) => block.text.startsWith("Roasted coffee beans"))?.kind).toBe("exhibit")
  })

  it("keeps the clause numbers Word shows for automatic numbering", async () => {
    const { text } = await extractText("docx", await makeNumberedDocx(numberedAgreement))
    expect(text).toContain("1.\tDefinitions. In this Agreement")
    const blocks = await blocksOf("docx", await makeNumberedDocx(numberedAgreement))
    for (
      const start of ["1. Definitions.", "1.1 \"Services\"", "1.2 \"Fees\"", "2. Services.", "2.1 Northwind shall:", "(a) assign", "(b) comply", "3. Term."]
    ) {
      expect(blocks.filter((block) => block.text.startsWith(start)), start).toHaveLength(1)
    }
    expect(blocks.find((block) => block.text.startsWith("3. Term."))?.kind).toBe("clause")
    expect(blocks.some((block) => block.text.startsWith("Definitions."))).toBe(false)
  })

  it("numbers paragraphs through their style (and the style it is based on), and a restarted list from its start", async () => {
    const levels = [
      { level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: AlignmentType.START },
      { level: 1, format: LevelFormat.LOWER_LETTER, text: "(%2)", alignment: AlignmentType.START }
    ]
    const document = new Document({
      numbering: { config: [{ reference: "clauses", levels }, { reference: "items", levels }] },
      styles: {
        paragraphStyles: [
          { id: "ClauseHeading", name: "Clause Heading", basedOn: "Normal", paragraph: { numbering: { reference: "clauses", level: 0 } } },
          { id: "SubClause", name: "Sub Clause", basedOn: "ClauseHeading" }
        ]
      },
      sections: [{
        children: [
          new Paragraph({ text: "Fees. Beta shall pay the fees.", style: "ClauseHeading" }),
          new Paragraph({ text: "Term. One year.", style: "SubClause" }),
          new Paragraph({ text: "first item;", numbering: { reference: "items", level: 1, instance: 1 } }),
          new Paragraph({ text: "second item.", numbering: { reference: "items", level: 1, instance: 1 } }),
          new Paragraph({ text: "Between lists." }),
          new Paragraph({ text: "again first;", numbering: { reference: "items", level: 1, instance: 2 } })
        ]
      }]
    })
    const { text } = await extractText("docx", makeFile("styled.docx", await Packer.toBuffer(document)))
    expect(text.split("\n\n").filter((part) => part !== "")).toEqual([
      "1.\tFees. Beta shall pay the fees.",
      "2.\tTerm. One year.",
      "(a)\tfirst item;",
      "(b)\tsecond item.",
      "Between lists.",
      "(a)\tagain first;"
    ])
  })

  it("leaves a Word document without numbering as mammoth reads it", async () => {
    const { text } = await extractText("docx", await makeDocx([{ text: "1. Term. One year." }, { text: "Plain words." }]))
    expect(text).toBe("1. Term. One year.\n\nPlain words.\n\n")
  })
})
