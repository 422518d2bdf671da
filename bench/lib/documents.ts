import { Document, HeadingLevel, Packer, Paragraph } from "docx"
import { randomBytes } from "node:crypto"
import { writeFileSync } from "node:fs"
import { PDFDocument, PDFName, StandardFonts } from "pdf-lib"

const headings = ["Services", "Fees", "Term", "Confidentiality", "Warranties", "Limitation of Liability", "Indemnity", "Notices", "Assignment", "Governing Law"]
const sentences = [
  "Each party shall perform its obligations under this Agreement diligently, in a professional manner and in accordance with applicable law.",
  "Client shall pay Consultant a monthly fee of $12,500 within thirty (30) days of each invoice, without set-off or deduction.",
  "This Agreement commences on April 1, 2025 and continues until March 31, 2026, unless terminated earlier as provided in this Agreement.",
  "Neither party shall be liable for indirect, incidental or consequential damages arising out of or in connection with this Agreement.",
  "Any notice under this Agreement shall be in writing and delivered by hand, by courier or by email to the address set out above.",
  "Neither party may assign this Agreement without the prior written consent of the other party, which shall not be unreasonably withheld.",
  "The receiving party shall keep the disclosing party's Confidential Information secret and use it only to perform this Agreement."
]

/** A contract of numbered clauses, about `pages` pages of 46 lines long: the title, a preamble, the clauses and a signature block. */
export const contractParagraphs = (pages: number, copy: number): Array<{ text: string; heading?: boolean }> => {
  const paragraphs: Array<{ text: string; heading?: boolean }> = [
    { text: `MASTER SERVICES AGREEMENT No. ${copy}`, heading: true },
    {
      text:
        "This Master Services Agreement (the \"Agreement\") is made and entered into as of March 3, 2025 by and between Northwind Traders, Inc., a Delaware corporation (\"Client\"), and Ada Lovelace Consulting LLC, a California limited liability company (\"Consultant\")."
    }
  ]
  // About 4 lines per clause of ~90 characters, 46 lines a page.
  const clauses = Math.max(1, Math.round((pages * 46) / 6.3))
  for (let n = 1; n <= clauses; n++) {
    const body = [0, 1, 2].map((k) => sentences[(n + k) % sentences.length]!).join(" ")
    paragraphs.push({ text: `${n}. ${headings[(n - 1) % headings.length]}. ${body}` })
  }
  paragraphs.push(
    { text: "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above." },
    { text: "NORTHWIND TRADERS, INC. By: /s/ Grace Hopper Name: Grace Hopper Title: Chief Executive Officer" },
    { text: "ADA LOVELACE CONSULTING LLC By: /s/ Ada Lovelace Name: Ada Lovelace Title: Managing Member" }
  )
  return paragraphs
}

/** Paragraphs wrapped at `width` characters, a blank line between paragraphs. */
const wrap = (paragraphs: ReadonlyArray<{ text: string }>, width: number): Array<string> => {
  const lines: Array<string> = []
  for (const { text } of paragraphs) {
    let line = ""
    for (const word of text.split(" ")) {
      if (line !== "" && line.length + 1 + word.length > width) {
        lines.push(line)
        line = word
      } else {
        line = line === "" ? word : `${line} ${word}`
      }
    }
    lines.push(line, "")
  }
  return lines
}

/**
 * A PDF with a text layer: the paragraphs in 10pt Helvetica, 46 lines a page. `padBytes` of random
 * bytes ride along in a stream no page draws, which text extraction never reads: a file as large as
 * a scanned or font-heavy PDF, at the parse cost of its pages of text. Returns its size and pages.
 */
export const makePdf = async (
  path: string,
  paragraphs: ReadonlyArray<{ text: string }>,
  padBytes = 0
): Promise<{ readonly bytes: number; readonly pages: number }> => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const lines = wrap(paragraphs, 95)
  const pages = Math.ceil(lines.length / 46)
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([612, 792])
    lines.slice(p * 46, p * 46 + 46).forEach((line, i) => line === "" || page.drawText(line, { x: 60, y: 740 - i * 15, size: 10, font }))
  }
  // An uncompressed stream the catalog points at: pdf-lib's attach() deflates, 15 times slower for bytes that do not shrink.
  if (padBytes > 0) pdf.catalog.set(PDFName.of("BenchPadding"), pdf.context.register(pdf.context.stream(randomBytes(padBytes))))
  const bytes = await pdf.save()
  writeFileSync(path, bytes)
  return { bytes: bytes.length, pages }
}

/** A Word document with the same paragraphs, one `w:p` each, the title styled Heading 1. */
export const makeDocx = async (path: string, paragraphs: ReadonlyArray<{ text: string; heading?: boolean }>): Promise<number> => {
  const children = paragraphs.map(({ heading, text }) => new Paragraph(heading === true ? { text, heading: HeadingLevel.HEADING_1 } : { text }))
  const bytes = await Packer.toBuffer(new Document({ sections: [{ children }] }))
  writeFileSync(path, bytes)
  return bytes.length
}
