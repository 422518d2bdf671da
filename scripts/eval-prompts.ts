/**
 * Scores the rule-based prompt drafter against hand-written cases:
 *   npx tsx scripts/eval-prompts.ts [-- --verbose]
 * Each case in eval/prompts/cases.json names the template a careful reader would choose (null: none
 * fits) and exactly the facts the sentence states. A fact the drafter produces that the case does
 * not list is a guess and counts as an error. A report, not a gate: it exits 0 whatever the scores,
 * and 1 only when the cases file is malformed.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { readPrompt } from "../src/Domain/Prompts/ReadPrompt.js"
import { templates } from "../src/Domain/Templates/index.js"

export interface PromptCase {
  readonly prompt: string
  readonly self: string
  readonly today: string
  readonly expect: {
    readonly template: string | null
    readonly facts: Readonly<Record<string, string>>
    readonly recipients?: ReadonlyArray<{ readonly email: string; readonly capacity: ReadonlyArray<string> }>
  }
}

export const casesFile = path.join(import.meta.dirname, "..", "eval", "prompts", "cases.json")

const isStringRecord = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string")

/** The cases, or a message saying which one is malformed. */
export const loadCases = (file = casesFile): ReadonlyArray<PromptCase> => {
  const cases: unknown = JSON.parse(readFileSync(file, "utf8"))
  if (!Array.isArray(cases)) throw new Error(`${file}: expected an array of cases`)
  cases.forEach((c: any, index) => {
    const ok = typeof c?.prompt === "string" && typeof c.self === "string" && /^\d{4}-\d{2}-\d{2}$/.test(c.today) &&
      (c.expect?.template === null || typeof c.expect?.template === "string") && isStringRecord(c.expect.facts) &&
      (c.expect.recipients === undefined || (Array.isArray(c.expect.recipients) &&
        c.expect.recipients.every((r: any) => typeof r?.email === "string" && Array.isArray(r.capacity))))
    if (!ok) throw new Error(`${file}: case ${index} is malformed`)
  })
  return cases as ReadonlyArray<PromptCase>
}

interface Tally {
  correct: number
  expected: number
  wrong: number
  guessed: number
}

const kindOf = (key: string): string => templates.flatMap((t) => t.blanks).find((blank) => blank.key === key)?.kind ?? "?"
const recipientKey = (r: { email: string; capacity: ReadonlyArray<string> }) => `${r.email.toLowerCase()} ${[...r.capacity].sort().join("+")}`

const table = (title: string, rows: ReadonlyArray<readonly [string, Tally]>): string => {
  const header = [title, "correct / expected", "wrong value", "guessed (fp)"]
  const cells = rows.map(([name, t]) => [name, `${t.correct} / ${t.expected}`, String(t.wrong), String(t.guessed)])
  const widths = header.map((cell, column) => Math.max(cell.length, ...cells.map((row) => row[column]!.length)))
  const line = (row: ReadonlyArray<string>) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ")
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n")
}

const percent = (n: number, d: number) => `${n} / ${d} (${d === 0 ? "-" : ((100 * n) / d).toFixed(1)}%)`

const main = () => {
  const verbose = process.argv.includes("--verbose")
  // A cases file may be named (eval/prompts/held-out.json: prompts written without sight of the rules).
  const file = process.argv.slice(2).find((arg) => !arg.startsWith("--"))
  const cases = loadCases(file === undefined ? casesFile : path.resolve(file))
  const byName = new Map<string, Tally>()
  const tally = (map: Map<string, Tally>, name: string) => map.get(name) ?? map.set(name, { correct: 0, expected: 0, wrong: 0, guessed: 0 }).get(name)!
  const misses: Array<string> = []
  let templatesRight = 0
  let recipientsRight = 0
  let recipientsExpected = 0
  let recipientsGuessed = 0
  cases.forEach((c, index) => {
    const plan = readPrompt(c.prompt, { self: c.self, today: c.today, templates })
    const chosen = "_tag" in plan ? null : plan.template.id
    const facts: Readonly<Record<string, string>> = "_tag" in plan ? {} : plan.facts
    const recipients = "_tag" in plan ? [] : plan.recipients
    const notes: Array<string> = []
    if (chosen === c.expect.template) templatesRight++
    else notes.push(`template ${chosen} (expected ${c.expect.template})`)
    for (const [key, value] of Object.entries(c.expect.facts)) {
      const t = tally(byName, key)
      t.expected++
      if (facts[key] === value) t.correct++
      else if (facts[key] !== undefined) {
        t.wrong++
        notes.push(`${key}: ${JSON.stringify(facts[key])} (expected ${JSON.stringify(value)})`)
      } else notes.push(`${key}: missing (expected ${JSON.stringify(value)})`)
    }
    for (const [key, value] of Object.entries(facts)) {
      if (key in c.expect.facts) continue
      tally(byName, key).guessed++
      notes.push(`${key}: guessed ${JSON.stringify(value)}`)
    }
    const wanted = new Set((c.expect.recipients ?? []).map(recipientKey))
    const got = recipients.map(recipientKey)
    recipientsExpected += wanted.size
    recipientsRight += got.filter((key) => wanted.has(key)).length
    recipientsGuessed += got.filter((key) => !wanted.has(key)).length
    if (got.length !== wanted.size || got.some((key) => !wanted.has(key))) {
      notes.push(`recipients ${JSON.stringify(got)} (expected ${JSON.stringify([...wanted])})`)
    }
    if (notes.length > 0) misses.push(`#${index} ${JSON.stringify(c.prompt.slice(0, 100))}\n    ${notes.join("\n    ")}`)
    if (verbose && !("_tag" in plan) && plan.forks.length > 0) console.log(`#${index} forks: ${plan.forks.join(" | ")}`)
  })
  const byKind = new Map<string, Tally>()
  for (const [name, t] of byName) {
    const k = tally(byKind, kindOf(name))
    k.correct += t.correct
    k.expected += t.expected
    k.wrong += t.wrong
    k.guessed += t.guessed
  }
  const total = [...byName.values()].reduce(
    (sum, t) => ({ correct: sum.correct + t.correct, expected: sum.expected + t.expected, wrong: sum.wrong + t.wrong, guessed: sum.guessed + t.guessed }),
    { correct: 0, expected: 0, wrong: 0, guessed: 0 }
  )
  console.log(`prompt cases: ${cases.length} (${cases.filter((c) => c.expect.template === null).length} unplaceable)`)
  console.log(`template accuracy: ${percent(templatesRight, cases.length)}`)
  console.log(`facts correct: ${percent(total.correct, total.expected)}; wrong values: ${total.wrong}; guessed (not stated): ${total.guessed}`)
  console.log(`recipients correct: ${percent(recipientsRight, recipientsExpected)}; guessed: ${recipientsGuessed}\n`)
  console.log(table("fact", [...byName].sort(([a], [b]) => a.localeCompare(b))))
  console.log("")
  console.log(table("kind", [...byKind].sort(([a], [b]) => a.localeCompare(b))))
  console.log(`\nmisses: ${misses.length}`)
  for (const miss of misses) console.log(miss)
}

try {
  main()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
