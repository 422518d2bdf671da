import mammoth from "mammoth"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type { Extracted, ExtractedPage } from "../Domain/Imports/Parsed.js"
import { withDocxNumbering } from "./DocxNumbering.js"
import type * as Pdfjs from "pdfjs-dist/legacy/build/pdf.mjs"

/** PostgreSQL text holds neither NUL nor lone surrogates. */
const storable = (text: string) => text.replace(/\0/g, "").toWellFormed()

const onePage = (text: string): Extracted => ({ text, pages: [{ page: 1, start: 0, end: text.length }] })

const failure = (format: string, cause: unknown) =>
  new Error(`${format} extraction failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })

/**
 * A form feed starts a new page. It becomes a newline (same length, so offsets stay those of the
 * normalised file) that belongs to neither page; an empty page after a final form feed is dropped.
 */
const plainText = (bytes: Uint8Array): Extracted => {
  const text = storable(new TextDecoder("utf-8").decode(bytes).replace(/\r\n?/g, "\n"))
  const pages: Array<ExtractedPage> = []
  let start = 0
  for (const segment of text.split("\f")) {
    pages.push({ page: pages.length + 1, start, end: start + segment.length })
    start += segment.length + 1
  }
  if (pages.length > 1 && text.slice(pages.at(-1)!.start).trim() === "") pages.pop()
  return { text: text.replace(/\f/g, "\n"), pages }
}

/** mammoth's text, with the clause numbers Word shows for automatic numbering put back (DocxNumbering.ts). */
const docxText = async (path: string): Promise<Extracted> => {
  const raw = (await mammoth.extractRawText({ path })).value
  return onePage(storable(await withDocxNumbering(new Uint8Array(await readFile(path)), raw)))
}

/** The part of pdfjs's text item this reads. */
interface PdfTextItem {
  readonly str: string
  readonly transform: ReadonlyArray<number>
  readonly width: number
  readonly hasEOL: boolean
}

interface Line {
  text: string
  readonly y: number
  size: number
  endX: number
}

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))
// pdfjs in Node reads these with fs: they must be paths (not file URLs) ending in a slash.
const standardFontDataUrl = join(pdfjsRoot, "standard_fonts") + "/"
const cMapUrl = join(pdfjsRoot, "cmaps") + "/"

// Loaded on first use: the module is large and most requests never read a PDF.
let pdfjs: Promise<typeof Pdfjs> | undefined
const loadPdfjs = () => pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs")

/** Items in content order joined into lines: a new line on an end-of-line mark or when the baseline moves. */
const linesOf = (items: ReadonlyArray<PdfTextItem>): ReadonlyArray<Line> => {
  const lines: Array<Line> = []
  let current: Line | null = null
  const flush = () => {
    if (current !== null && current.text.trim() !== "") lines.push({ ...current, text: current.text.trim() })
    current = null
  }
  for (const item of items) {
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform
    const size = Math.hypot(c, d) || 1
    if (item.str !== "") {
      if (current !== null && Math.abs(y - current.y) > Math.min(size, current.size) * 0.5) flush()
      if (current === null) {
        current = { text: item.str, y, size, endX: x + item.width }
      } else {
        // Words drawn as separate items carry no space between them; kerning leaves only tiny gaps.
        if (x - current.endX > size * 0.1 && !/\s$/.test(current.text) && !/^\s/.test(item.str)) current.text += " "
        current.text += item.str
        current.endX = x + item.width
        current.size = Math.max(current.size, size)
      }
    }
    if (item.hasEOL) flush()
  }
  flush()
  return lines
}

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** The gaps between a page's consecutive lines that can be line spacing: downwards, under four lines' height. */
const lineGaps = (lines: ReadonlyArray<Line>): Array<number> =>
  lines.slice(1).map((line, i) => lines[i]!.y - line.y).filter((gap, i) => gap > 0 && gap <= lines[i + 1]!.size * 4)

/**
 * The document's line spacing: the smallest gap between lines that recurs (a tenth of all gaps, and
 * three times at least), so pages of one-line paragraphs, whose most common gap is the paragraph
 * gap, do not hide it. The median when no gap recurs that often.
 */
const typicalSpacing = (gaps: ReadonlyArray<number>): number | undefined => {
  const counts = new Map<number, number>()
  for (const gap of gaps) counts.set(Math.round(gap * 2) / 2, (counts.get(Math.round(gap * 2) / 2) ?? 0) + 1)
  const recurring = [...counts].filter(([, count]) => count >= Math.max(3, gaps.length * 0.1)).map(([gap]) => gap)
  return recurring.length > 0 ? Math.min(...recurring) : median(gaps)
}

/**
 * Lines joined by "\n", with "\n\n" where the gap is clearly more than the usual line spacing or the
 * text jumps up. The usual spacing is the page's, or the document's where that is tighter: on a page
 * of one-line paragraphs (a signature page, a schedule) the page's own median is the paragraph gap.
 */
const pageText = (lines: ReadonlyArray<Line>, documentSpacing?: number) => {
  const gaps = lines.slice(1).map((line, i) => lines[i]!.y - line.y)
  const own = median(lineGaps(lines))
  const spacing = own === undefined || documentSpacing === undefined ? own ?? documentSpacing : Math.min(own, documentSpacing)
  return lines.map((line, i) => {
    if (i === 0) return line.text
    const gap = gaps[i - 1]!
    const paragraph = gap < -line.size || (spacing !== undefined && gap > spacing * 1.4)
    return (paragraph ? "\n\n" : "\n") + line.text
  }).join("")
}

const pdfText = async (path: string): Promise<Extracted> => {
  const data = new Uint8Array(await readFile(path))
  const { getDocument } = await loadPdfjs()
  const task = getDocument({
    data,
    standardFontDataUrl,
    cMapUrl,
    cMapPacked: true,
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0
  })
  try {
    const doc = await task.promise
    const pageLines: Array<ReadonlyArray<Line>> = []
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number)
      const content = await page.getTextContent()
      page.cleanup()
      pageLines.push(linesOf(content.items.filter((item): item is typeof item & PdfTextItem => "str" in item)))
    }
    const documentSpacing = typicalSpacing(pageLines.flatMap(lineGaps))
    let text = ""
    const pages: Array<ExtractedPage> = []
    pageLines.forEach((lines, index) => {
      if (index > 0) text += "\n\n"
      const start = text.length
      text += storable(pageText(lines, documentSpacing))
      pages.push({ page: index + 1, start, end: text.length })
    })
    return { text, pages }
  } finally {
    // Destroying the loading task destroys the document too, and also covers a document that never opened.
    await task.destroy()
  }
}

/** The document's text layer and where each page sits in it; rejects with an Error saying what failed. */
export const extractText = async (format: "docx" | "pdf" | "txt" | "md", path: string): Promise<Extracted> => {
  try {
    switch (format) {
      case "txt":
      case "md":
        return plainText(await readFile(path))
      case "docx":
        return await docxText(path)
      case "pdf":
        return await pdfText(path)
    }
  } catch (cause) {
    throw failure(format, cause)
  }
}
