import { Data, Effect } from "effect"
import { readFile } from "node:fs/promises"
import type Tesseract from "tesseract.js"
import type { Extracted, ExtractedPage, OcrWord } from "../Domain/Imports/Parsed.js"
import { ocrEngine, recognise } from "./OcrEngine.js"
import { openPdf, type PdfDocument, renderPage } from "./RenderPage.js"

/**
 * OCR for PDF pages that carry no text layer (scans): each such page is drawn (RenderPage.ts),
 * read by Tesseract (OcrEngine.ts), and dropped before the next, so a long scan holds one page's
 * picture at a time. The engine's thread belongs to the parse's scope: the import's time limit
 * interrupts the parse, and closing the scope terminates the thread mid-page.
 */

export class OcrFailed extends Data.TaggedError("OcrFailed")<{ readonly message: string }> {}

/** A page whose text layer holds fewer visible characters than this is read by OCR (a stamped page number does not make a scan a text page). */
export const textlessPage = 20

const visible = (text: string) => text.replace(/\s/g, "").length

export interface PageReading {
  /** Paragraphs apart by a blank line, lines by a newline, words by a space. */
  readonly text: string
  /** Offsets into `text`, confidence 0 to 1. */
  readonly words: ReadonlyArray<OcrWord>
}

/** Tesseract's layout as text: only words with a letter or a digit count as read, so ruled lines and specks make no page. */
export const pageReading = (blocks: ReadonlyArray<Tesseract.Block>): PageReading => {
  const words: Array<OcrWord> = []
  let text = ""
  for (const paragraph of blocks.flatMap((block) => block.paragraphs)) {
    let opened = false
    for (const line of paragraph.lines) {
      const kept = line.words.map((word) => ({ text: word.text.replace(/[\s\0]+/g, "").toWellFormed(), confidence: word.confidence / 100 }))
        .filter((word) => word.text !== "")
      if (!kept.some((word) => /[\p{L}\p{N}]/u.test(word.text))) continue
      text += opened ? "\n" : text === "" ? "" : "\n\n"
      opened = true
      kept.forEach((word, i) => {
        if (i > 0) text += " "
        words.push({ start: text.length, end: text.length + word.text.length, confidence: Math.round(word.confidence * 100) / 100 })
        text += word.text
      })
    }
  }
  return { text, words }
}

/**
 * The text layer with its textless pages read by OCR. A page's OCR text replaces its layer only
 * where it holds more visible characters; pages with text keep their layer, which is exact. The
 * result marks what OCR read (`ocr`), so the parser leaves those blocks unverified.
 */
export const readScannedPages = (path: string, layer: Extracted): Effect.Effect<Extracted, OcrFailed> => {
  const textless = layer.pages.filter((page) => visible(layer.text.slice(page.start, page.end)) < textlessPage)
  if (textless.length === 0) return Effect.succeed(layer)
  const failed = (what: string) => (error: unknown) => new OcrFailed({ message: `${what}: ${error instanceof Error ? error.message : String(error)}` })
  return Effect.scoped(Effect.gen(function*() {
    const engine = yield* ocrEngine
    const task = yield* Effect.acquireRelease(
      Effect.tryPromise({ try: async () => openPdf(new Uint8Array(await readFile(path))), catch: failed("The PDF could not be opened for OCR") }),
      (task) => Effect.promise(() => task.destroy())
    )
    const doc: PdfDocument = yield* Effect.tryPromise({ try: () => task.promise, catch: failed("The PDF could not be opened for OCR") })
    const read = new Map<number, PageReading>()
    for (const page of textless) {
      // Drawn, read, dropped: the picture lives only inside this step.
      const reading = yield* Effect.flatMap(
        Effect.tryPromise({ try: () => renderPage(doc, page.page), catch: failed(`Page ${page.page} could not be drawn`) }),
        (image) =>
          Effect.tryPromise({ try: () => recognise(engine, image), catch: failed(`OCR could not read page ${page.page}`) }).pipe(
            Effect.map((result) => pageReading(result.blocks ?? []))
          )
      )
      if (visible(reading.text) > visible(layer.text.slice(page.start, page.end))) read.set(page.page, reading)
    }
    return withReadings(layer, read)
  }))
}

/** The layer's pages in order, each its OCR reading where there is one; the separators between pages stay the layer's. */
export const withReadings = (layer: Extracted, read: ReadonlyMap<number, PageReading>): Extracted => {
  if (read.size === 0) return layer
  let text = ""
  let previousEnd = 0
  const pages: Array<ExtractedPage> = []
  const words: Array<OcrWord> = []
  for (const page of layer.pages) {
    text += layer.text.slice(previousEnd, page.start)
    const start = text.length
    const reading = read.get(page.page)
    if (reading === undefined) text += layer.text.slice(page.start, page.end)
    else {
      text += reading.text
      for (const word of reading.words) words.push({ start: start + word.start, end: start + word.end, confidence: word.confidence })
    }
    pages.push({ page: page.page, start, end: text.length })
    previousEnd = page.end
  }
  text += layer.text.slice(previousEnd)
  return { text, pages, ocr: { pages: [...read.keys()].sort((a, b) => a - b), words } }
}
