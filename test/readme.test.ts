import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8")
const ignored = readFileSync(new URL("../.gitignore", import.meta.url), "utf8").split("\n").map((line) => line.trim())
/** The indented command blocks of the README: what a reader pastes into a shell. */
const commands = readme.split("\n").filter((line) => line.startsWith("    ")).join("\n")

describe("the README", () => {
  it("never has the reader copy an id by hand: every id comes from an answer, facts picked by name", () => {
    expect(commands).not.toMatch(/=(con|fct|per|sk_test|sk_live|blk|ask)_…/)
    expect(commands).not.toMatch(/\.facts\[0\]/)
    expect(commands).toMatch(/select\(\.name=="party_b"\)/)
  })

  it("git-ignores every file its walkthroughs write", () => {
    const written = [...commands.matchAll(/-o\s+([\w.-]+)/g)].map((match) => match[1]!)
    expect(written.length).toBeGreaterThan(0)
    for (const file of written) expect(ignored, file).toContain(file)
  })

  it("says what the PostgreSQL test runs need", () => {
    expect(readme).toMatch(/PostgreSQL 13 or later/)
    expect(readme).toMatch(/may create databases/)
  })
})
