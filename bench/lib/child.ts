import { type ChildProcess, spawn } from "node:child_process"
import { closeSync, createWriteStream, openSync, readFileSync } from "node:fs"
import net from "node:net"
import http from "node:http"

/** A free loopback port: bind to 0, read it, let it go. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export interface Child {
  readonly pid: number
  readonly process: ChildProcess
  /** Resident set size of the child, in MB, from /proc (the kernel's number, not the child's own). */
  readonly rssMb: () => number
  /** SIGINT, so the service shuts down cleanly (and a --cpu-prof profile is written); SIGKILL if it hangs. */
  readonly stop: () => Promise<void>
}

export interface ChildOptions {
  readonly args: ReadonlyArray<string>
  readonly env: Record<string, string | undefined>
  readonly cwd: string
  /** stdout and stderr go here, so a failure can be read after the run. */
  readonly logFile: string
  /**
   * "file" (the default): the child writes its output straight into logFile, as a service whose
   * operator sends its log to a file or journald; its probes' lines come on a pipe of their own.
   * "pipe": its output is a pipe this process reads and copies to logFile, probes' lines among it.
   * A pipe's writes are synchronous in Node on Linux, so a child logging a line a request into a
   * pipe whose reader is busy (this process, driving the load) stalls until the reader drains it.
   */
  readonly output?: "file" | "pipe"
  /** Called with each line a probe in the child writes (bench/lib/probeLine.ts), for children that report so. */
  readonly onLine?: (line: string) => void
}

/** Splits chunks into lines for `onLine`. */
const lineReader = (onLine: ((line: string) => void) | undefined) => {
  let pending = ""
  return (chunk: Buffer) => {
    if (onLine === undefined) return
    pending += chunk.toString("utf8")
    const lines = pending.split("\n")
    pending = lines.pop()!
    for (const line of lines) onLine(line)
  }
}

export const rssOf = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/** CPU time (user + system, all threads) the process has used so far, in ms. */
export const cpuMsOf = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Starts `node <args>` as a separate process: the load comes from this one, over loopback. */
export const startChild = (options: ChildOptions): Child => {
  const toFile = (options.output ?? "file") === "file"
  const logFd = toFile ? openSync(options.logFile, "w") : undefined
  const child = spawn(process.execPath, [...options.args], {
    cwd: options.cwd,
    env: { ...options.env, ...(toFile ? { BENCH_LINES_FD: "3" } : {}) } as NodeJS.ProcessEnv,
    stdio: toFile ? ["ignore", logFd, logFd, "pipe"] : ["ignore", "pipe", "pipe"]
  })
  const log = toFile ? undefined : createWriteStream(options.logFile)
  if (logFd !== undefined) closeSync(logFd)
  const onChunk = lineReader(options.onLine)
  if (toFile) {
    child.stdio[3]!.on("data", onChunk)
  } else {
    child.stdout!.on("data", (chunk: Buffer) => {
      log!.write(chunk)
      onChunk(chunk)
    })
    child.stderr!.on("data", (chunk: Buffer) => log!.write(chunk))
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  return {
    pid: child.pid!,
    process: child,
    rssMb: () => rssOf(child.pid!),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGINT")
        const killer = setTimeout(() => child.kill("SIGKILL"), 15_000)
        await exited
        clearTimeout(killer)
      }
      log?.end()
    }
  }
}

/** Waits until something answers HTTP on the URL (any status but 503), or the child dies, or time runs out. */
export const waitForHttp = async (url: string, child: Child, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`the child exited with ${child.process.exitCode} before answering on ${url}`)
    const up = await new Promise<boolean>((resolve) => {
      const req = http.get(url, (res) => {
        res.resume()
        // 503 is a server that is listening but still starting.
        resolve(res.statusCode !== 503)
      })
      req.on("error", () => resolve(false))
      // A request that lands while the server is still starting may never be answered: give up on it.
      req.setTimeout(1000, () => req.destroy())
    })
    if (up) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`nothing answered on ${url} within ${timeoutMs} ms`)
}
