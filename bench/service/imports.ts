import { mkdirSync, readFileSync } from "node:fs"
import type http from "node:http"
import { basename, join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseDocument } from "../../src/Domain/Imports/ParseDocument.js"
import { extractText } from "../../src/Imports/Extract.js"
import { cpuMsOf } from "../lib/child.js"
import { contractParagraphs, makeDocx, makePdf } from "../lib/documents.js"
import { keepAliveAgent } from "../lib/http.js"
import { round } from "../lib/stats.js"
import { createOrg, freshKey, type Seat } from "./actors.js"
import { type ScanResults, scanFlow } from "./importScans.js"
import { type Service, type ServiceOptions, startService } from "./service.js"

export interface ImportSettings {
  /** Copies of the document per format in the pages-per-second batches. */
  readonly copies: number
  /** Pages of text in each of those documents (about: the layout decides the last page). */
  readonly pages: number
  /** Files in the memory batch (the spec's most in one call is 100), each about `memoryFileMb` MB with `memoryPages` pages of text. */
  readonly memoryFiles: number
  readonly memoryFileMb: number
  readonly memoryPages: number
  /** Scans (PDFs of page pictures, no text layer) in the OCR batch, and pages in each. */
  readonly scanFiles: number
  readonly scanPages: number
}

/** Pages read per second by the parse alone, in the bench's process, one file after another: no HTTP, no database. */
export interface ParseFloor {
  readonly files: number
  readonly pages: number
  readonly seconds: number
  readonly pagesPerSecond: number
}

/** One batch through `POST /imports`, timed from the POST until `GET /imports?batch=` shows every import parsed or failed. */
export interface ImportRun {
  readonly format: "pdf" | "docx" | "scan"
  readonly files: number
  readonly pagesPerFile: number
  readonly bytesPerFile: number
  /** Pages of the imports that parsed: failed ones are not counted. */
  readonly pages: number
  readonly seconds: number
  readonly pagesPerSecond: number
  /** CPU (all threads) the service spent on the batch, per page parsed. */
  readonly serverCpuMsPerPage: number
  readonly failed: Record<string, number>
}

export interface ImportMemory {
  readonly files: number
  readonly uploadedMb: number
  readonly pagesPerFile: number
  readonly seconds: number
  /** RSS of the service just before the POST. */
  readonly beforeRssMb: number
  /** The highest RSS the service's own sampler (process.memoryUsage, every 50 ms) saw from the POST until every import settled. */
  readonly peakRssMb: number
  /** The same peak sampled from /proc/<pid>/status by the bench, which also sees moments the service's event loop is busy. */
  readonly procPeakRssMb: number
  readonly afterRssMb: number
  /** Peak RSS, and its growth over `before`, divided by the bytes uploaded. */
  readonly peakPerUploaded: number
  readonly growthPerUploaded: number
  readonly failed: Record<string, number>
}

