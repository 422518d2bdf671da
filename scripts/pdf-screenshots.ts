/**
 * Renders one page of each kind of the executed PDF (title, words, signatures, certificate), and
 * the filed PDF's title and filed pages, to docs/screenshots/pdf-*.png with Debian's pdftoppm
 * (poppler-utils), from the fixed sample contract, so the pictures change only when the rendering does.
 *
 *   npx tsx scripts/pdf-screenshots.ts
 */
import { Either } from "effect"
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { PDFDocument } from "pdf-lib"
import { renderExecutedPdf } from "../src/Certificates/ExecutedPdf.js"
import { renderFiledPdf } from "../src/Certificates/FiledPdf.js"
import { sampleFiles } from "./executedSample.js"
import { sampleFiledFiles } from "./filedSample.js"

const out = fileURLToPath(new URL("../docs/screenshots/", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "pdf-shots-"))
const shoot = async (name: string, pdf: Uint8Array, kinds: (pages: number) => Record<string, number>) => {
  const pages = (await PDFDocument.load(pdf)).getPageCount()
  const file = join(dir, `${name}.pdf`)
  writeFileSync(file, pdf)
  for (const [kind, page] of Object.entries(kinds(pages))) {
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", String(page), "-l", String(page), "-singlefile", file, join(out, `pdf-${kind}`)])
    console.log(`docs/screenshots/pdf-${kind}.png: page ${page} of ${pages} of the ${name} PDF`)
  }
}
await shoot("executed", Either.getOrThrow(await renderExecutedPdf(sampleFiles(12))), (pages) => ({
  title: 1,
  words: 2,
  signatures: pages - 1,
  certificate: pages
}))
await shoot("filed", Either.getOrThrow(await renderFiledPdf(sampleFiledFiles(12))), (pages) => ({ "filed-title": 1, filed: pages }))
rmSync(dir, { recursive: true })
