import { Data, Effect } from "effect"
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type { Worker as Thread } from "node:worker_threads"
import Tesseract from "tesseract.js"
import type { Extracted, ExtractedPage, OcrWord } from "../Domain/Imports/Parsed.js"
import { openPdf, type PageImage, type PdfDocument, renderPage } from "./RenderPage.js"

/**
 * OCR for PDF pages that carry no text layer (scans): each such page is drawn (RenderPage.ts),
 * read by Tesseract (tesseract.js, its WebAssembly core and the English data of
 * `@tesseract.js-data/eng`, all from node_modules: nothing is fetched), and dropped before the
 * next, so a long scan holds one page's picture at a time. Tesseract runs in a worker thread
 * owned by the parse's scope: the import's time limit interrupts the parse, and closing the scope
 * terminates the thread mid-page.
 */

export class OcrFailed extends Data.TaggedError("OcrFailed")<{ readonly message: string }> {}

/** A page whose text layer holds fewer visible characters than this is read by OCR (a stamped page number does not make a scan a text page). */
export const textlessPage = 20

// LSTM-only data, the smallest (3 MB): the full 4.0.0 set adds the legacy engine and read our scans no better.
const langPath = join(dirname(createRequire(import.meta.url).resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int")

const visible = (text: string) => text.replace(/\s/g, "").length

interface Engine {
  readonly ready: Promise<Tesseract.Worker>
  /** Rejects when the engine reports an error or its thread stops; a read races it, so a dead thread fails the read instead of hanging it. */
  readonly broken: Promise<never>
}

const startEngine = (): Engine => {
  let fail: (error: Error) => void = () => {}
  const broken = new Promise<never>((_, reject) => (fail = reject))
  broken.catch(() => {})
  const ready = Tesseract.createWorker("eng", Tesseract.OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    // No cache: tesseract.js would otherwise write the data beside the process (and read it back from there).
    cacheMethod: "none",
    // Without a handler, an engine error is thrown in the main thread and ends the process.
    errorHandler: (error: unknown) => fail(new Error(String(error)))
  }).then((worker) => {
    // tesseract.js leaves its Node thread without error or exit listeners: a thread that dies would take the process with it, or hang the read.
    const thread = (worker as unknown as { readonly worker: Thread }).worker
    thread.on("error", fail)
    thread.on("exit", (code) => fail(new Error(`the OCR thread stopped (exit code ${code})`)))
    return worker
  })
  ready.catch(() => {})
  return { ready, broken }
}

const engine = Effect.acquireRelease(
  Effect.sync(startEngine),
  // Terminating the thread stops a read in progress at once; the release never waits on a thread that did not start.
  ({ ready }) => Effect.sync(() => void ready.then((worker) => worker.terminate(), () => undefined))
)

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

const recognise = (reader: Engine, image: PageImage) =>
  Effect.tryPromise({
    try: () =>
      Promise.race([
        reader.ready.then((worker) =>
          // The PGM carries no resolution: Tesseract is told the one it was drawn at instead of guessing.
          worker.recognize(image.pgm, { user_defined_dpi: String(image.dpi) } as Partial<Tesseract.RecognizeOptions>, { text: false, blocks: true })
        ),
        reader.broken
      ]),
    catch: (error) => new OcrFailed({ message: `OCR could not read the page: ${error instanceof Error ? error.message : String(error)}` })
  }).pipe(Effect.map((result) => pageReading(result.data.blocks ?? [])))

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
    const reader = yield* engine
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
        (image) => recognise(reader, image)
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
