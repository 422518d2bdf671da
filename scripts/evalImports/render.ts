/**
 * Renders a plain-text contract into the files people upload, for measuring blocks against known
 * paragraphs: a PDF laid out as a word processor prints it (paragraphs wrapped, pages breaking
 * mid-paragraph, a running header and a "Page n of m" footer on every page) and a DOCX whose
 * clause numbers are Word's automatic numbering. Each returns the paragraphs a reader sees, in
 * order: the ground truth its blocks are compared with.
 */
import { numberedDocxBytes } from "../../test/support/documents.js"
import { PDFDocument, StandardFonts } from "pdf-lib"

/**
 * The source's paragraphs: text between blank lines, whitespace collapsed. The corpus texts were
 * converted from PDFs, so a sentence the original's page break cut ("… third party strike," then
 * "flood, delay …" after blank lines) is one paragraph again: one ending mid-sentence followed by
 * one opening in lower case.
 */
export const sourceParagraphs = (text: string): Array<string> => {
  const out: Array<string> = []
  let pageNumberBetween = false
  for (const paragraph of text.split(/\n[ \t\r]*\n/).map((part) => part.replace(/\s+/g, " ").trim())) {
    if (paragraph === "") continue
    // The original's page numbers are no words of the contract, and mark where its pages broke.
    if (/^(?:page )?[-–]? ?\d{1,4} ?[-–]?$/i.test(paragraph)) {
      pageNumberBetween = true
      continue
    }
    const previous = out.at(-1)
    const midSentence = previous !== undefined && !/[.;:!?)"”'\]]$/.test(previous)
    const cutAtPage = pageNumberBetween && midSentence && /(?:\s[a-z]\S*|,)$/.test(previous!) && /^[A-Za-z"“(]/.test(paragraph)
    if ((midSentence && /^[a-z]/.test(paragraph)) || cutAtPage) out[out.length - 1] = `${previous} ${paragraph}`
    else out.push(paragraph)
    pageNumberBetween = false
  }
  return out
}

const pageWidth = 612
const pageHeight = 792
const margin = 72
const size = 10
const leading = 12

export interface Rendered {
  readonly bytes: Uint8Array
  /** What a reader sees as the document's paragraphs, furniture excluded. */
  readonly paragraphs: ReadonlyArray<string>
  /** The running header and footer lines drawn on the pages: never words of the contract. */
  readonly furniture: ReadonlyArray<string>
}

export const renderPdf = async (text: string, header: string): Promise<Rendered> => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const encodable = new Map<string, boolean>()
  // The standard font encodes WinAnsi only: any other character is drawn (and counted) as "?".
  const plain = (paragraph: string) =>
    [...paragraph].map((char) => {
      if (!encodable.has(char)) {
        try {
          font.encodeText(char)
          encodable.set(char, true)
        } catch {
          encodable.set(char, false)
        }
      }
      return encodable.get(char) === true ? char : "?"
    }).join("")
  const paragraphs = sourceParagraphs(text).map(plain)
  const width = pageWidth - 2 * margin
  const lines: Array<{ text: string; gap: boolean }> = []
  for (const paragraph of paragraphs) {
    let line = ""
    let first = true
    for (const word of paragraph.split(" ")) {
      const next = line === "" ? word : `${line} ${word}`
      if (line !== "" && font.widthOfTextAtSize(next, size) > width) {
        lines.push({ text: line, gap: first })
        first = false
        line = word
      } else line = next
    }
    if (line !== "") lines.push({ text: line, gap: first })
  }
  const pages: Array<Array<{ text: string; y: number }>> = [[]]
  let y = pageHeight - margin
  for (const line of lines) {
    if (line.gap && pages.at(-1)!.length > 0) y -= 8
    if (y < margin) {
      pages.push([])
      y = pageHeight - margin
    }
    pages.at(-1)!.push({ text: line.text, y })
    y -= leading
  }
  const footers: Array<string> = []
  pages.forEach((drawn, index) => {
    const page = pdf.addPage([pageWidth, pageHeight])
    page.drawText(header, { x: margin, y: pageHeight - 40, size: 8, font })
    for (const line of drawn) page.drawText(line.text, { x: margin, y: line.y, size, font })
    const footer = `Page ${index + 1} of ${pages.length}`
    footers.push(footer)
    page.drawText(footer, { x: pageWidth / 2 - 20, y: 36, size: 8, font })
  })
  return { bytes: await pdf.save(), paragraphs, furniture: [header, ...footers] }
}

/** Source numbers Word's list levels stand for: "1." (level 0), "1.1" (level 1), "(a)" (level 2). */
const numbered = /^(?:(\d{1,2})\.\s|(\d{1,2})\.(\d{1,2})\.?\s|\(([a-z])\)\s)(?=\S)/

const letters = "abcdefghijklmnopqrstuvwxyz"

export const renderDocx = async (text: string): Promise<Rendered> => {
  const paragraphs: Array<string> = []
  const children: Array<{ text: string; level?: 0 | 1 | 2 }> = []
  const counters = [0, 0, 0]
  for (const source of sourceParagraphs(text)) {
    const match = numbered.exec(source)
    if (match === null) {
      paragraphs.push(source)
      children.push({ text: source })
      continue
    }
    const level = match[1] !== undefined ? 0 : match[2] !== undefined ? 1 : 2
    counters[level]++
    for (let deeper = level + 1; deeper < counters.length; deeper++) counters[deeper] = 0
    // What Word shows is its own count, whatever the source's number said.
    const label = level === 0
      ? `${counters[0]}.`
      : level === 1
      ? `${Math.max(counters[0], 1)}.${counters[1]}`
      : `(${letters[(counters[2] - 1) % 26]!.repeat(Math.floor((counters[2] - 1) / 26) + 1)})`
    const rest = source.slice(match[0].length)
    paragraphs.push(`${label} ${rest}`)
    children.push({ text: rest, level })
  }
  return { bytes: await numberedDocxBytes(children), paragraphs, furniture: [] }
}
