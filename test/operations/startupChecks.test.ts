import { afterAll, describe, expect, it } from "@effect/vitest"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort, refusedStart } from "../support/childService.js"

const scratch = mkdtempSync(join(tmpdir(), "cns-startup-"))
const dataDir = (name: string) => join(scratch, name)
const aFile = join(scratch, "a-file")
writeFileSync(aFile, "not a directory")

let taken: Server | undefined
afterAll(() => {
  taken?.close()
  rmSync(scratch, { recursive: true, force: true })
})

const occupied = async () => {
  const port = await freePort()
  taken = createServer()
  await new Promise<void>((resolve) => taken!.listen(port, resolve))
  return port
}

// Each a setting an operator may get wrong, with the setting the one line must name.
const cases: ReadonlyArray<{ readonly setting: string; readonly env: () => Promise<Record<string, string>>; readonly port?: () => Promise<number> }> = [
  { setting: "DATA_DIR", env: async () => ({ DATA_DIR: join(aFile, "data") }) },
  { setting: "DATABASE_URL", env: async () => ({ DATABASE_URL: "mysql://db.example.com/contracts" }) },
  // Nothing listens there: the database cannot be reached, a mistake the URL's shape does not show.
  { setting: "DATABASE_URL", env: async () => ({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/contracts` }) },
  { setting: "PUBLIC_URL", env: async () => ({ DATA_DIR: dataDir("public"), PUBLIC_URL: "contracts.example.com" }) },
  { setting: "PORT", env: async () => ({ DATA_DIR: dataDir("port") }), port: occupied },
  { setting: "RUNNER_ADDRESS", env: async () => ({ DATA_DIR: dataDir("runner"), RUNNER_ADDRESS: `127.0.0.1:${await freePort()}` }) },
  { setting: "RATE_LIMIT_READS_PER_MINUTE", env: async () => ({ DATA_DIR: dataDir("rate"), RATE_LIMIT_READS_PER_MINUTE: "lots" }) }
]

describe("start-up checks", () => {
  it("refuses each bad setting with one line naming it and what to do, a non-zero exit and no stack trace", async () => {
    // They fail fast, so they run at once: one start's cost for all of them.
    const refused = await Promise.all(cases.map(async (c) => ({ ...c, ...(await refusedStart(await (c.port ?? freePort)(), await c.env())) })))
    for (const { code, output, setting } of refused) {
      const lines = output.trim().split("\n")
      expect(code, output).not.toBe(0)
      expect(lines, output).toHaveLength(1)
      expect(lines[0]).toMatch(new RegExp(`^Cannot start: ${setting}\\b`))
      // What to do, not only what is wrong.
      expect(lines[0]).toMatch(/ (set|check|make|stop|fix|point|write)\b/i)
      expect(output).not.toMatch(/^\s+at /m)
    }
    // A connection URL holds a password: its value is never printed.
    expect(refused[1]!.output).not.toContain("db.example.com")
  }, 240_000)
})
