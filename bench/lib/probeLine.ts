import { writeSync } from "node:fs"

// A probe loaded into a child (the profiler, the memory probe, the RSS sampler, the loop probe) tells
// the bench what it saw on a line of its own. When the bench sends the child's output to a file, as
// an operator would, the probes' lines come back on a pipe of their own, fd BENCH_LINES_FD
// (bench/lib/child.ts); otherwise they share stdout with the service's log.
const fd = process.env.BENCH_LINES_FD === undefined ? undefined : Number(process.env.BENCH_LINES_FD)

/** One line to the bench: rare and short, so a blocking write is fine. */
export const probeLine = (line: string) => {
  if (fd === undefined) process.stdout.write(`${line}\n`)
  else writeSync(fd, `${line}\n`)
}
