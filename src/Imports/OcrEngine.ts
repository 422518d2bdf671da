import { Effect } from "effect"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { Worker as Thread } from "node:worker_threads"
import type Tesseract from "tesseract.js"
import type { PageImage } from "./RenderPage.js"

/**
 * Tesseract (tesseract.js 7: its WebAssembly core and the English data of `@tesseract.js-data/eng`,
 * both read from node_modules, nothing fetched) in a worker thread that a scope owns: closing the
 * scope terminates the thread, mid-page if need be, so an import's time limit stops its OCR.
 */

const require = createRequire(import.meta.url)

// tesseract.js starts its thread with `new Worker(path)`, which inherits the process's preloads
// (`--import tsx`, the bench's sampler): the thread runs plain JavaScript and needs none, and one
// that fails there would end the process, as tesseract.js puts no listener on the thread. Its
// spawner is replaced, before tesseract.js reads it, by one that starts the thread bare and hands
// it to `start`, which watches it from the first tick.
let spawned: Thread | undefined
// cast: tesseract.js's internal spawner module ships no types
const threads = require("tesseract.js/src/worker/node/index.js") as { spawnWorker: (options: { workerPath: string }) => Thread }
threads.spawnWorker = ({ workerPath }) => (spawned = new Thread(workerPath, { execArgv: [] }))
// Required after the spawner is replaced, so not imported; `require` answers `any`, typed here.
const tesseract: typeof Tesseract = require("tesseract.js")

// LSTM-only data, the smallest (3 MB): the full 4.0.0 set adds the legacy engine and read our scans no better.
const langPath = join(dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int")

export interface OcrEngine {
  readonly thread: Thread
  readonly ready: Promise<Tesseract.Worker>
  /** Rejects when the engine reports an error or its thread stops: a read races it, so a dead thread fails the read instead of hanging it. */
  readonly broken: Promise<never>
}

const start = (): OcrEngine => {
  let fail: (error: Error) => void = () => {}
  const broken = new Promise<never>((_, reject) => (fail = reject))
  broken.catch(() => {})
  const ready = tesseract.createWorker("eng", tesseract.OEM.LSTM_ONLY, {
    langPath,
    gzip: true,
    // No cache: tesseract.js would otherwise write the data beside the process and read it back from there.
    cacheMethod: "none",
    // Without a handler, tesseract.js throws an engine error in the main thread, which ends the process.
    errorHandler: (error: unknown) => fail(new Error(String(error)))
  })
  ready.catch(() => {})
  // createWorker spawns its thread synchronously, so it is `spawned` here, before any event can reach it.
  const thread = spawned!
  spawned = undefined
  thread.on("error", fail)
  thread.on("exit", (code) => fail(new Error(`the OCR thread stopped (exit code ${code})`)))
  return { thread, ready, broken }
}

/** One engine for a parse: started on acquire (it loads while the first page is drawn), its thread terminated on release. */
export const ocrEngine = Effect.acquireRelease(Effect.sync(start), ({ thread }) => Effect.promise(() => thread.terminate()))

/** Tesseract's reading of one page: its blocks, paragraphs, lines and words, each word with a confidence of 0 to 100. */
export const recognise = (engine: OcrEngine, image: PageImage): Promise<Tesseract.Page> =>
  Promise.race([
    engine.ready.then((worker) =>
      // The PGM carries no resolution: Tesseract is told the one the page was drawn at instead of guessing.
      // cast: user_defined_dpi is a Tesseract parameter tesseract.js passes through but does not declare
      worker.recognize(image.pgm, { user_defined_dpi: String(image.dpi) } as Partial<Tesseract.RecognizeOptions>, { text: false, blocks: true })
    ).then((result) => result.data),
    engine.broken
  ])
