import { afterAll } from "@effect/vitest"
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { adminToken } from "./service.js"
import { built } from "./builtService.js"

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port
      server.close(() => resolve(port))
    })
  })

// Every server this suite starts, so none outlives it even when a test times out.
const children = new Set<ChildProcess>()
afterAll(() => {
  for (const child of children) child.kill("SIGKILL")
})

/** What a launched server wrote: its last 20 KB, and every warning Node printed (`(node:…) …Warning: …`). */
export interface Output {
  tail: string
  readonly warnings: Array<string>
}
const outputs = new WeakMap<ChildProcess, Output>()
export const outputOf = (child: ChildProcess): Output => outputs.get(child) ?? { tail: "", warnings: [] }

const listen = (child: ChildProcess) => {
  const output: Output = { tail: "", warnings: [] }
  outputs.set(child, output)
  const read = (chunk: Buffer) => {
    const text = chunk.toString()
    output.tail = (output.tail + text).slice(-20_000)
    output.warnings.push(...text.split("\n").filter((line) => /^\(node:\d+\) \w*Warning: /.test(line)))
  }
  child.stdout!.on("data", read)
  child.stderr!.on("data", read)
}

/** What `npm start` runs once it has compiled the service (scripts/build.mjs; the run's global setup builds it). */
const servicePath = built("src/main.ts")

/** The real service as `npm start` runs it, in its own process, so SIGKILL is a real crash. */
export const launch = async (port: number, env: Record<string, string>): Promise<ChildProcess> => {
  const child = spawn(process.execPath, [servicePath], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      ADMIN_TOKEN: adminToken,
      PUBLIC_URL: "http://localhost",
      RATE_LIMIT_READS_PER_MINUTE: "1000000",
      RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
      RATE_LIMIT_SEND_SIGN_PER_MINUTE: "1000000"
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  children.add(child)
  listen(child)
  child.once("exit", () => children.delete(child))
  // Three runners starting at once on a machine other suites keep busy took over a minute.
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    // While it starts it answers 503 (never a hang: each poll has a deadline); then 401 for no key.
    const status = await fetch(`http://127.0.0.1:${port}/me`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0)
    if (status === 401) return child
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill("SIGKILL")
  throw new Error(`the service did not start; it wrote:\n${outputOf(child).tail.slice(-3000)}`)
}

export const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGKILL")
  })

/** Starts the service expecting it to refuse: its exit code and what it wrote, within a deadline. */
export const refusedStart = (port: number, env: Record<string, string>) =>
  new Promise<{ readonly code: number | null; readonly output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [servicePath], {
      env: { ...process.env, ...env, PORT: String(port), ADMIN_TOKEN: adminToken },
      stdio: ["ignore", "pipe", "pipe"]
    })
    children.add(child)
    let output = ""
    child.stdout!.on("data", (chunk) => (output += chunk))
    child.stderr!.on("data", (chunk) => (output += chunk))
    const deadline = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`the service did not refuse to start: ${output}`))
    }, 60_000)
    child.once("exit", (code) => {
      clearTimeout(deadline)
      children.delete(child)
      resolve({ code, output })
    })
  })
