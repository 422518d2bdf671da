/**
 * Imports the CUAD dev corpus through the real service and prints the scores:
 *   npm run eval:imports [-- --verbose]
 * The service runs in this process on a throwaway PGlite (`memory://`), as the tests start it. Every
 * corpus `.txt` goes up in one `POST /imports` batch; once each import is parsed or failed, each
 * contract's facts are read with `GET /contracts/{id}` and scored against labels.json. The corpus
 * sits at ../shared/corpus/cuad-dev from the repository root (override with CORPUS_DIR). A report,
 * not a gate: it exits 0 whatever the scores, and 1 only when the service or an HTTP call fails.
 * Scores are printed for the 50 contracts to develop on, the 25 unseen ones (scripts/evalImports/
 * split.ts) and all; `--verbose` shows the misses of the develop set only, never the unseen's.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { call, createOrg } from "../test/support/client.js"
import { settledBatch, upload } from "../test/support/imports.js"
import { startService } from "./evalService.js"
import type { Label, Scores } from "./evalImports/score.js"
import { addScores, scoreContract } from "./evalImports/score.js"
import { printTable } from "./evalImports/table.js"
import { scoreTitles, type TitleLabel, titleLine } from "./evalImports/titles.js"
import { corpusDir } from "./evalImports/corpus.js"
import { splitCorpus } from "./evalImports/split.js"
import { judgeCorpus, printBlockCalibration } from "./evalImports/blocks.js"
import { runReport } from "./runReport.js"

const corpus = corpusDir
const verbose = process.argv.includes("--verbose")

interface Fact {
  readonly name: string
  readonly kind: string
  readonly value: string | number
  readonly normalized: string | null
  readonly missing?: boolean
}

const misses = (file: string, score: Scores, facts: ReadonlyArray<Fact>, label: Label) => {
  for (const [name, counts] of Object.entries(score)) {
    if (counts.fp === 0 && counts.fn === 0) continue
    const predicted = name === "parties"
      ? facts.filter((fact) => /^party_[a-z]$/.test(fact.name)).map((fact) => fact.value)
      : facts.filter((fact) => fact.name === name).map((fact) => fact.value)
    const expected = name === "parties" ? label.parties : [label[name as keyof Label]]
    console.log(`${file} ${name} tp=${counts.tp} fp=${counts.fp} fn=${counts.fn}`)
    console.log(`   predicted: ${JSON.stringify(predicted)}`)
    console.log(`   labelled:  ${JSON.stringify(expected)}`)
  }
}

const main = async () => {
  const labels = JSON.parse(readFileSync(path.join(corpus, "labels.json"), "utf8")) as ReadonlyArray<Label & TitleLabel>
  const files = readdirSync(corpus).filter((name) => name.endsWith(".txt")).sort()
  const service = await startService()
  try {
    const org = await createOrg(service.url, "Eval Imports")
    const key = org.keys.live
    const person = org.people[0]!.id
    const began = performance.now()
    const created = await upload(service.url, "/imports", { key, person, files: files.map((name) => ({ path: path.join(corpus, name) })) })
    if (created.status !== 202) throw new Error(`POST /imports: ${created.status} ${created.text}`)
    const rows = await settledBatch(service.url, key, created.body.batch, 600_000)
    const seconds = (performance.now() - began) / 1000
    console.log(`imported ${files.length} files from ${corpus} in ${seconds.toFixed(1)} s (batch ${created.body.batch})`)

    const byFile = new Map<string, any>(rows.map((row) => [row.filename, row]))
    const failed = rows.filter((row) => row.state === "failed")
    console.log(`failed imports: ${failed.length} of ${rows.length}`)
    for (const row of failed) console.log(`  ${row.filename}: ${row.failure?.reason ?? "?"}: ${row.failure?.message ?? ""}`)

    const split = splitCorpus(labels.map((label) => label.file))
    const scores: Array<Scores> = []
    const bySet = { develop: [] as Array<Scores>, unseen: [] as Array<Scores> }
    // Each contract's title as the service gives it, scored against the document's name (scripts/evalImports/titles.ts).
    const titles = new Map<string, string>()
    for (const label of labels) {
      const row = byFile.get(label.file)
      let facts: ReadonlyArray<Fact> = []
      if (row === undefined) {
        console.log(`  ${label.file}: labelled but not in the corpus folder; scored as no facts`)
      } else if (row.state === "parsed") {
        const sheet = await call(service.url, "GET", `/contracts/${row.contract}`, { key, person })
        if (sheet.status !== 200) throw new Error(`GET /contracts/${row.contract}: ${sheet.status} ${sheet.text}`)
        facts = (sheet.body.facts as ReadonlyArray<Fact>).filter((fact) => fact.missing !== true)
        titles.set(label.file, String(sheet.body.title))
      }
      // Dates score by what the service reads them as: an expiration written as a term reads as its end date.
      const score = scoreContract(facts.map((fact) => ({ name: fact.name, value: fact.kind === "date" ? fact.normalized ?? fact.value : fact.value })), label)
      if (verbose && split.develop.has(label.file)) {
        if (row?.state === "failed") console.log(`${label.file}: FAILED ${row.failure?.reason} ${row.failure?.message}`)
        misses(label.file, score, facts, label)
      }
      scores.push(score)
      bySet[split.develop.has(label.file) ? "develop" : "unseen"].push(score)
    }
    const unlabelled = files.filter((file) => !labels.some((label) => label.file === file))
    if (unlabelled.length > 0) console.log(`not scored (no label): ${unlabelled.join(", ")}`)
    for (const [name, set] of [["develop on", bySet.develop], ["unseen", bySet.unseen], ["all", scores]] as const) {
      console.log(`\n${name}: ${set.length} contracts`)
      printTable(addScores(set))
      if (name !== "all") console.log(titleLine(scoreTitles(labels.filter((label) => split[name === "unseen" ? "unseen" : "develop"].has(label.file)), titles)))
    }
    // Blocks: how often a verified block is right (scripts/evalImports/blocks.ts), totals per set only.
    const sorted = (set: ReadonlySet<string>) => [...set].filter((file) => files.includes(file)).sort()
    printBlockCalibration([
      [`develop on (${split.develop.size})`, await judgeCorpus(corpus, sorted(split.develop))],
      [`unseen (${split.unseen.size})`, await judgeCorpus(corpus, sorted(split.unseen))]
    ])
  } finally {
    await service.stop()
  }
}

runReport(main)