export interface ImportResults {
  readonly floor: { readonly pdf: ParseFloor; readonly docx: ParseFloor }
  readonly pdf: ImportRun
  readonly docx: ImportRun
  readonly memory: ImportMemory
  readonly scan: ScanResults
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const samplerModule = fileURLToPath(new URL("./rssSampler.ts", import.meta.url))

/** POST /imports with the files as repeated `files[]` parts, as curl -F sends them. */
export const postImports = async (base: string, seat: Seat, paths: ReadonlyArray<string>): Promise<string> => {
  const form = new FormData()
  for (const path of paths) form.append("files[]", new Blob([readFileSync(path)]), basename(path))
  const response = await fetch(`${base}/imports`, { method: "POST", headers: { ...seat.headers, "idempotency-key": freshKey("import") }, body: form })
  const text = await response.text()
  if (response.status !== 202) throw new Error(`POST /imports: expected 202, got ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text).batch as string
}

export interface Settled {
  readonly parsed: ReadonlyArray<string>
  readonly failed: Record<string, number>
}

/** Reads the batch every `everyMs` until no import is queued or parsing; the file names that parsed, and failures by reason. */
export const settle = async (base: string, seat: Seat, batch: string, everyMs: number, withinMs = 600_000): Promise<Settled> => {
  const until = Date.now() + withinMs
  for (;;) {
    const rows: Array<{ filename: string; state: string; failure: { reason: string } | null }> = []
    let after: string | null = null
    do {
      const response = await fetch(`${base}/imports?batch=${batch}&limit=100${after === null ? "" : `&starting_after=${after}`}`, { headers: seat.headers })
      const text = await response.text()
      if (response.status !== 200) throw new Error(`GET /imports: expected 200, got ${response.status} ${text.slice(0, 300)}`)
      const page = JSON.parse(text)
      rows.push(...page.data)
      after = page.has_more ? page.next_cursor : null
    } while (after !== null)
    if (rows.every((row) => row.state === "parsed" || row.state === "failed")) {
      const failed: Record<string, number> = {}
      for (const row of rows) if (row.state === "failed") failed[row.failure?.reason ?? "unknown"] = (failed[row.failure?.reason ?? "unknown"] ?? 0) + 1
      return { parsed: rows.filter((row) => row.state === "parsed").map((row) => row.filename), failed }
    }
    if (Date.now() > until) throw new Error(`imports of ${batch} unfinished after ${withinMs} ms`)
    await sleep(everyMs)
  }
}

/** Extract and parse each file in turn, in this process (warm it up first: the first PDF loads pdfjs). */
const parseFloor = async (format: "pdf" | "docx", paths: ReadonlyArray<string>, pagesPerFile: number): Promise<ParseFloor> => {
  const began = performance.now()
  for (const path of paths) {
    const outcome = parseDocument(await extractText(format, path))
    if (outcome._tag !== "Parsed") throw new Error(`the bench's ${format} did not parse: ${outcome.reason} ${outcome.detail}`)
  }
  const seconds = (performance.now() - began) / 1000
  return {
    files: paths.length,
    pages: paths.length * pagesPerFile,
    seconds: round(seconds, 2),
    pagesPerSecond: round((paths.length * pagesPerFile) / seconds, 1)
  }
}

interface Documents {
  readonly pdfs: ReadonlyArray<string>
  readonly docxs: ReadonlyArray<string>
  /** Every copy has the same size and pages to within a few bytes: these are the last one's. */
  readonly pdfFile: { readonly bytes: number; readonly pages: number }
  readonly docxBytes: number
  readonly large: ReadonlyArray<string>
  readonly largePages: number
  readonly largeBytes: number
}

const makeDocuments = async (dir: string, settings: ImportSettings): Promise<Documents> => {
  mkdirSync(dir, { recursive: true })
  const pdfs: Array<string> = []
  const docxs: Array<string> = []
  let pdfFile = { bytes: 0, pages: 0 }
  let docxBytes = 0
  for (let copy = 1; copy <= settings.copies; copy++) {
    // Each copy differs in its title, so no two files share bytes (the asset store keeps bytes by checksum).
    const paragraphs = contractParagraphs(settings.pages, copy)
    pdfs.push(join(dir, `contract-${copy}.pdf`))
    docxs.push(join(dir, `contract-${copy}.docx`))
    pdfFile = await makePdf(pdfs.at(-1)!, paragraphs)
    docxBytes = await makeDocx(docxs.at(-1)!, paragraphs)
  }
  const large: Array<string> = []
  let largeBytes = 0
  let largePages = 0
  for (let n = 1; n <= settings.memoryFiles; n++) {
    large.push(join(dir, `large-${n}.pdf`))
    const made = await makePdf(large.at(-1)!, contractParagraphs(settings.memoryPages, n), Math.round(settings.memoryFileMb * 1024 * 1024))
    largeBytes += made.bytes
    largePages = made.pages
  }
  return { pdfs, docxs, pdfFile, docxBytes, large, largePages, largeBytes }
}

/** The peak of the service's BENCH_RSS lines while `sampling` is on. */
export interface RssWindow {
  sampling: boolean
  peak: number
}

export const failureList = (failed: Record<string, number>) => Object.entries(failed).map(([reason, n]) => `${n}×${reason}`).join(" ")

/**
 * Import throughput and memory, on a service of its own started with the RSS sampler
 * (rssSampler.ts). Pages per second: `copies` PDFs of about `pages` pages in one batch, timed from
 * the POST until every import is parsed or failed, then as many DOCX files holding the same text
 * (a DOCX has no pages: each counts the pages its text fills in the PDF). Memory: one batch of
 * `memoryFiles` PDFs of about `memoryFileMb` MB each, the service's RSS sampled every 50 ms
 * throughout. Beside them, the floor: the same extract and parse run in the bench's process.
 */
export const importFlow = async (
  options: Omit<ServiceOptions, "preload" | "onLine">,
  scratch: string,
  settings: ImportSettings,
  log: (line: string) => void
): Promise<ImportResults> => {
  const started = performance.now()
  const at = () => `[${round((performance.now() - started) / 1000, 1)} s]`
  const rss: RssWindow = { sampling: false, peak: 0 }
  // The service starts (some 10 s, migrations mostly) while the documents are made.
  const starting = startService({
    ...options,
    preload: [samplerModule],
    onLine: (line) => {
      if (rss.sampling && line.startsWith("BENCH_RSS ")) rss.peak = Math.max(rss.peak, Number(line.slice("BENCH_RSS ".length)))
    }
  })
  starting.catch(() => {})
  const agent = keepAliveAgent(1)
  try {
    const docs = await makeDocuments(join(scratch, "import-documents"), settings)
    log(
      `  ${at()} made ${settings.copies} PDFs (${docs.pdfFile.pages} pages, ${round(docs.pdfFile.bytes / 1024, 0)} KB), as many DOCX (${
        round(docs.docxBytes / 1024, 0)
      } KB), ${docs.large.length} PDFs of ${mb(docs.largeBytes / docs.large.length)} MB (${docs.largePages} pages)`
    )
    const service = await starting
    const measured = await measure(docs, service, agent, rss, log, at)
    const scan = await scanFlow(service, agent, join(scratch, "import-scans"), settings, rss, log, at)
    return { ...measured, scan }
  } finally {
    agent.destroy()
    await (await starting.catch(() => undefined))?.child.stop()
  }
}

const measure = async (
  docs: Documents,
  service: Service,
  agent: http.Agent,
  rss: RssWindow,
  log: (line: string) => void,
  at: () => string
): Promise<Omit<ImportResults, "scan">> => {
  const { docxBytes, docxs, large, largeBytes, largePages, pdfFile, pdfs } = docs
  const seat = await createOrg(service.url, agent, "Importer Ltd", "Ida Importer")
  // Warm-up, untimed, both sides at once: a first import of each format in the service, a first
  // read of each here. The first PDF loads pdfjs on either side, which takes seconds, once.
  const warm = async (format: "pdf" | "docx", path: string) => parseDocument(await extractText(format, path))
  await Promise.all([
    postImports(service.url, seat, [pdfs[0]!, docxs[0]!]).then((batch) => settle(service.url, seat, batch, 50)),
    warm("pdf", pdfs[0]!).then(() => warm("docx", docxs[0]!))
  ])
  const floor = { pdf: await parseFloor("pdf", pdfs, pdfFile.pages), docx: await parseFloor("docx", docxs, pdfFile.pages) }
  log(`  ${at()} floor, extract + parse in-process: PDF ${floor.pdf.pagesPerSecond} pages/s, DOCX ${floor.docx.pagesPerSecond} pages/s`)

  const run = async (format: "pdf" | "docx", paths: ReadonlyArray<string>, bytesPerFile: number): Promise<ImportRun> => {
    const cpuBefore = cpuMsOf(service.child.pid)
    const began = performance.now()
    const settled = await settle(service.url, seat, await postImports(service.url, seat, paths), 50)
    const seconds = (performance.now() - began) / 1000
    const pages = settled.parsed.length * pdfFile.pages
    const result: ImportRun = {
      format,
      files: paths.length,
      pagesPerFile: pdfFile.pages,
      bytesPerFile,
      pages,
      seconds: round(seconds, 2),
      pagesPerSecond: round(pages / seconds, 1),
      serverCpuMsPerPage: round((cpuMsOf(service.child.pid) - cpuBefore) / Math.max(1, pages), 2),
      failed: settled.failed
    }
    const failures = failureList(result.failed)
    log(`  ${at()} ${format}: ${pages} pages in ${result.seconds} s, ${result.pagesPerSecond} pages/s${failures === "" ? "" : `, failed: ${failures}`}`)
    return result
  }
  const pdf = await run("pdf", pdfs, pdfFile.bytes)
  const docx = await run("docx", docxs, docxBytes)

  // Memory: the bench reads /proc beside the service's own sampler; both run from the POST until the batch settles.
  const beforeRssMb = round(service.child.rssMb(), 1)
  let procPeak = 0
  const proc = setInterval(() => (procPeak = Math.max(procPeak, service.child.rssMb())), 50)
  rss.peak = 0
  rss.sampling = true
  const began = performance.now()
  let settled: Settled
  let seconds: number
  try {
    settled = await settle(service.url, seat, await postImports(service.url, seat, large), 100)
    seconds = (performance.now() - began) / 1000
    // The sampler's last lines may still be in the pipe.
    await sleep(150)
  } finally {
    rss.sampling = false
    clearInterval(proc)
  }
  const afterRssMb = round(service.child.rssMb(), 1)
  const uploadedMb = largeBytes / 1024 / 1024
  const peakRssMb = mb(rss.peak)
  const memory: ImportMemory = {
    files: large.length,
    uploadedMb: round(uploadedMb, 1),
    pagesPerFile: largePages,
    seconds: round(seconds, 1),
    beforeRssMb,
    peakRssMb,
    procPeakRssMb: round(procPeak, 1),
    afterRssMb,
    peakPerUploaded: round(peakRssMb / uploadedMb, 2),
    growthPerUploaded: round((peakRssMb - beforeRssMb) / uploadedMb, 2),
    failed: settled.failed
  }
  const failures = failureList(memory.failed)
  log(
    `  ${at()} memory, ${memory.files} files, ${memory.uploadedMb} MB in ${memory.seconds} s: RSS ${beforeRssMb} MB before, peak ${peakRssMb} MB (/proc: ${memory.procPeakRssMb} MB), ${afterRssMb} MB after${
      failures === "" ? "" : `, failed: ${failures}`
    }`
  )
  return { floor, pdf, docx, memory }
}
