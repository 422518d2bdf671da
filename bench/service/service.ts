import { mkdirSync, renameSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Child, freePort, startChild, waitForHttp } from "../lib/child.js"

export const adminToken = "adm_bench_token"

/**
 * Where the service's log goes. "file" (the default): straight into logFile, as an operator's goes
 * to a file or journald. "pipe": into a pipe the bench reads while it drives the load, as every run
 * did before 2026-12-04. "off": into logFile with LOG_LEVEL=warn, so no request lines at all.
 */
export type ServiceLog = "file" | "pipe" | "off"

export interface ServiceOptions {
  readonly repo: string
  /** A postgres:// URL, or undefined for the embedded default (PGlite in dataDir). */
  readonly databaseUrl: string | undefined
  readonly dataDir: string
  readonly logFile: string
  readonly log?: ServiceLog
  readonly idleSeconds?: number
  /** Load the profiler (service/profiler.ts) and write CPU profiles of chosen windows here. */
  readonly profileDir?: string
  /** Extra modules to load before the service (the memory probe). */
  readonly preload?: ReadonlyArray<string>
  readonly nodeFlags?: ReadonlyArray<string>
  readonly onLine?: (line: string) => void
  /** More environment for the child (a runner's RUNNER_ADDRESS and ASSET_DIR), over the defaults. */
  readonly env?: Record<string, string | undefined>
  /** How long to wait for it to answer: several runners starting together on a busy machine take longer. */
  readonly startTimeoutMs?: number
}

export interface Service {
  readonly url: string
  readonly child: Child
  /** Runs `work` with the service's CPU profiler on, into <profileDir>/<name>.cpuprofile; just runs it without --profile. */
  readonly profiled: <A>(name: string, work: () => Promise<A>) => Promise<A>
}

const profilerModule = fileURLToPath(new URL("./profiler.ts", import.meta.url))

// Rate limits high enough never to bite: the bench measures the service, not its throttle.
const unlimited = "1000000000"

/** `npm start`, as a child process on a free port: node --import tsx src/main.ts. */
export const startService = async (options: ServiceOptions): Promise<Service> => {
  const port = await freePort()
  const preload = [...(options.preload ?? []), ...(options.profileDir === undefined ? [] : [profilerModule])]
  const flags = [...(options.nodeFlags ?? []), "--import", "tsx", ...preload.flatMap((module) => ["--import", module])]
  let profileLine: ((line: string) => void) | undefined
  if (options.profileDir !== undefined) mkdirSync(options.profileDir, { recursive: true })
  const child = startChild({
    args: [...flags, join(options.repo, "src/main.ts")],
    cwd: options.repo,
    logFile: options.logFile,
    output: options.log === "pipe" ? "pipe" : "file",
    onLine: (line) => {
      if (line.startsWith("BENCH_PROFILE ")) profileLine?.(line.slice("BENCH_PROFILE ".length))
      else options.onLine?.(line)
    },
    env: {
      BENCH_PROFILE_DIR: options.profileDir,
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      ADMIN_TOKEN: adminToken,
      RATE_LIMIT_READS_PER_MINUTE: unlimited,
      RATE_LIMIT_WRITES_PER_MINUTE: unlimited,
      RATE_LIMIT_SEND_SIGN_PER_MINUTE: unlimited,
      CONTRACT_IDLE_SECONDS: options.idleSeconds === undefined ? undefined : String(options.idleSeconds),
      ...(options.log === "off" ? { LOG_LEVEL: "warn" } : {}),
      ...options.env
    }
  })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${url}/templates`, child, options.startTimeoutMs)
  } catch (error) {
    await child.stop()
    throw new Error(`${String(error)}; see ${options.logFile}`, { cause: error })
  }
  const toggle = () =>
    new Promise<string>((resolve) => {
      profileLine = resolve
      child.process.kill("SIGUSR2")
    })
  const profiled = async <A>(name: string, work: () => Promise<A>): Promise<A> => {
    if (options.profileDir === undefined) return work()
    await toggle()
    try {
      return await work()
    } finally {
      renameSync(await toggle(), join(options.profileDir, `${name}.cpuprofile`))
    }
  }
  return { url, child, profiled }
}
