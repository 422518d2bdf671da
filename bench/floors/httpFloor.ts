import { join } from "node:path"
import { type Child, freePort, startChild, waitForHttp } from "../lib/child.js"
import { runLoad, type LoadResult } from "../lib/load.js"
import { connectionPool } from "../lib/rawClient.js"

/** The floor servers: bare node:http, and one trivial HttpApi endpoint on the service's stack. */
export const floorServers = {
  bare: { script: "bench/floors/bareServer.ts", path: (_n: number) => "/" },
  framework: { script: "bench/floors/httpApiServer.ts", path: (n: number) => `/floor/con_floor${n % 1000}` }
} as const

export type FloorServer = keyof typeof floorServers

export interface RunningFloor {
  readonly base: string
  readonly child: Child
  /** The path of the n-th request. */
  readonly path: (n: number) => string
}

/** A floor server in its own process, like the service, so the load crosses the same loopback. */
export const startFloor = async (
  repo: string,
  server: FloorServer,
  logFile: string,
  /** Modules loaded before the server (the tail flow's loop probe), and a reader of its stdout. */
  extra: { readonly preload?: ReadonlyArray<string>; readonly onLine?: (line: string) => void } = {}
): Promise<RunningFloor> => {
  const port = await freePort()
  const { path, script } = floorServers[server]
  const child = startChild({
    args: ["--import", "tsx", ...(extra.preload ?? []).flatMap((module) => ["--import", module]), join(repo, script)],
    cwd: repo,
    env: { PATH: process.env.PATH, PORT: String(port) },
    logFile,
    ...(extra.onLine === undefined ? {} : { onLine: extra.onLine })
  })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${base}${path(0)}`, child)
  } catch (error) {
    await child.stop()
    throw error
  }
  return { base, child, path }
}

/** Closed-loop load of `connections` keep-alive connections from this process against a running floor. */
export const loadFloor = async (floor: RunningFloor, connections: number, durationMs: number): Promise<LoadResult> => {
  const pool = connectionPool(floor.base, connections)
  let next = 0
  const result = await runLoad({
    clients: connections,
    durationMs,
    serverPid: floor.child.pid,
    op: (client) => pool.at(client).request("GET", floor.path(next++), {})
  })
  pool.close()
  return result
}

/** A floor server in its own process, loaded from this one at `connections` keep-alive connections. */
export const httpFloor = async (
  repo: string,
  connections: number,
  durationMs: number,
  logFile: string,
  server: FloorServer = "bare"
): Promise<LoadResult> => {
  const floor = await startFloor(repo, server, logFile)
  try {
    return await loadFloor(floor, connections, durationMs)
  } finally {
    await floor.child.stop()
  }
}
