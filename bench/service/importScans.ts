import { Effect } from "effect"
import { mkdirSync } from "node:fs"
import type http from "node:http"
import { join } from "node:path"
import { parseDocument } from "../../src/Domain/Imports/ParseDocument.js"
import { extractText } from "../../src/Imports/Extract.js"
import { readScannedPages } from "../../src/Imports/Ocr.js"
import { cpuMsOf } from "../lib/child.js"
import { contractParagraphs, makePdf } from "../lib/documents.js"
import { makeScan } from "../lib/scans.js"
import { round } from "../lib/stats.js"
import { createOrg } from "./actors.js"
import { failureList, type ImportRun, type ImportSettings, type ParseFloor, postImports, type RssWindow, settle } from "./imports.js"
import type { Service } from "./service.js"

/** Scans: OCR pages per second in-process and through the service, and the service's RSS while it reads them. */
export interface ScanResults {
  readonly floor: ParseFloor
  readonly run: ImportRun
  readonly memory: {
    readonly beforeRssMb: number
    /** The service's own sampler (every 50 ms) and /proc, from the POST until every scan settled. */
    readonly peakRssMb: number
    readonly procPeakRssMb: number
    readonly afterRssMb: number
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Extract, OCR and parse each scan in turn in the bench's process, as the service's worker does. */
const scanFloor = async (paths: ReadonlyArray<string>, pagesPerFile: number): Promise<ParseFloor> => {
  const began = performance.now()
  for (const path of paths) {
    const read = await Effect.runPromise(readScannedPages(path, await extractText("pdf", path)))
    const outcome = parseDocument(read)
    if (outcome._tag !== "Parsed") throw new Error(`the bench's scan did not parse: ${outcome.reason} ${outcome.detail}`)
  }
  const seconds = (performance.now() - began) / 1000
  const pages = paths.length * pagesPerFile
  return { files: paths.length, pages, seconds: round(seconds, 2), pagesPerSecond: round(pages / seconds, 2) }
}

/**
 * `scanFiles` scans of about `scanPages` pages (the bench's contract drawn at 200 dpi, no text
 * layer) in one batch through `POST /imports`, timed from the POST until every import settled,
 * with the service's RSS sampled throughout; beside it the floor, one scan read in-process.
 */
export const scanFlow = async (
  service: Service,
  agent: http.Agent,
  dir: string,
  settings: ImportSettings,
  rss: RssWindow,
  log: (line: string) => void,
  at: () => string
): Promise<ScanResults> => {
  mkdirSync(dir, { recursive: true })
  const scans: Array<string> = []
  let pagesPerFile = 0
  let bytesPerFile = 0
  // Every scan differs (its title's number), so the asset store keeps each; 40 lines a page of text at 10 pt.
  for (let copy = 1; copy <= settings.scanFiles + 1; copy++) {
    const text = join(dir, `text-${copy}.pdf`)
    pagesPerFile = (await makePdf(text, contractParagraphs(settings.scanPages, 100 + copy))).pages
    scans.push(join(dir, `scan-${copy}.pdf`))
    bytesPerFile = await makeScan(text, scans.at(-1)!)
  }
  log(`  ${at()} made ${scans.length} scans of ${pagesPerFile} pages (${round(bytesPerFile / 1024, 0)} KB)`)
  const floor = await scanFloor(scans.slice(0, 1), pagesPerFile)
  log(`  ${at()} floor, extract + OCR + parse in-process: ${floor.pagesPerSecond} pages/s (${round(floor.seconds / floor.pages, 2)} s a page)`)

  const seat = await createOrg(service.url, agent, "Scanner Ltd", "Sid Scanner")
  const batch = scans.slice(1)
  const beforeRssMb = round(service.child.rssMb(), 1)
  let procPeak = 0
  const proc = setInterval(() => (procPeak = Math.max(procPeak, service.child.rssMb())), 50)
  rss.peak = 0
  rss.sampling = true
  const cpuBefore = cpuMsOf(service.child.pid)
  const began = performance.now()
  let seconds: number
  let settled: Awaited<ReturnType<typeof settle>>
  try {
    settled = await settle(service.url, seat, await postImports(service.url, seat, batch), 100)
    seconds = (performance.now() - began) / 1000
    await sleep(150)
  } finally {
    rss.sampling = false
    clearInterval(proc)
  }
  const pages = settled.parsed.length * pagesPerFile
  const run: ImportRun = {
    format: "scan",
    files: batch.length,
    pagesPerFile,
    bytesPerFile,
    pages,
    seconds: round(seconds, 2),
    pagesPerSecond: round(pages / seconds, 2),
    serverCpuMsPerPage: round((cpuMsOf(service.child.pid) - cpuBefore) / Math.max(1, pages), 0),
    failed: settled.failed
  }
  const memory = {
    beforeRssMb,
    peakRssMb: round(rss.peak / 1024 / 1024, 1),
    procPeakRssMb: round(procPeak, 1),
    afterRssMb: round(service.child.rssMb(), 1)
  }
  const failures = failureList(run.failed)
  log(
    `  ${at()} scans: ${pages} pages in ${run.seconds} s, ${run.pagesPerSecond} pages/s, server CPU ${run.serverCpuMsPerPage} ms a page; RSS ${beforeRssMb} MB before, peak ${memory.peakRssMb} MB (/proc: ${memory.procPeakRssMb} MB), ${memory.afterRssMb} MB after${
      failures === "" ? "" : `, failed: ${failures}`
    }`
  )
  return { floor, run, memory }
}
