import { readFileSync, writeFileSync } from "node:fs"
import { PDFDocument } from "pdf-lib"
import { openPdf } from "../../src/Imports/RenderPage.js"

interface PngCanvasFactory {
  readonly create: (width: number, height: number) => { readonly canvas: { readonly toBuffer: (mime: "image/png") => Buffer } }
}

/**
 * A scan of the PDF at `from`, as a scanner makes one: each page drawn at `dpi` (pdfjs on its Node
 * canvas) and stored as a PNG filling a page of the same size, with no text layer. Returns its size.
 */
export const makeScan = async (from: string, path: string, dpi = 200): Promise<number> => {
  const task = await openPdf(new Uint8Array(readFileSync(from)))
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
    const bytes = await scan.save()
    writeFileSync(path, bytes)
    return bytes.length
  } finally {
    await task.destroy()
  }
}
