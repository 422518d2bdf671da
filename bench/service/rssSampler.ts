// Loaded into the service for the import flow only (node --import this file). Every 50 ms it reads
// the process's resident set size with process.memoryUsage.rss() and tells the bench on one line,
// so the bench can take the peak over any window. The timer is unref'd: it never keeps the service up.
import { probeLine } from "../lib/probeLine.js"

const everyMs = Number(process.env.BENCH_RSS_EVERY_MS ?? 50)

setInterval(() => probeLine(`BENCH_RSS ${process.memoryUsage.rss()}`), everyMs).unref()
