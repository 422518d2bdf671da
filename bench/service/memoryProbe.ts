// Loaded into the service for the memory flow only (node --expose-gc --import this file).
// On SIGUSR2 it runs a full collection and prints the process's memory on one stdout line, so
// the bench can read memory that is really retained, not garbage the collector has not reached.
process.on("SIGUSR2", () => {
  ;(globalThis as { gc?: () => void }).gc?.()
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage()
  process.stdout.write(`BENCH_MEMORY ${JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers })}\n`)
})
