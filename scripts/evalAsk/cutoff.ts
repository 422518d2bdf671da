/**
 * The relevance cut-off of full-text answers, measured (issue 31): npx tsx scripts/evalAsk/cutoff.ts
 * No HTTP service: the corpus is parsed in-process and indexed on an in-memory PGlite with every
 * migration (scripts/evalAsk/cutoffIndex.ts), the 50 develop contracts in one org and the 25 unseen
 * in another (scripts/evalImports/split.ts). Each question of eval/ask (expanded and scored against
 * labels.json by scripts/evalAsk/gold.ts) is searched with its `searchTerms` by the service's own
 * statement, limit 50, as if every question were answered by search alone; the ranked hits are then
 * cut at each share of the best rank (src/Domain/Ask/Relevance.ts's rule) and scored at the contract
 * level. Develop: every share, "top-k = |gold|" as an oracle reference, and the old "any word fills
 * up to limit" rule at share 0. Unseen: totals only, at share 0 and at the best develop share.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { searchTerms } from "../../src/Domain/Ask/Question.js"
import { relevantShare } from "../../src/Domain/Ask/Relevance.js"
import { corpusDir } from "../evalImports/corpus.js"
import { splitCorpus } from "../evalImports/split.js"
import type { Found, IndexedOrg, IndexRuntime } from "./cutoffIndex.js"
import { anyFillsUpToLimit, everyThenAny, indexOrg, openIndex, searchBoth } from "./cutoffIndex.js"
import type { Setting } from "./cutoffScore.js"
import { cutAt, f1Of, outcomeOf, printKindF1, printTotals, shares, topGold } from "./cutoffScore.js"
import type { AskCase, AskLabel } from "./gold.js"
import { expandQuestions } from "./gold.js"
import { readQuestions } from "./questions.js"
import { runReport } from "../runReport.js"

const limit = 50

interface Searched {
  readonly asked: AskCase
  readonly found: Found
}

const searchAll = async (runtime: IndexRuntime, indexed: IndexedOrg, cases: ReadonlyArray<AskCase>): Promise<ReadonlyArray<Searched>> => {
  const searched: Array<Searched> = []
  for (const asked of cases) searched.push({ asked, found: await searchBoth(runtime, indexed, searchTerms(asked.question), limit) })
  return searched
}

const shareName = (share: number) => share === 0 ? "share 0 (no cut-off)" : `share ${share}${share === relevantShare ? " (service)" : ""}`

const atShare = (searched: ReadonlyArray<Searched>, share: number): Setting => ({
  name: shareName(share),
  outcomes: searched.map(({ asked, found }) => outcomeOf(asked, cutAt(everyThenAny(found), share)))
})

const before = (searched: ReadonlyArray<Searched>): Setting => ({
  name: "before: any fills, share 0",
  outcomes: searched.map(({ asked, found }) => outcomeOf(asked, cutAt(anyFillsUpToLimit(found, limit), 0)))
})

const main = async () => {
  const began = performance.now()
  const labels = JSON.parse(readFileSync(path.join(corpusDir, "labels.json"), "utf8")) as ReadonlyArray<AskLabel>
  const files = readdirSync(corpusDir).filter((name) => name.endsWith(".txt"))
  const split = splitCorpus(labels.map((label) => label.file))
  const inSet = (set: ReadonlySet<string>) => ({
    files: files.filter((file) => set.has(file)).sort(),
    labels: labels.filter((label) => set.has(label.file) && files.includes(label.file))
  })
  const develop = inSet(split.develop)
  const unseen = inSet(split.unseen)

  const runtime = await openIndex()
  try {
    const developOrg = await indexOrg(runtime, "org_develop", corpusDir, develop.files)
    const unseenOrg = await indexOrg(runtime, "org_unseen", corpusDir, unseen.files)
    console.log(
      `indexed ${develop.files.length} develop and ${unseen.files.length} unseen files from ${corpusDir} in ${
        ((performance.now() - began) / 1000).toFixed(1)
      } s; failed parses: develop ${developOrg.failed}, unseen ${unseenOrg.failed}`
    )

    const developQuestions = readQuestions("develop")
    if (developQuestions === undefined) {
      console.log("develop questions: file missing; no share can be chosen")
      return
    }
    const developSearched = await searchAll(runtime, developOrg, expandQuestions(developQuestions, develop.labels))
    const bySearch = developSearched.filter(({ found }) => found.every.length > 0 || found.terms === 1).length
    const byAny = developSearched.filter(({ found }) => found.every.length === 0 && found.terms > 1).length
    console.log(
      `develop: ${developSearched.length} questions; every word found ${bySearch}, any word only ${byAny}, no terms ${
        developSearched.filter(({ found }) => found.terms === 0).length
      }`
    )
    const developShares = shares.map((share) => atShare(developSearched, share))
    const oracle: Setting = {
      name: "oracle: top-k = |gold|",
      outcomes: developSearched.map(({ asked, found }) => outcomeOf(asked, topGold(everyThenAny(found), asked)))
    }
    printTotals("develop questions × develop contracts (every word, then any word when none holds all; limit 50)", [
      ...developShares,
      oracle,
      before(developSearched)
    ])
    // Share 1 (only hits tying the best rank) is a reference past the grid's edge, not a choice.
    const bestRankOnly = { ...atShare(developSearched, 1), name: "reference: share 1" }
    printKindF1("develop F1 by kind", [...developShares, bestRankOnly, oracle, before(developSearched)])
    const scope = (oneDocument: boolean) => (setting: Setting): Setting => ({
      ...setting,
      outcomes: setting.outcomes.filter((_, index) => (developSearched[index]!.asked.document !== undefined) === oneDocument)
    })
    const allSettings = [...developShares, bestRankOnly, oracle, before(developSearched)]
    printTotals("develop, set-wide questions only (law, renews, renewal_notice, category, date)", allSettings.map(scope(false)))
    printTotals("develop, one-document questions only (parties, date_of: {document} filled)", allSettings.map(scope(true)))

    // The first share with the best F1: ties go to the weaker cut-off, which drops fewer answers.
    const best = shares.reduce((chosen, share, index) =>
      f1Of(developShares[index]!.outcomes) > f1Of(developShares[shares.indexOf(chosen)]!.outcomes) ? share : chosen
    )
    const service = f1Of(developShares[shares.indexOf(relevantShare)]!.outcomes)
    const bestF1 = f1Of(developShares[shares.indexOf(best)]!.outcomes)
    console.log(`\nbest develop share: ${best} (F1 ${bestF1.toFixed(3)}); the service's ${relevantShare}: F1 ${service.toFixed(3)}`)

    const unseenQuestions = readQuestions("unseen")
    if (unseenQuestions === undefined) console.log("\nunseen questions: file missing")
    else {
      // Totals only for the unseen set: never a question, a kind or a contract of it.
      const unseenSearched = await searchAll(runtime, unseenOrg, expandQuestions(unseenQuestions, unseen.labels))
      printTotals(
        "unseen questions × unseen contracts (totals only)",
        [...new Set([0, best])].map((share) => atShare(unseenSearched, share)).concat(before(unseenSearched))
      )
    }
    console.log(`\ndone in ${((performance.now() - began) / 1000).toFixed(1)} s`)
  } finally {
    await runtime.dispose()
  }
}

runReport(main)
