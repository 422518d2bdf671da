import { describe, expect, it } from "@effect/vitest"
import { parseCircular, parseDependencyTree } from "dpdm"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"

const root = new URL("..", import.meta.url).pathname

// Type-only imports count: a cycle through types still ties the files' meanings together.
const cyclesUnder = async (pattern: string, context: string) => {
  const tree = await parseDependencyTree(join(context, pattern), {
    context,
    tsconfig: join(root, "tsconfig.json"),
    transform: false,
    skipDynamicImports: false
  })
  return { files: Object.keys(tree).length, cycles: parseCircular(tree).map((cycle) => cycle.map((file) => relative(context, join(context, file)))) }
}

describe("the source's structure", () => {
  it("has no import cycle anywhere in src/", async () => {
    const { cycles, files } = await cyclesUnder("src/**/*.ts", root)
    expect(files).toBeGreaterThan(100)
    expect(cycles).toEqual([])
  })

  it("the cycle check sees a cycle through type imports", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cycle-"))
    writeFileSync(join(dir, "a.ts"), `import type { B } from "./b.js"\nexport interface A { readonly b: B }\n`)
    writeFileSync(join(dir, "b.ts"), `import type { A } from "./a.js"\nexport interface B { readonly a: A }\n`)
    expect((await cyclesUnder("*.ts", dir)).cycles).toHaveLength(1)
  })
})
