import { join } from "node:path"
import { freePort, startChild, waitForHttp } from "../lib/child.js"
import { runLoad, type LoadResult } from "../lib/load.js"
import { connectionPool } from "../lib/rawClient.js"

/** The bare node:http server in its own process, loaded from this one at `connections` keep-alive connections. */
export const httpFloor = async (repo: string, connections: number, durationMs: number, logFile: string): Promise<LoadResult> => {
  const port = await freePort()
  const child = startChild({
    args: ["--import", "tsx", join(repo, "bench/floors/bareServer.ts")],
    cwd: repo,
    env: { PATH: process.env.PATH, PORT: String(port) },
    logFile
  })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(base, child)
    const pool = connectionPool(base, connections)
    const result = await runLoad({ clients: connections, durationMs, serverPid: child.pid, op: (client) => pool.at(client).request("GET", "/", {}) })
    pool.close()
    return result
  } finally {
    await child.stop()
  }
}
