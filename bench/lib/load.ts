import { cpuMsOf } from "./child.js"
import { median, quantile, round } from "./stats.js"

export interface LoadOptions {
  /** Concurrent clients, each running one operation at a time. */
  readonly clients: number
  /** Measured time; operations finishing after it are not counted. */
  readonly durationMs: number
  /** Untimed lead-in, so connection set-up and JIT warm-up are not in the numbers. */
  readonly warmupMs?: number
  /** When set, the CPU time this process (the server) spends during the run is divided by the operations it served. */
  readonly serverPid?: number
  /** One operation by client `client`; returns a status (an HTTP status, or 200 for a non-HTTP floor). */
  readonly op: (client: number) => Promise<number>
}

export interface LoadResult {
  readonly clients: number
  readonly seconds: number
  /** Successful (2xx) operations per second: the median over one-second windows. */
  readonly medianRate: number
  /** Successful (2xx) operations per second over the whole measured time. */
  readonly meanRate: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** Mean latency: beside p99, how far the tail stands from the typical request. */
  readonly meanMs: number
  readonly maxMs: number
  readonly count: number
  /** Successes in each whole second of the measured time: a trend (a contract growing slower) shows here. */
  readonly perSecond: ReadonlyArray<number>
  /** How many operations ended with each status (e.g. {"200": 1234, "409": 3}). */
  readonly statuses: Record<string, number>
  /** Statuses of every operation, warm-up and overrun included: what the server actually did. */
  readonly allStatuses: Record<string, number>
  readonly errors: number
  readonly firstError?: string
  /** Server CPU (all its threads) per operation, warm-up included: steadier than a rate on a shared machine. */
  readonly serverCpuMsPerOp?: number
}

/**
 * Closed-loop load: `clients` loops, each starting its next operation when the last one answers.
 * Rates are read per one-second window and the median taken, which shrugs off a slow window
 * (a GC pause, a checkpoint) better than a plain mean on a shared machine.
 */
export const runLoad = async (options: LoadOptions): Promise<LoadResult> => {
  const warmupMs = options.warmupMs ?? 1000
  const start = performance.now()
  const measureFrom = start + warmupMs
  const stopAt = measureFrom + options.durationMs
  const latencies: Array<number> = []
  const windows = new Array<number>(Math.ceil(options.durationMs / 1000)).fill(0)
  const statuses: Record<string, number> = {}
  const allStatuses: Record<string, number> = {}
  let errors = 0
  let succeeded = 0
  let firstError: string | undefined

  const client = async (index: number) => {
    while (performance.now() < stopAt) {
      const began = performance.now()
      let status: number
      try {
        status = await options.op(index)
      } catch (error) {
        errors++
        firstError ??= String(error)
        status = -1
      }
      const ended = performance.now()
      if (status >= 0) allStatuses[status] = (allStatuses[status] ?? 0) + 1
      if (began < measureFrom || ended > stopAt) continue
      latencies.push(ended - began)
      if (status >= 0) statuses[status] = (statuses[status] ?? 0) + 1
      // Only successes count towards the rate: a 409 or a 500 is not throughput.
      if (status >= 200 && status < 300) {
        succeeded++
        windows[Math.min(windows.length - 1, Math.floor((ended - measureFrom) / 1000))]!++
      }
    }
  }
  const cpuBefore = options.serverPid === undefined ? 0 : cpuMsOf(options.serverPid)
  await Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)))
  const served = Object.values(allStatuses).reduce((a, b) => a + b, 0)
  const serverCpuMsPerOp = options.serverPid === undefined ? undefined : round((cpuMsOf(options.serverPid) - cpuBefore) / served, 2)

  const sorted = Float64Array.from(latencies).sort()
  // A last window shorter than a second would read low: count only whole seconds.
  const whole = windows.slice(0, Math.max(1, Math.floor(options.durationMs / 1000)))
  return {
    clients: options.clients,
    seconds: options.durationMs / 1000,
    medianRate: round(median(whole), 0),
    meanRate: round(succeeded / (options.durationMs / 1000), 0),
    p50Ms: round(quantile(sorted, 0.5), 2),
    p99Ms: round(quantile(sorted, 0.99), 2),
    meanMs: round(sorted.reduce((sum, ms) => sum + ms, 0) / Math.max(1, sorted.length), 2),
    maxMs: round(quantile(sorted, 1), 2),
    count: latencies.length,
    perSecond: whole,
    statuses,
    allStatuses,
    errors,
    ...(firstError === undefined ? {} : { firstError }),
    ...(serverCpuMsPerOp === undefined ? {} : { serverCpuMsPerOp })
  }
}
