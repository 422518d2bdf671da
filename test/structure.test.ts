import { describe, expect, it } from "@effect/vitest"
import { parseCircular, parseDependencyTree } from "dpdm"
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

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

const sourceFiles = (readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" }))
  .filter((file) => file.endsWith(".ts"))
  .map((file) => join("src", file))

/** `src/Negotiation.ts` and everything under `src/Negotiation/` belong to the capability `Negotiation`. */
const capabilityOf = (file: string) => file.split("/")[1]!.replace(/\.ts$/, "")

/** Each import of a capability's Repo.ts from outside that capability; the composition root wires them all. */
const foreignRepoImports = () =>
  sourceFiles.filter((file) => file !== "src/Server.ts").flatMap((file) =>
    [...readFileSync(join(root, file), "utf8").matchAll(/from "(\.[^"]*\/Repo\.js)"/g)]
      .map((match) => relative(root, resolve(root, dirname(file), match[1]!)))
      .filter((repo) => capabilityOf(repo) !== capabilityOf(file))
      .map((repo) => `${file} -> ${repo}`)
  )

// Parsed once for the checks that follow imports through the whole tree.
let sourceTree: ReturnType<typeof parseDependencyTree> | undefined

/** Every src/ file the files under `prefix` import, directly or through others, themselves included. */
const reachedFrom = async (prefix: string) => {
  sourceTree ??= parseDependencyTree("src/**/*.ts", { context: root, tsconfig: join(root, "tsconfig.json"), transform: false, skipDynamicImports: false })
  const tree = await sourceTree
  const reached = new Set<string>()
  const walk = (file: string) => {
    if (reached.has(file)) return
    reached.add(file)
    for (const dependency of tree[file] ?? []) if (dependency.id?.startsWith("src/")) walk(dependency.id)
  }
  for (const file of Object.keys(tree)) if (file.startsWith(prefix)) walk(file)
  return [...reached].sort()
}

// The floors below the write engine, which it may build on: the pure core, storage, the cluster's
// signals and the doorbells it rings, configuration, ids, the actor's type, the request key a
// write is stored under, metrics and tracing, and the template catalogue a draft starts from.
const belowTheEngine: ReadonlyArray<string> = [
  "src/Domain/",
  "src/Sql/",
  "src/Cluster/",
  "src/Doorbells/",
  "src/Config.ts",
  "src/RandomIds.ts",
  "src/Auth/Actor.ts",
  "src/Idempotency/RequestKey.ts",
  "src/Idempotency/ClaimOfWrite.ts",
  "src/Operations/Metrics.ts",
  "src/Operations/Tracing.ts",
  "src/Operations/StartupChecks.ts",
  "src/Templates/Catalog.ts"
]

describe("the source's structure", () => {
  it("keeps the write engine (src/Engine/) below the capabilities: all it reaches is itself and the floors below it, never a capability, the gateway or src/Http/", async () => {
    const reached = await reachedFrom("src/Engine/")
    expect(reached.filter((file) => file.startsWith("src/Engine/")).length).toBeGreaterThan(10)
    expect(reached.filter((file) => !file.startsWith("src/Engine/") && !belowTheEngine.some((floor) => file.startsWith(floor)))).toEqual([])
  })

  it("the engine's check sees a capability reached through other files", async () => {
    // The drafting capability's routes reach the engine, and through their schemas other capabilities.
    const reached = await reachedFrom("src/Contracts/Api.ts")
    const aboveTheEngine = reached.filter((file) => !file.startsWith("src/Engine/") && !belowTheEngine.some((floor) => file.startsWith(floor)))
    expect(aboveTheEngine).toContain("src/Signatures/Schemas.ts")
    expect(aboveTheEngine).toContain("src/Http/Schemas.ts")
  })

  it("keeps each capability's Repo.ts to itself: others go through its service", () => {
    expect(sourceFiles.length).toBeGreaterThan(100)
    expect(foreignRepoImports()).toEqual([])
  })

  it("keeps src/Http/ to what every floor's interface shares: it imports the domain, itself and the actor's type, never the gateway or a capability", () => {
    const allowed = (target: string) => target.startsWith("src/Domain/") || target.startsWith("src/Http/") || target === "src/Auth/Actor.ts"
    const upward = sourceFiles.filter((file) => file.startsWith("src/Http/")).flatMap((file) =>
      [...readFileSync(join(root, file), "utf8").matchAll(/from "(\.[^"]*)\.js"/g)]
        .map((match) => `${relative(root, resolve(root, dirname(file), match[1]!))}.ts`)
        .filter((target) => !allowed(target))
        .map((target) => `${file} -> ${target}`)
    )
    expect(sourceFiles.filter((file) => file.startsWith("src/Http/")).length).toBeGreaterThan(10)
    expect(upward).toEqual([])
  })

  it("casts at most ten values in src/, each under a comment that gives its reason", () => {
    const casts = sourceFiles.flatMap((file) => {
      const text = readFileSync(join(root, file), "utf8")
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
      const found: Array<{ where: string; reasoned: boolean }> = []
      const visit = (node: ts.Node) => {
        const isCast = (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
          !(ts.isTypeReferenceNode(node.type) && node.type.getText(source) === "const")
        // `x as unknown as T` is one cast, counted at its outer `as`.
        const innerOfDouble = node.parent !== undefined && ts.isAsExpression(node.parent) && node.parent.expression === node
        if (isCast && !innerOfDouble) {
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line
          // The reason sits on one of the three lines above the cast, as `// cast: why`.
          const above = text.split("\n").slice(Math.max(0, line - 3), line + 1).join("\n")
          found.push({ where: `${file}:${line + 1}`, reasoned: /\/\/ cast: \S/.test(above) })
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
      return found
    })
    expect(casts.filter((cast) => !cast.reasoned).map((cast) => cast.where)).toEqual([])
    expect(casts.length).toBeGreaterThan(0)
    expect(casts.map((cast) => cast.where).length, casts.map((cast) => cast.where).join("\n")).toBeLessThanOrEqual(10)
  })

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
