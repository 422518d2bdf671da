/**
 * Renders one page of each kind of the executed PDF (title, words, signatures, certificate) to
 * docs/screenshots/pdf-*.png with Debian's pdftoppm (poppler-utils), from the fixed sample
 * contract, so the pictures change only when the rendering does.
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
import { sampleFiles } from "./executedSample.js"

const out = fileURLToPath(new URL("../docs/screenshots/", import.meta.url))
const pdf = Either.getOrThrow(await renderExecutedPdf(sampleFiles(12)))
const pages = (await PDFDocument.load(pdf)).getPageCount()
const dir = mkdtempSync(join(tmpdir(), "pdf-shots-"))
const file = join(dir, "sample.pdf")
writeFileSync(file, pdf)
const kinds = { title: 1, words: 2, signatures: pages - 1, certificate: pages }
for (const [kind, page] of Object.entries(kinds)) {
  execFileSync("pdftoppm", ["-png", "-r", "60", "-f", String(page), "-l", String(page), "-singlefile", file, join(out, `pdf-${kind}`)])
  console.log(`docs/screenshots/pdf-${kind}.png: page ${page} of ${pages}`)
}
rmSync(dir, { recursive: true })
