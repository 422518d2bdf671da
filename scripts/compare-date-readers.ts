/**
 * Measures chrono-node against the hand-written date patterns, on the CUAD dev corpus:
 *   npx tsx scripts/compare-date-readers.ts
 * Reading: the parser's date facts scored with each reader turning the words into a date (an
 * expiration written as a length still counts from its start as FactReading does). Finding: the
 * date mentions (year, month and day) each finds in the blocks, and how many only one finds.
 * Totals for the develop and unseen sets; examples from the develop set only.
 */
import * as chrono from "chrono-node"
import { readFileSync } from "node:fs"
import path from "node:path"
import { datePattern } from "../src/Domain/Imports/Dates.js"
import { parseDocument } from "../src/Domain/Imports/ParseDocument.js"
import { normalizedValue, readDate } from "../src/Domain/Words/FactReading.js"
import { corpusDir } from "./evalImports/corpus.js"
import type { Label, Scores } from "./evalImports/score.js"
import { addScores, scoreContract } from "./evalImports/score.js"
import { splitCorpus } from "./evalImports/split.js"

const labels = JSON.parse(readFileSync(path.join(corpusDir, "labels.json"), "utf8")) as ReadonlyArray<Label>
const split = splitCorpus(labels.map((label) => label.file))
// A fixed reference: chrono fills what the words leave out from it, and only certain parts are kept.
const reference = new Date(Date.UTC(1900, 0, 1))
const pad = (n: number | null) => String(n).padStart(2, "0")

const chronoDate = (value: string): string | null => {
  const found = chrono.parse(value, reference)
  if (found.length !== 1) return null
  const start = found[0]!.start
  if (!start.isCertain("year") || !start.isCertain("month")) return null
  const month = `${start.get("year")}-${pad(start.get("month"))}`
  return start.isCertain("day") ? `${month}-${pad(start.get("day"))}` : month
}

const readers: Record<string, (value: string) => string | null> = { patterns: readDate, chrono: chronoDate }
const dateNames = ["agreement_date", "effective_date", "expiration_date"]
const yearWritten = /(?:19|20)\d{2}|\d{1,2}[/-]\d{1,2}[/-]\d{2}/

for (const set of ["develop", "unseen"] as const) {
  const scores: Record<string, Array<Scores>> = {}
  const mentions = { patterns: 0, chrono: 0, chronoOnly: 0, patternsOnly: 0 }
  const differs: Array<string> = []
  for (const label of labels.filter((entry) => split[set].has(entry.file))) {
    const text = readFileSync(path.join(corpusDir, label.file), "utf8")
    const outcome = parseDocument({ text, pages: [{ page: 1, start: 0, end: text.length }] })
    if (outcome._tag !== "Parsed") continue
    const parsed = outcome.parse.facts
    for (const [name, read] of Object.entries(readers)) {
      const facts = parsed.map((fact) => {
        if (fact.kind !== "date") return fact
        const value = String(fact.value)
        const length = fact.name === "expiration_date" && readDate(value) === null
        const reading = length ? normalizedValue(fact, parsed) : read(value)
        if (set === "develop" && name === "chrono" && !length && reading !== readDate(value)) {
          differs.push(`${JSON.stringify(value)}: patterns ${readDate(value)}, chrono ${reading}`)
        }
        return { ...fact, value: reading ?? fact.value }
      })
      ;(scores[name] ??= []).push(scoreContract(facts, label))
    }
    for (const block of outcome.parse.blocks) {
      const byPattern = [...block.text.matchAll(datePattern)].map((match) => [match.index, match.index + match[0].length] as const)
      const byChrono = chrono.parse(block.text, reference)
        .filter((found) => found.start.isCertain("year") && found.start.isCertain("day") && yearWritten.test(found.text))
        .map((found) => [found.index, found.index + found.text.length] as const)
      const overlaps = (a: readonly [number, number], list: ReadonlyArray<readonly [number, number]>) => list.some((b) => a[0] < b[1] && a[1] > b[0])
      mentions.patterns += byPattern.length
      mentions.chrono += byChrono.length
      mentions.chronoOnly += byChrono.filter((span) => !overlaps(span, byPattern)).length
      mentions.patternsOnly += byPattern.filter((span) => !overlaps(span, byChrono)).length
    }
  }
  console.log(`\n${set}:`)
  for (const [name, list] of Object.entries(scores)) {
    const total = addScores(list)
    const [tp, fp, fn] = ["tp", "fp", "fn"].map((key) => dateNames.reduce((sum, date) => sum + total[date]![key as "tp"], 0))
    console.log(
      `  read by ${name.padEnd(9)} dates tp=${tp} fp=${fp} fn=${fn} precision ${(tp! / (tp! + fp!)).toFixed(3)} recall ${(tp! / (tp! + fn!)).toFixed(3)}`
    )
  }
  console.log(
    `  mentions found: patterns ${mentions.patterns}, chrono ${mentions.chrono}; chrono only ${mentions.chronoOnly}, patterns only ${mentions.patternsOnly}`
  )
  if (differs.length > 0) console.log(`  readings that differ:\n    ${differs.join("\n    ")}`)
}
