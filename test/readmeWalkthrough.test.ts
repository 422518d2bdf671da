import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./support/childService.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, startService } from "./support/service.js"

const repo = new URL("..", import.meta.url).pathname
const readme = readFileSync(join(repo, "README.md"), "utf8")

// The sections a reader pastes into one shell, in order; the others start servers or describe config.
const walkthroughs = [
  "Walkthrough with curl",
  "Negotiating with curl",
  "Webhooks with curl",
  "Drafting from a sentence",
  "Importing with curl",
  "Agents and mail with curl",
  "After signing with curl"
]

/** The indented lines of one `## ` section, less a block that is a client's JSON setting rather than shell. */
const commandsOf = (heading: string) => {
  const section = readme.split(/^## /m).find((part) => part.startsWith(heading))
  if (section === undefined) throw new Error(`README: no section '${heading}'`)
  const lines = section.split("\n").filter((line) => line.startsWith("    "))
  return lines.filter((line) => !/^\s+(\{"mcpServers"|"headers")/.test(line)).map((line) => line.slice(4)).join("\n")
}

interface Ran {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

const bash = (script: string, cwd: string) =>
  new Promise<Ran>((resolve) => {
    const child = spawn("bash", ["-c", script], { cwd })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += chunk))
    child.stderr.on("data", (chunk) => (stderr += chunk))
    child.on("close", (code) => resolve({ code, stdout, stderr }))
  })

describe("the README's walkthroughs, pasted one after another into one shell", () => {
  let service: Running
  let receiver: ChildProcess
  let receiverOut = ""
  let dir: string
  let ports: { smtp: number; receiver: number }
  beforeAll(async () => {
    ports = { smtp: await freePort(), receiver: await freePort() }
    // Links the service hands out (certificates) are fetched as written, so they name its port.
    service = await startService(databases[0]!, { ingressSmtpPort: ports.smtp, port: await freePort() })
    // A reader's working directory: the repository's files, and room for what the walkthroughs write.
    dir = mkdtempSync(join(tmpdir(), "cns-readme-"))
    for (const entry of ["package.json", "node_modules", "src", "docs", "scripts", "tsconfig.json"]) symlinkSync(join(repo, entry), join(dir, entry))
  }, 120_000)
  afterAll(async () => {
    receiver?.kill()
    await service.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("runs every command as written: no 5xx, no failed command, mail and webhooks arriving", async () => {
    const script = walkthroughs.map(commandsOf).join("\n")
      .replace("B=localhost:4000", `B=${new URL(service.url).host}`)
      .replaceAll("$(cat data/admin-token)", adminToken)
      .replaceAll("smtp://localhost:2525", `smtp://127.0.0.1:${ports.smtp}`)
      .replaceAll("http://127.0.0.1:4400/hooks", `http://127.0.0.1:${ports.receiver}/hooks`)
      // The receiver runs in its own terminal: here, beside the shell.
      .replace(/^npm run receiver.*$/m, "")
    receiver = spawn("npx", ["tsx", "scripts/webhook-receiver.ts"], { cwd: dir, env: { ...process.env, RECEIVER_PORT: String(ports.receiver) } })
    receiver.stdout!.on("data", (chunk) => (receiverOut += chunk))
    await new Promise<void>((resolve) => receiver.stdout!.once("data", () => resolve()))
    // Every answer's status goes to stderr, so the commands' own output stays as a reader sees it.
    const prelude = "set -eo pipefail\ncurl() { command curl -w '%{stderr}HTTP %{http_code} %{method} %{url_effective}\\n' \"$@\"; }\n"
    const ran = await bash(prelude + script, dir)
    const statuses = [...ran.stderr.matchAll(/^HTTP (\d{3}) (\S+) (\S+)$/gm)].map(([, status, method, url]) => ({ status: Number(status), method, url }))
    expect({ code: ran.code, stderr: ran.stderr.split("\n").filter((line) => !line.startsWith("HTTP ")).join("\n").slice(-2000) }).toEqual({
      code: 0,
      stderr: ""
    })
    expect(statuses.length).toBeGreaterThan(80)
    expect(statuses.filter(({ status }) => status >= 500)).toEqual([])
    expect(statuses.filter(({ status }) => status >= 400)).toEqual([])
    // What the prose promises: the certificate verifies, the receiver checks signatures, mail becomes a contract.
    expect(ran.stdout).toContain("Signature Verified Successfully")
    expect(ran.stdout.slice(ran.stdout.indexOf("Signature Verified"), ran.stdout.indexOf("Signature Verified") + 600)).toContain("Certificate verified")
    expect(receiverOut).toMatch(/reply\.sent evt_\S+ #\d+ con_\S+ \[verified\]/)
    expect(ran.stdout).toContain("{\"origin\":\"email\",\"state\":\"draft\"}")
  }, 240_000)
})
