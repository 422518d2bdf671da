/**
 * The yardstick for `POST /ask` (issue 31): npm run eval:ask [-- --verbose]
 * The service runs in this process on a throwaway PGlite (scripts/evalService.ts). The 50 develop
 * contracts go up through `POST /imports` into one org, the 25 unseen ones into another
 * (scripts/evalImports/split.ts); each question set is asked of its org with `stream: false,
 * limit: 50` and scored against labels.json (scripts/evalAsk/gold.ts): the contracts cited against
 * the contracts that answer, whether the answer's words are right (scripts/evalAsk/answerText.ts),
 * whether every quote is word for word in its block, and the time per answer.
 * Questions: eval/ask/develop-questions.json and eval/ask/unseen-questions.json (ASK_QUESTIONS_DIR
 * overrides the folder, CORPUS_DIR the corpus). Only totals are printed for the unseen set;
 * `--verbose` shows the develop misses. A report, not a gate: exit 1 only when the service or an
 * HTTP call fails.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { startService } from "./evalService.js"
import { corpusDir } from "./evalImports/corpus.js"
import { splitCorpus } from "./evalImports/split.js"
import type { AskCase, AskLabel } from "./evalAsk/gold.js"
import { expandQuestions } from "./evalAsk/gold.js"
import { readQuestions } from "./evalAsk/questions.js"
import { answerIsRight } from "./evalAsk/answerText.js"
import type { CorpusOrg } from "./evalAsk/orgs.js"
import { badQuotes, importCorpusOrg } from "./evalAsk/orgs.js"
import type { Outcome } from "./evalAsk/tally.js"
import { contractCounts, printOutcomes } from "./evalAsk/tally.js"
import { runReport } from "./runReport.js"

const verbose = process.argv.includes("--verbose")

const askAll = async (org: CorpusOrg, cases: ReadonlyArray<AskCase>, showMisses: boolean): Promise<ReadonlyArray<Outcome>> => {
  const outcomes: Array<Outcome> = []
  for (const asked of cases) {
    const { answer, ms } = await org.ask(asked.question)
    const cited = [...new Set(answer.citations.map((citation) => org.fileOf(citation.contract)))]
    const titles = new Map<string, string>()
    const titleOf = (file: string) => titles.get(file) ?? ""
    for (const file of [...asked.files, ...cited]) {
      const contract = org.contractOf.get(file)
      titles.set(file, contract === undefined ? `(${file}: not imported)` : (await org.sheet(contract)).title)
    }
    const outcome: Outcome = {
      kind: asked.gold.kind,
      gold: asked.files,
      cited,
      right: answerIsRight(asked, { answer: answer.answer, cited }, titleOf),
      badQuotes: await badQuotes(org, answer.citations),
      ms
    }
    outcomes.push(outcome)
    const counts = contractCounts(outcome.gold, outcome.cited)
    if (showMisses && (!outcome.right || counts.fp > 0 || counts.fn > 0 || outcome.badQuotes > 0)) {
      console.log(
        `\n? ${asked.question}  [${asked.gold.kind}${outcome.right ? "" : ", answer wrong"}; tp=${counts.tp} fp=${counts.fp} fn=${counts.fn}${
          outcome.badQuotes > 0 ? `; bad quotes ${outcome.badQuotes}` : ""
        }]`
      )
      console.log(`  gold:  ${asked.files.map(titleOf).join(" | ") || "(none)"}`)
      console.log(`  cited: ${cited.map(titleOf).join(" | ") || "(none)"}`)
      console.log(`  answer: ${answer.answer.slice(0, 300).replace(/\s+/g, " ")}`)
    }
  }
  return outcomes
}

const main = async () => {
  const labels = JSON.parse(readFileSync(path.join(corpusDir, "labels.json"), "utf8")) as ReadonlyArray<AskLabel>
  const files = readdirSync(corpusDir).filter((name) => name.endsWith(".txt"))
  const split = splitCorpus(labels.map((label) => label.file))
  const inSet = (set: ReadonlySet<string>) => ({
    files: files.filter((file) => set.has(file)).sort(),
    labels: labels.filter((label) => set.has(label.file) && files.includes(label.file))
  })
  const develop = inSet(split.develop)
  const unseen = inSet(split.unseen)
  const developQuestions = readQuestions("develop")
  const unseenQuestions = readQuestions("unseen")

  const service = await startService()
  try {
    const began = performance.now()
    const developOrg = await importCorpusOrg(service.url, "Eval Ask Develop", corpusDir, develop.files)
    const unseenOrg = await importCorpusOrg(service.url, "Eval Ask Unseen", corpusDir, unseen.files)
    console.log(
      `imported ${develop.files.length} develop and ${unseen.files.length} unseen files from ${corpusDir} in ${
        ((performance.now() - began) / 1000).toFixed(1)
      } s; failed imports: develop ${developOrg.failed}, unseen ${unseenOrg.failed}`
    )

    if (developQuestions === undefined) console.log("develop questions: file missing")
    else {
      const cases = expandQuestions(developQuestions, develop.labels)
      printOutcomes("develop questions × develop contracts", await askAll(developOrg, cases, verbose))
    }
    if (unseenQuestions === undefined) console.log("\nunseen questions: file missing")
    else {
      // Never per-question lines for the unseen set: its totals are all anyone here may see.
      const cases = expandQuestions(unseenQuestions, unseen.labels)
      printOutcomes("unseen questions × unseen contracts", await askAll(unseenOrg, cases, false))
    }
  } finally {
    await service.stop()
  }
}

runReport(main)
