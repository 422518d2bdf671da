import { describe, expect, it } from "@effect/vitest"
import { randomBytes } from "node:crypto"
import { extractText } from "../../src/Imports/Extract.js"
import { makeDocx, makeFile, makePdf, makeScannedPdf, makeTxt } from "../support/documents.js"

const pageTexts = ({ pages, text }: { text: string; pages: ReadonlyArray<{ start: number; end: number }> }) =>
  pages.map(({ end, start }) => text.slice(start, end))

describe("extractText", () => {
  it("reads a docx's headings and paragraphs in order as one page", async () => {
    const path = await makeDocx([
      { text: "Master Services Agreement", heading: true },
      { text: "This agreement is made between Acme Ltd and Beta LLC." },
      { text: "1. Term", heading: true },
      { text: "The term is twelve months." }
    ])
    const { pages, text } = await extractText("docx", path)
    expect(text.split(/\n\n/).filter((part) => part !== "")).toEqual([
      "Master Services Agreement",
      "This agreement is made between Acme Ltd and Beta LLC.",
      "1. Term",
      "The term is twelve months."
    ])
    expect(pages).toEqual([{ page: 1, start: 0, end: text.length }])
  })

  it("reads each PDF page into its own range of the text", async () => {
    const lines = [
      ["Master Services Agreement", "Between Acme Ltd and Beta LLC, effective 1 March 2025."],
      ["2. Fees", "The customer pays USD 10,000 per month within 30 days of invoice."],
      ["3. Governing law", "This agreement is governed by the laws of England and Wales."]
    ]
    const { pages, text } = await extractText("pdf", await makePdf(lines))
    expect(pages.map(({ page }) => page)).toEqual([1, 2, 3])
    const slices = pageTexts({ pages, text })
    lines.forEach((own, i) => {
      for (const line of own) expect(slices[i]).toContain(line)
      for (const line of lines.filter((_, j) => j !== i).flat()) expect(slices[i]).not.toContain(line)
    })
    expect(slices[0]).toBe("Master Services Agreement\nBetween Acme Ltd and Beta LLC, effective 1 March 2025.")
    expect(pages[0]!.start).toBe(0)
    expect(pages.at(-1)!.end).toBe(text.length)
    expect(text.slice(pages[0]!.end, pages[1]!.start)).toBe("\n\n")
  })

  it("puts a blank line where a PDF's lines are clearly further apart than usual", async () => {
    const { text } = await extractText("pdf", await makePdf([["First line", "second line", "", "New paragraph", "its second line"]]))
    expect(text).toBe("First line\nsecond line\n\nNew paragraph\nits second line")
  })

  it("finds no text in a scan", async () => {
    const { pages, text } = await extractText("pdf", await makeScannedPdf())
    expect(text.trim()).toBe("")
    expect(pages).toHaveLength(1)
  })

  it("rejects a corrupt PDF with an error saying so", async () => {
    const path = makeFile("broken.pdf", Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(20_000)]))
    await expect(extractText("pdf", path)).rejects.toThrow(/^pdf extraction failed: /)
  })

  it("rejects a corrupt docx with an error saying so", async () => {
    const path = makeFile("broken.docx", Buffer.concat([Buffer.from("PK\x03\x04"), randomBytes(2000)]))
    await expect(extractText("docx", path)).rejects.toThrow(/^docx extraction failed: /)
  })

  it("reads many PDFs in a row without leaking or slowing", async () => {
    const path = await makePdf([["Clause one"], ["Clause two"]])
    for (let i = 0; i < 30; i++) expect((await extractText("pdf", path)).text).toBe("Clause one\n\nClause two")
  })

  it("splits plain text into pages at form feeds, offsets exact", async () => {
    const { pages, text } = await extractText("txt", makeTxt("\uFEFFPage one\r\nline two\fPage two\rend\f\n"))
    expect(text).toBe("Page one\nline two\nPage two\nend\n\n")
    expect(pages).toEqual([{ page: 1, start: 0, end: 17 }, { page: 2, start: 18, end: 30 }])
    expect(pageTexts({ pages, text })).toEqual(["Page one\nline two", "Page two\nend"])
  })

  it("gives plain text without form feeds one page", async () => {
    const { pages, text } = await extractText("md", makeTxt("# Terms\n\nText.\n", "terms.md"))
    expect(text).toBe("# Terms\n\nText.\n")
    expect(pages).toEqual([{ page: 1, start: 0, end: text.length }])
  })

  it("strips NUL and replaces lone surrogates and bad bytes so PostgreSQL can store the text", async () => {
    const bytes = Buffer.concat([Buffer.from("a\0b "), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(" c\0"), Buffer.from([0xff])])
    const { pages, text } = await extractText("txt", makeFile("odd.txt", bytes))
    expect(text).not.toContain("\0")
    expect(text.isWellFormed()).toBe(true)
    expect(text.startsWith("ab ")).toBe(true)
    expect(text.endsWith(" c\uFFFD")).toBe(true)
    expect(pages).toEqual([{ page: 1, start: 0, end: text.length }])
    const docx = await extractText("docx", await makeDocx([{ text: "lone \uD800 surrogate" }]))
    expect(docx.text.isWellFormed()).toBe(true)
  })
})
