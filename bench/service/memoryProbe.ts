// Loaded into the service for the memory flow only (node --expose-gc --import this file).
// On SIGUSR2 it runs a full collection and tells the bench the process's memory on one line, so
// the bench can read memory that is really retained, not garbage the collector has not reached.
import { probeLine } from "../lib/probeLine.js"

process.on("SIGUSR2", () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
  probeLine(`BENCH_MEMORY ${JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers })}`)
})
