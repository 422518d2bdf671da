import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Duration, Effect, Exit, Layer } from "effect"
import { readFile } from "node:fs/promises"
import { PDFDocument } from "pdf-lib"
import { ServerConfig } from "../../src/Config.js"
import { ocrCeiling, withOcrConfidence } from "../../src/Domain/Imports/OcrConfidence.js"
import { parseDocument } from "../../src/Domain/Imports/ParseDocument.js"
import { type Extracted, verificationThreshold } from "../../src/Domain/Imports/Parsed.js"
import { extractText } from "../../src/Imports/Extract.js"
import { readScannedPages, withReadings } from "../../src/Imports/Ocr.js"
import { makeFile, makePdf } from "../support/documents.js"
import { sampleAgreement } from "../support/imports.js"
import { scanOf } from "../support/scans.js"

/** The pages of several PDFs, in order, in one file. */
const joined = async (paths: ReadonlyArray<string>, name: string) => {
  const out = await PDFDocument.create()
  for (const path of paths) {
    const source = await PDFDocument.load(await readFile(path))
    for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page)
  }
  return makeFile(name, await out.save())
}

const cpuSeconds = () => {
  const { system, user } = process.cpuUsage()
  return (user + system) / 1e6
}

describe("OCR of pages without a text layer", () => {
  it("reads only the scanned page of a PDF whose other page has text, and leaves only that page's blocks unverified", async () => {
    const textPage = await makePdf([sampleAgreement.slice(0, 6)], "text-page.pdf")
    const scannedPage = await scanOf(await makePdf([sampleAgreement.slice(6)], "scanned-page.pdf"))
    const path = await joined([textPage, scannedPage], "mixed.pdf")
    const layer = await extractText("pdf", path)
    const read = await Effect.runPromise(readScannedPages(path, layer))

    expect(read.ocr?.pages).toEqual([2])
    expect(read.text.slice(read.pages[0]!.start, read.pages[0]!.end)).toBe(layer.text.slice(layer.pages[0]!.start, layer.pages[0]!.end))
    expect(read.text.slice(read.pages[1]!.start, read.pages[1]!.end)).toContain("governed by the laws of the State of New York")
    for (const word of read.ocr!.words) expect(word.start).toBeGreaterThanOrEqual(read.pages[1]!.start)

    const outcome = parseDocument(read)
    if (outcome._tag !== "Parsed") throw new Error(outcome.detail)
    const onPage = (page: number) => outcome.parse.blocks.filter((block) => block.source.page === page)
    expect(onPage(1).filter((block) => block.confidence >= verificationThreshold).length).toBeGreaterThan(3)
    for (const block of onPage(2)) expect(block.confidence).toBeLessThanOrEqual(ocrCeiling)
    expect(Object.fromEntries(outcome.parse.facts.map((fact) => [fact.name, fact.value]))).toMatchObject({
      party_a: "Northwind Traders, Inc.",
      governing_law: "State of New York"
    })
  })

  it("stops reading when the parse's time runs out: no OCR work goes on after the interruption", async () => {
    const path = await scanOf(await makePdf([sampleAgreement, sampleAgreement, sampleAgreement], "three-pages.pdf"))
    const layer = await extractText("pdf", path)
    const exit = await Effect.runPromiseExit(Effect.timeoutFail(readScannedPages(path, layer), {
      duration: Duration.seconds(1.5),
      onTimeout: () => "timed out" as const
    }))
    expect(Exit.isFailure(exit) && exit.cause._tag === "Fail" && exit.cause.error).toBe("timed out")
    // A page takes seconds of a core; a thread left reading would spend most of this second.
    await new Promise((resolve) => setTimeout(resolve, 100))
    const before = cpuSeconds()
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(cpuSeconds() - before).toBeLessThan(0.3)
  })

  it("gives an OCR block the parser's confidence times OCR's, under the threshold, and leaves text-layer blocks alone", () => {
    const layer: Extracted = { text: "Layer clause.\n\nRead clause.", pages: [{ page: 1, start: 0, end: 13 }, { page: 2, start: 15, end: 27 }] }
    const read = withReadings(
      layer,
      new Map([[2, { text: "Read clause.", words: [{ start: 0, end: 4, confidence: 0.9 }, { start: 5, end: 12, confidence: 0.5 }] }]])
    )
    expect(read.text).toBe(layer.text)
    expect(read.ocr).toEqual({ pages: [2], words: [{ start: 15, end: 19, confidence: 0.9 }, { start: 20, end: 27, confidence: 0.5 }] })
    const blocks = withOcrConfidence(read, [
      { kind: "clause", text: "Layer clause.", confidence: 0.95, candidates: [], source: { page: 1, start: 0, end: 13 } },
      { kind: "clause", text: "Read clause.", confidence: 0.95, candidates: [], source: { page: 2, start: 15, end: 27 } },
      { kind: "clause", text: "Read", confidence: 0.95, candidates: [], source: { page: 2, start: 15, end: 19 } }
    ])
    // (4 × 0.9 + 7 × 0.5) / 11 = 0.645, times 0.95.
    expect(blocks.map((block) => block.confidence)).toEqual([0.95, 0.61, ocrCeiling])
  })

  it.effect("is on unless IMPORT_OCR=off, and any other value refuses to start", () =>
    Effect.gen(function*() {
      const read = (env: Record<string, string>) =>
        Effect.provide(ServerConfig, Layer.provide(ServerConfig.fromEnv, Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))))
      expect((yield* read({})).importOcr).toBe(true)
      expect((yield* read({ IMPORT_OCR: "on" })).importOcr).toBe(true)
      expect((yield* read({ IMPORT_OCR: "off" })).importOcr).toBe(false)
      expect(Exit.isFailure(yield* Effect.exit(read({ IMPORT_OCR: "no" })))).toBe(true)
    }))
})
