/**
 * Runs the rule parser in-process over the CUAD dev corpus and prints the scores:
 *   npx tsx scripts/eval-imports-direct.ts [--verbose]
 * A quick loop for working on the rules, without the service: scores as `npm run eval:imports`
 * does, for the develop set and the unseen set; `--verbose` shows the misses of the develop set only.
 * The corpus sits at ../shared/corpus/cuad-dev from the repository root (override with CORPUS_DIR).
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import { parseDocument } from "../src/Domain/Imports/ParseDocument.js"
import { normalizedValue } from "../src/Domain/Words/FactReading.js"
import type { Label } from "./evalImports/score.js"
import { addScores, scoreContract } from "./evalImports/score.js"
import { printTable } from "./evalImports/table.js"
import { corpusDir } from "./evalImports/corpus.js"
import { splitCorpus } from "./evalImports/split.js"
import type { TitleLabel } from "./evalImports/titles.js"
import { scoreTitles, titleLine, titlesMatch } from "./evalImports/titles.js"

const corpus = corpusDir
const verbose = process.argv.includes("--verbose")

const labels = JSON.parse(readFileSync(path.join(corpus, "labels.json"), "utf8")) as ReadonlyArray<Label & TitleLabel>
// For the wide develop set (scripts/evalImports/wideCorpus.ts): CORPUS_SPLIT=none scores it all
// as one; CORPUS_SPLIT=halves develops on its even files and holds out the odd ones, to tell
// whether a rule carries beyond the contracts it was drawn from; CORPUS_SPLIT=quarters (from the
// fourth round, docs/imports.md) develops on three files of four and holds out every fourth from
// the fourth on, the odd half's odd positions.
const byPosition = (held: (index: number) => boolean, out: boolean) => new Set(labels.filter((_, index) => held(index) === out).map((label) => label.file))
const split = process.env["CORPUS_SPLIT"] === "none"
  ? { develop: new Set(labels.map((label) => label.file)), unseen: new Set<string>() }
  : process.env["CORPUS_SPLIT"] === "halves"
  ? { develop: byPosition((index) => index % 2 === 1, false), unseen: byPosition((index) => index % 2 === 1, true) }
  : process.env["CORPUS_SPLIT"] === "quarters"
  ? { develop: byPosition((index) => index % 4 === 3, false), unseen: byPosition((index) => index % 4 === 3, true) }
  : splitCorpus(labels.map((label) => label.file))
const titles = new Map<string, string>()
const scores = labels.map((label) => {
  const text = readFileSync(path.join(corpus, label.file), "utf8")
  const outcome = parseDocument({ text, pages: [{ page: 1, start: 0, end: text.length }] })
  const parsed = outcome._tag === "Parsed" ? outcome.parse.facts : []
  if (outcome._tag === "Parsed") titles.set(label.file, outcome.parse.title)
  // Dates score by what the service reads them as (`normalized`), as eval:imports does over HTTP.
  const facts = parsed.map((fact) => fact.kind === "date" ? { ...fact, value: normalizedValue(fact, parsed) ?? fact.value } : fact)
  const score = scoreContract(facts, label)
  if (verbose && split.develop.has(label.file)) {
    const misses = Object.entries(score).filter(([, counts]) => counts.fp > 0 || counts.fn > 0)
    if (outcome._tag === "Failed") console.log(`${label.file}: FAILED ${outcome.reason} ${outcome.detail}`)
    const title = titles.get(label.file) ?? ""
    if (label.document_name && !titlesMatch(title, label.document_name)) {
      console.log(`${label.file} title\n   predicted: ${JSON.stringify(title)}\n   labelled:  ${JSON.stringify(label.document_name)}`)
    }
    for (const [name, counts] of misses) {
      const predicted = name === "parties"
        ? facts.filter((entry) => entry.name.startsWith("party_")).map((entry) => entry.value)
        : facts.filter((entry) => entry.name === name).map((entry) => entry.value)
      const expected = name === "parties" ? label.parties : [label[name as keyof Label]]
      console.log(`${label.file} ${name} tp=${counts.tp} fp=${counts.fp} fn=${counts.fn}`)
      console.log(`   predicted: ${JSON.stringify(predicted)}`)
      console.log(`   labelled:  ${JSON.stringify(expected)}`)
    }
  }
  return score
})
const setScores = (set: ReadonlySet<string>) => addScores(scores.filter((_, index) => set.has(labels[index]!.file)))
console.log(`develop on: ${split.develop.size} contracts`)
printTable(setScores(split.develop))
console.log(titleLine(scoreTitles(labels.filter((label) => split.develop.has(label.file)), titles)))
if (split.unseen.size === 0) process.exit(0)
console.log(`\nunseen: ${split.unseen.size} contracts`)
printTable(setScores(split.unseen))
console.log(titleLine(scoreTitles(labels.filter((label) => split.unseen.has(label.file)), titles)))
