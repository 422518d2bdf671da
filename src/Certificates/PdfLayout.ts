import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib"

/** A4 in points, with margins wide enough to hole-punch and file. */
export const sheet = { width: 595.28, height: 841.89, margin: 56, footer: 28 } as const

export interface Fonts {
  readonly regular: PDFFont
  readonly bold: PDFFont
}

export interface Style {
  readonly bold?: boolean
  readonly size?: number
  readonly indent?: number
  readonly gray?: boolean
}

const gray = rgb(0.35, 0.35, 0.35)
const black = rgb(0, 0, 0)

/** Tabs become spaces and other control characters go: the font has no glyph for them. */
export const printable = (text: string): string =>
  [...text.replace(/\t/g, "    ")].filter((c) => c === "\n" || (c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)).join("")

/**
 * A line's width as the sum of its characters' advances, each asked of the font once. pdf-lib
 * draws glyphs without kerning, so this is the drawn width; asking the font for every candidate
 * line ran its shaper thousands of times a page and was most of a PDF's cost.
 */
const widths = new WeakMap<PDFFont, Map<string, number>>()
export const measure = (font: PDFFont, size: number) => {
  let known = widths.get(font)
  if (known === undefined) widths.set(font, known = new Map())
  const advance = (c: string) => {
    let width = known.get(c)
    if (width === undefined) known.set(c, width = font.widthOfTextAtSize(c, 1000))
    return width
  }
  return (text: string) => {
    let sum = 0
    for (const c of text) sum += advance(c)
    return (sum * size) / 1000
  }
}

/** Breaks at spaces; a word wider than the line on its own is broken where it must be. */
export const wrap = (text: string, width: number, measure: (s: string) => number): ReadonlyArray<string> => {
  const lines: Array<string> = []
  for (const paragraph of printable(text).split("\n")) {
    let line = ""
    for (const word of paragraph.split(" ")) {
      const candidate = line === "" ? word : `${line} ${word}`
      if (measure(candidate) <= width) {
        line = candidate
        continue
      }
      if (line !== "") lines.push(line)
      let rest = word
      while (measure(rest) > width) {
        let cut = rest.length - 1
        while (cut > 1 && measure(rest.slice(0, cut)) > width) cut--
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

/**
 * Text poured down pages: each line goes where the last one ended, and a line that would cross
 * the bottom margin starts a new page.
 */
export const makeFlow = (doc: PDFDocument, fonts: Fonts) => {
  let page: PDFPage | undefined
  let y = 0
  const bottom = sheet.margin + sheet.footer
  const newPage = () => {
    page = doc.addPage([sheet.width, sheet.height])
    y = sheet.height - sheet.margin
  }
  const ensure = (height: number) => {
    if (page === undefined || y - height < bottom) newPage()
  }
  const lineHeight = (size: number) => size * 1.35
  const fontOf = (style: Style) => (style.bold === true ? fonts.bold : fonts.regular)

  /** One paragraph, wrapped; `lead` (a clause number) hangs in the indent before its first line. */
  const paragraph = (text: string, style: Style = {}, lead?: string) => {
    const size = style.size ?? 10
    const font = fontOf(style)
    const x = sheet.margin + (style.indent ?? 0)
    const lines = wrap(text, sheet.width - sheet.margin - x, measure(font, size))
    lines.forEach((text, index) => {
      ensure(lineHeight(size))
      y -= size
      if (index === 0 && lead !== undefined) page!.drawText(lead, { x: sheet.margin, y, size, font: fonts.bold, color: black })
      if (text !== "") page!.drawText(text, { x, y, size, font, color: style.gray === true ? gray : black })
      y -= lineHeight(size) - size
    })
  }
  /** Label and value on one line where they fit: the value wraps under its own column. */
  const field = (label: string, value: string, labelWidth = 100) => {
    // 9 points keeps a whole sha256 digest on one line beside its label.
    const size = 9
    ensure(lineHeight(size))
    // The label is drawn first so that text copied from the page reads label, then value.
    page!.drawText(label, { x: sheet.margin, y: y - size, size, font: fonts.regular, color: gray })
    paragraph(value, { size, indent: labelWidth })
  }
  const gap = (points: number) => {
    y -= points
  }
  return { newPage, ensure, paragraph, field, gap }
}

export type Flow = ReturnType<typeof makeFlow>

/** Every page's foot: what it is part of and where it sits, so a loose page can be put back. */
export const drawFooters = (doc: PDFDocument, fonts: Fonts, label: string) => {
  const pages = doc.getPages()
  pages.forEach((page, index) => {
    page.drawText(printable(`${label} · page ${index + 1} of ${pages.length}`), {
      x: sheet.margin,
      y: sheet.margin - 20,
      size: 8,
      font: fonts.regular,
      color: gray
    })
  })
}
