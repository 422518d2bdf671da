import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import type { Extracted } from "../../../src/Domain/Imports/Parsed.js"
import { corpusDir } from "../../../scripts/evalImports/corpus.js"

export { corpusDir }

export const corpusFiles = (): ReadonlyArray<string> => readdirSync(corpusDir).filter((file) => file.endsWith(".txt")).sort()

export const onePage = (text: string): Extracted => ({ text, pages: [{ page: 1, start: 0, end: text.length }] })

export const corpusText = (file: string): string => readFileSync(path.join(corpusDir, file), "utf8")

export const corpusLabels = (): ReadonlyArray<any> => JSON.parse(readFileSync(path.join(corpusDir, "labels.json"), "utf8"))

/** A small hand-written contract laid out as PDF text: three pages, a page number and a footer on each. */
export const sampleContract = (): Extracted => {
  const pages = [
    [
      "SERVICES AGREEMENT",
      "This Services Agreement (the \"Agreement\") is made as of March 3, 2021 by and between Acme Widgets, Inc., a Delaware corporation (\"Acme\"), and Beta Labs LLC, a Texas limited liability company (\"Beta\").",
      "1. PAYMENT",
      "1.1 Fees. Acme shall pay Beta a fee of $10,000 per month within thirty (30) days of invoice.",
      "Acme Confidential - Services Agreement\n1"
    ],
    [
      "2. TERM",
      "2.1 Term. This Agreement shall commence on the Effective Date and end on March 2, 2022, and shall automatically renew for successive one (1) year periods unless either party gives at least sixty (60) days prior written notice of non-renewal.",
      "3. MISCELLANEOUS",
      "3.1 Severability. If any provision of this Agreement is held invalid, the remaining provisions shall remain in full force and effect.",
      "3.2 Governing Law. This Agreement shall be governed by the laws of the State of New York.",
      "Acme Confidential - Services Agreement\n2"
    ],
    [
      "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.",
      "ACME WIDGETS, INC.\nBy: /s/ Jane Roe\nName: Jane Roe\nTitle: CEO",
      "BETA LABS LLC\nBy: /s/ John Doe\nName: John Doe\nTitle: Manager",
      "EXHIBIT A\nSTATEMENT OF WORK",
      "Beta shall deliver monthly reports describing the services performed.",
      "Acme Confidential - Services Agreement\n3"
    ]
  ].map((paragraphs) => paragraphs.join("\n\n"))
  let text = ""
  const spans: Array<{ page: number; start: number; end: number }> = []
  pages.forEach((page, index) => {
    if (index > 0) text += "\n\n"
    spans.push({ page: index + 1, start: text.length, end: text.length + page.length })
    text += page
  })
  return { text, pages: spans }
}
