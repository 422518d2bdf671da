import { readFile } from "node:fs/promises"
import { basename } from "node:path"
import { PDFDocument } from "pdf-lib"
import { openPdf } from "../../src/Imports/RenderPage.js"
import { makeFile } from "./documents.js"

/** The part of the Node canvas pdfjs draws on (`@napi-rs/canvas`) that a scan needs. */
interface PngCanvasFactory {
  readonly create: (width: number, height: number) => { readonly canvas: { readonly toBuffer: (mime: "image/png") => Buffer } }
}

/**
 * A PDF as a scanner makes one from the PDF `bytes`: each page drawn at `dpi` (pdfjs on its Node
 * canvas), stored as a PNG picture filling a page of the same size, and no text layer at all.
 */
export const scanBytes = async (bytes: Uint8Array, dpi = 200): Promise<Uint8Array> => {
  const task = await openPdf(bytes)
  try {
    const doc = await task.promise
    const scan = await PDFDocument.create()
    for (let number = 1; number <= doc.numPages; number++) {
      const page = await doc.getPage(number)
      const size = page.getViewport({ scale: 1 })
      const viewport = page.getViewport({ scale: dpi / 72 })
      const drawn = (doc.canvasFactory as PngCanvasFactory).create(Math.floor(viewport.width), Math.floor(viewport.height))
      await page.render({ canvas: drawn.canvas as never, viewport, background: "#ffffff" }).promise
      const picture = await scan.embedPng(drawn.canvas.toBuffer("image/png"))
      scan.addPage([size.width, size.height]).drawImage(picture, { x: 0, y: 0, width: size.width, height: size.height })
      page.cleanup()
    }
    return await scan.save()
  } finally {
    await task.destroy()
  }
}

/** A scan of the PDF at `path`, in a fresh temp file; returns its path. */
export const scanOf = async (path: string, dpi = 200, name = `scan-${basename(path)}`): Promise<string> =>
  makeFile(name, await scanBytes(new Uint8Array(await readFile(path)), dpi))

/** A scan of a blank sheet: one white picture, no text layer. */
export const blankScan = async (name = "blank-scan.pdf"): Promise<string> => {
  const blank = await PDFDocument.create()
  blank.addPage([612, 792])
  return scanOf(makeFile("blank.pdf", await blank.save()), 100, name)
}

/** 1 − edit distance / length of `expected`, over texts with their whitespace collapsed: OCR's character accuracy. */
export const characterAccuracy = (read: string, expected: string): number => {
  const a = read.replace(/\s+/g, " ").trim()
  const b = expected.replace(/\s+/g, " ").trim()
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return 1 - previous[b.length]! / Math.max(1, b.length)
}
