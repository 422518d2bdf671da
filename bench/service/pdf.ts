import { Either } from "effect"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { renderExecutedPdf } from "../../src/Certificates/ExecutedPdf.js"
import { sheet, wrap } from "../../src/Certificates/PdfLayout.js"
import { verifyPdf } from "../../src/Certificates/VerifyPdf.js"
import { executedRecord } from "../../src/Domain/Signing/ExecutedRecord.js"
import { sampleFiles } from "../../scripts/executedSample.js"
import { quantile, round } from "../lib/stats.js"

export interface PdfResults {
  readonly clauses: number
  readonly pages: number
  readonly bytes: number
  /** PDFs per second, one after another in this process, and the milliseconds each took. */
  readonly render: { readonly perSecond: number; readonly p50Ms: number }
  /** The same words drawn by pdf-lib alone: a standard font, no embedding, no attachments. */
  readonly floor: { readonly perSecond: number; readonly p50Ms: number }
  /** `npm run verify -- FILE.pdf` without the process: read, check both signatures, rebuild, compare. */
  readonly verify: { readonly perSecond: number; readonly p50Ms: number }
  readonly renderToFloor: number
}

const timed = async (durationMs: number, work: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await work()
  const ms: Array<number> = []
  const until = performance.now() + durationMs
  while (performance.now() < until) {
    const began = performance.now()
    await work()
    ms.push(performance.now() - began)
  }
  const total = ms.reduce((a, b) => a + b, 0)
  return { perSecond: round((ms.length * 1000) / total, 1), p50Ms: round(quantile(Float64Array.from(ms).sort(), 0.5), 2) }
}

/** The floor: every block's lines wrapped and drawn in Helvetica, paginated the same way, saved. */
const plainPdf = async (blocks: ReadonlyArray<{ readonly text: string }>) => {
  const doc = await PDFDocument.create({ updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  let page = doc.addPage([sheet.width, sheet.height])
  let y = sheet.height - sheet.margin
  for (const block of blocks) {
    for (const line of wrap(block.text, sheet.width - 2 * sheet.margin - 28, (s) => font.widthOfTextAtSize(s, 10))) {
      if (y < sheet.margin + sheet.footer) {
        page = doc.addPage([sheet.width, sheet.height])
        y = sheet.height - sheet.margin
      }
      page.drawText(line, { x: sheet.margin + 28, y, size: 10, font })
      y -= 13.5
    }
  }
  return doc.save({ useObjectStreams: true })
}

/** The executed PDF of a `clauses`-clause contract, rendered in process: no HTTP, no database. */
export const pdfFlow = async (settings: { readonly clauses: number; readonly durationMs: number }, log: (line: string) => void): Promise<PdfResults> => {
  const files = sampleFiles(settings.clauses)
  const record = Either.getOrThrow(executedRecord(Buffer.from(files.certificate).toString(), Buffer.from(files.contract).toString()))
  const pdf = Either.getOrThrow(await renderExecutedPdf(files))
  const pages = (await PDFDocument.load(pdf)).getPageCount()
  const render = await timed(settings.durationMs, () => renderExecutedPdf(files))
  const floor = await timed(settings.durationMs, () => plainPdf(record.blocks))
  const verify = await timed(settings.durationMs, async () => {
    if ((await verifyPdf(pdf)).problems.length > 0) throw new Error("the bench's PDF does not verify")
  })
  const results = { clauses: settings.clauses, pages, bytes: pdf.length, render, floor, verify, renderToFloor: round(render.p50Ms / floor.p50Ms, 2) }
  log(
    `  ${settings.clauses} clauses, ${pages} pages, ${
      round(pdf.length / 1024, 1)
    } KB: ${render.perSecond} PDFs/s (p50 ${render.p50Ms} ms), pdf-lib floor ${floor.perSecond}/s, verify ${verify.perSecond}/s: ${results.renderToFloor}× the floor`
  )
  return results
}

export const pdfTable = (r: PdfResults): string =>
  [
    `| executed PDF, ${r.clauses} clauses (${r.pages} pages, ${round(r.bytes / 1024, 1)} KB) | per second | p50 ms | ratio to floor |`,
    "|---|---:|---:|---:|",
    `| render (fonts embedded and subset, files attached) | ${r.render.perSecond} | ${r.render.p50Ms} | ${r.renderToFloor} |`,
    `| floor: pdf-lib, Helvetica, same lines | ${r.floor.perSecond} | ${r.floor.p50Ms} | 1 |`,
    `| verify (signatures, rebuild, compare) | ${r.verify.perSecond} | ${r.verify.p50Ms} | ${round(r.verify.p50Ms / r.floor.p50Ms, 2)} |`
  ].join("\n")
