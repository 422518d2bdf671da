import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type * as Pdfjs from "pdfjs-dist/legacy/build/pdf.mjs"

/**
 * A PDF page drawn as a picture, for OCR: pdfjs renders it in-process on `@napi-rs/canvas` (the
 * canvas pdfjs itself loads in Node), and the picture leaves as an 8-bit grey PGM, which
 * Tesseract's Leptonica reads without decoding. One page's pixels exist at a time.
 */

/** Tesseract reads print best at about 300 dots per inch; lower loses small print, higher only costs. */
export const ocrDpi = 300
/** A page larger than Legal paper at 300 dpi is drawn smaller: one page's pixels stay bounded whatever its size. */
export const maxPagePixels = 12_000_000
/** A picture in the file larger than this is skipped by pdfjs, so no hostile image is decoded whole (a 600-dpi Letter scan is 34 million). */
const maxImagePixels = 40_000_000

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))

let pdfjs: Promise<typeof Pdfjs> | undefined
const loadPdfjs = () => pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs")

export type PdfDocument = Pdfjs.PDFDocumentProxy
// pdfjs types its canvas as the DOM's; in Node it is the factory's own.
type RenderCanvas = Parameters<Pdfjs.PDFPageProxy["render"]>[0]["canvas"]

/** The loading task: destroying it destroys the document too, opened or not. */
export const openPdf = async (data: Uint8Array) => {
  const { getDocument } = await loadPdfjs()
  return getDocument({
    data,
    // pdfjs in Node reads these with fs: paths ending in a slash.
    standardFontDataUrl: join(pdfjsRoot, "standard_fonts") + "/",
    cMapUrl: join(pdfjsRoot, "cmaps") + "/",
    cMapPacked: true,
    useSystemFonts: false,
    isEvalSupported: false,
    maxImageSize: maxImagePixels,
    verbosity: 0
  })
}

export interface PageImage {
  /** A binary PGM (P5): header, then one byte of grey per pixel, row by row. */
  readonly pgm: Buffer
  readonly width: number
  readonly height: number
  readonly dpi: number
}

/** The part of pdfjs's Node canvas factory (over `@napi-rs/canvas`) this uses. */
interface Drawn {
  readonly canvas: object
  readonly context: { getImageData: (x: number, y: number, width: number, height: number) => { readonly data: Uint8ClampedArray } }
}
interface CanvasFactory {
  readonly create: (width: number, height: number) => Drawn
  readonly destroy: (drawn: Drawn) => void
}

const greyPgm = (rgba: Uint8ClampedArray, width: number, height: number): Buffer => {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, "ascii")
  const out = Buffer.allocUnsafe(header.length + width * height)
  header.copy(out)
  for (let pixel = 0, at = header.length; pixel < width * height; pixel++, at++) {
    const i = pixel * 4
    // Rec. 601 luma in integers; the page is drawn on white, so alpha is always opaque.
    out[at] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8
  }
  return out
}

/** Page `number` (from 1) at `ocrDpi`, or smaller where the page is larger than `maxPagePixels` allows. */
export const renderPage = async (doc: PdfDocument, number: number): Promise<PageImage> => {
  const page = await doc.getPage(number)
  try {
    const natural = page.getViewport({ scale: 1 })
    const scale = Math.min(ocrDpi / 72, Math.sqrt(maxPagePixels / Math.max(1, natural.width * natural.height)))
    const viewport = page.getViewport({ scale })
    const width = Math.max(1, Math.floor(viewport.width))
    const height = Math.max(1, Math.floor(viewport.height))
    // cast: pdf.js declares its canvas factory as `any`; CanvasFactory names what the Node build's does
    const factory = doc.canvasFactory as CanvasFactory
    const drawn = factory.create(width, height)
    try {
      // cast: @napi-rs/canvas's canvas is what pdf.js draws on in Node, but pdf.js types only the DOM's
      await page.render({ canvas: drawn.canvas as RenderCanvas, viewport, background: "#ffffff" }).promise
      const pgm = greyPgm(drawn.context.getImageData(0, 0, width, height).data, width, height)
      return { pgm, width, height, dpi: Math.round(scale * 72) }
    } finally {
      factory.destroy(drawn)
    }
  } finally {
    page.cleanup()
  }
}
