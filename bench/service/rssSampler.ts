// Loaded into the service for the import flow only (node --import this file). Every 50 ms it reads
// the process's resident set size with process.memoryUsage.rss() and prints it on one stdout line,
// so the bench can take the peak over any window. The timer is unref'd: it never keeps the service up.
const everyMs = Number(process.env.BENCH_RSS_EVERY_MS ?? 50)

setInterval(() => process.stdout.write(`BENCH_RSS ${process.memoryUsage.rss()}\n`), everyMs).unref()
