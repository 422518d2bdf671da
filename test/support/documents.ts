import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph } from "docx"
import JSZip from "jszip"
import { mkdtempSync, writeFileSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PDFDocument, PDFHexString, rgb, StandardFonts } from "pdf-lib"

/** A fresh, empty directory under the system's temp dir. */
export const tempDir = (): string => mkdtempSync(join(tmpdir(), "documents-"))

/** Writes `content` (UTF-8 if a string) to a file called `name` in a fresh temp dir; returns its path. */
export const makeFile = (name: string, content: Uint8Array | string): string => {
  const path = join(tempDir(), name)
  writeFileSync(path, content)
  return path
}

export const makeTxt = (text: string, name = "contract.txt"): string => makeFile(name, text)

/** A real Word document: each paragraph in order, headings styled Heading 1. */
export const makeDocx = async (paragraphs: Array<{ text: string; heading?: boolean }>, name = "contract.docx"): Promise<string> => {
  const children = paragraphs.map(({ heading, text }) => new Paragraph(heading === true ? { text, heading: HeadingLevel.HEADING_1 } : { text }))
  const document = new Document({ sections: [{ children }] })
  return makeFile(name, await Packer.toBuffer(document))
}

/** A real PDF with a text layer: one page per inner array, each string one line of 11pt Helvetica. */
export const makePdf = async (pages: Array<Array<string>>, name = "contract.pdf"): Promise<string> => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  // Each string is a paragraph, wrapped to the page's width as a word processor would; a real
  // PDF viewer (and pdfjs) clips text drawn past the page's edge.
  const wrap = (paragraph: string): Array<string> => {
    const lines: Array<string> = []
    let line = ""
    for (const word of paragraph.split(" ")) {
      const next = line === "" ? word : `${line} ${word}`
      if (line !== "" && font.widthOfTextAtSize(next, 11) > 468) {
        lines.push(line)
        line = word
      } else line = next
    }
    return line === "" ? lines : [...lines, line]
  }
  for (const paragraphs of pages) {
    const page = pdf.addPage([612, 792])
    let y = 720
    for (const paragraph of paragraphs) {
      for (const line of wrap(paragraph)) {
        page.drawText(line, { x: 72, y, size: 11, font })
        y -= 14
      }
      y -= 10
    }
  }
  return makeFile(name, await pdf.save())
}

/** A PDF as a scanner makes one without OCR: marks on the page (ruled bars, no letters, so OCR reads no word) and no text layer at all. */
export const makeScannedPdf = async (name = "scan.pdf"): Promise<string> => {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([612, 792])
  for (let i = 0; i < 20; i++) page.drawRectangle({ x: 72, y: 700 - i * 16, width: 300 + (i % 5) * 30, height: 8, color: rgb(0.1, 0.1, 0.1) })
  return makeFile(name, await pdf.save())
}

/** The smallest spreadsheet a sniffer must call xlsx: a ZIP holding `xl/workbook.xml`. */
export const makeXlsx = async (name = "sheet.xlsx"): Promise<string> => {
  const zip = new JSZip()
  zip.file("[Content_Types].xml", "<?xml version=\"1.0\"?><Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>")
  zip.file("xl/workbook.xml", "<?xml version=\"1.0\"?><workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"/>")
  return makeFile(name, await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }))
}

// A valid 1×1 transparent PNG.
const onePixelPng = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

export const makePng = (name = "image.png"): string => makeFile(name, Buffer.from(onePixelPng, "base64"))

/** A PDF whose trailer says it is encrypted (standard handler, a password we do not know): pdfjs asks for a password. */
export const makeEncryptedPdf = async (name = "locked.pdf"): Promise<string> => {
  const pdf = await PDFDocument.create()
  pdf.addPage([612, 792]).drawText("This Agreement is confidential.", { x: 72, y: 720, size: 11 })
  const context = pdf.context
  const key = PDFHexString.of("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a")
  context.trailerInfo.Encrypt = context.register(context.obj({ Filter: "Standard", V: 1, R: 2, O: key, U: key, P: -44 }))
  context.trailerInfo.ID = context.obj([PDFHexString.of("0123456789abcdef0123456789abcdef"), PDFHexString.of("0123456789abcdef0123456789abcdef")])
  return makeFile(name, await pdf.save({ useObjectStreams: false }))
}

/** A DOCX whose central directory declares a document of 4 GB: the shape of a zip bomb, in a few kilobytes. */
export const makeZipBombDocx = async (name = "bomb.docx"): Promise<string> => {
  const bytes = Buffer.from(await readFile(await makeDocx([{ text: "This Agreement is made by the parties." }], name)))
  for (let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1; at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)) {
    bytes.writeUInt32LE(0xffffffff, at + 24)
  }
  return makeFile(name, bytes)
}

/**
 * A PDF laid out as a word processor prints a long document: paragraphs wrapped to the page, a new
 * page every `linesPerPage` lines whether or not a paragraph ends there, a running `header` at the
 * top of each page and "Page n of m" at the bottom.
 */
export const makePagedPdf = async (paragraphs: Array<string>, options: { header: string; linesPerPage: number }, name = "paged.pdf"): Promise<string> => {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const lines: Array<{ text: string; first: boolean }> = []
  for (const paragraph of paragraphs) {
    let line = ""
    let first = true
    for (const word of paragraph.split(" ")) {
      const next = line === "" ? word : `${line} ${word}`
      if (line !== "" && font.widthOfTextAtSize(next, 11) > 468) {
        lines.push({ text: line, first })
        first = false
        line = word
      } else line = next
    }
    if (line !== "") lines.push({ text: line, first })
  }
  const pageCount = Math.ceil(lines.length / options.linesPerPage)
  for (let index = 0; index < pageCount; index++) {
    const page = pdf.addPage([612, 792])
    page.drawText(options.header, { x: 72, y: 752, size: 8, font })
    let y = 720
    for (const line of lines.slice(index * options.linesPerPage, (index + 1) * options.linesPerPage)) {
      if (line.first && y < 720) y -= 10
      page.drawText(line.text, { x: 72, y, size: 11, font })
      y -= 14
    }
    page.drawText(`Page ${index + 1} of ${pageCount}`, { x: 280, y: 40, size: 8, font })
  }
  return makeFile(name, await pdf.save())
}

/**
 * A real Word document whose clause numbers are Word's automatic numbering, not text: `level` 0
 * shows "1.", "2.", level 1 "1.1", level 2 "(a)". Paragraphs without a level are plain.
 */
export const numberedDocxBytes = async (paragraphs: ReadonlyArray<{ text: string; level?: 0 | 1 | 2 | undefined }>): Promise<Uint8Array> => {
  const children = paragraphs.map(({ level, text }) => new Paragraph(level === undefined ? { text } : { text, numbering: { reference: "clauses", level } }))
  const document = new Document({
    numbering: {
      config: [{
        reference: "clauses",
        levels: [
          { level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: AlignmentType.START },
          { level: 1, format: LevelFormat.DECIMAL, text: "%1.%2", alignment: AlignmentType.START },
          { level: 2, format: LevelFormat.LOWER_LETTER, text: "(%3)", alignment: AlignmentType.START }
        ]
      }]
    },
    sections: [{ children }]
  })
  return new Uint8Array(await Packer.toBuffer(document))
}

/** `numberedDocxBytes` in a fresh temp file; returns its path. */
export const makeNumberedDocx = async (paragraphs: Array<{ text: string; level?: 0 | 1 | 2 }>, name = "numbered.docx"): Promise<string> =>
  makeFile(name, await numberedDocxBytes(paragraphs))
