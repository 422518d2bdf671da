/**
 * The scores of scripts/evalAsk/cutoff.ts: which contracts a ranked list of hits cites under a
 * cut-off, and the contract-level tp/fp/fn, precision, recall and F1 of those citations summed
 * over a question set (scripts/evalAsk/tally.ts's arithmetic, answers' words left out).
 */
import { relevant, relevantShare } from "../../src/Domain/Ask/Relevance.js"
import type { AskCase, Kind } from "./gold.js"
import { kinds } from "./gold.js"
import type { RankedHit } from "./cutoffIndex.js"
import type { Counts, Outcome } from "./tally.js"
import { addOutcomes, rates } from "./tally.js"

export const shares: ReadonlyArray<number> = [0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]

/**
 * src/Domain/Ask/Relevance.ts's rule with the share as a parameter: a hit stays while its rank is
 * at least `share` of the best. Checked against `relevant` itself at its own share (see `cutAt`).
 */
const keepWithin = (hits: ReadonlyArray<RankedHit>, share: number) => {
  const top = hits.reduce((best, hit) => Math.max(best, hit.rank), 0)
  return hits.filter((hit) => hit.rank >= top * share)
}

const sameFiles = (a: ReadonlyArray<RankedHit>, b: ReadonlyArray<RankedHit>) => a.length === b.length && a.every((hit, index) => hit.file === b[index]!.file)

/** The contracts cited at a share; throws if the service's own cut-off would cite others at its share. */
export const cutAt = (hits: ReadonlyArray<RankedHit>, share: number): ReadonlyArray<string> => {
  const kept = keepWithin(hits, share)
  if (share === relevantShare && !sameFiles(kept, relevant(hits))) throw new Error("keepWithin no longer matches src/Domain/Ask/Relevance.ts")
  return kept.map((hit) => hit.file)
}

/** The oracle reference: as many of the best hits as the question has gold contracts. */
export const topGold = (hits: ReadonlyArray<RankedHit>, asked: AskCase): ReadonlyArray<string> => hits.slice(0, asked.files.length).map((hit) => hit.file)

/** One question's citations as tally.ts scores them (no answer text, so `right` is never counted). */
export const outcomeOf = (asked: AskCase, cited: ReadonlyArray<string>): Outcome => ({
  kind: asked.gold.kind,
  gold: asked.files,
  cited,
  right: false,
  badQuotes: 0,
  ms: 0
})

export interface Setting {
  readonly name: string
  readonly outcomes: ReadonlyArray<Outcome>
}

const cell = (value: string | number, width: number) => String(value).padStart(width)

export const f1Of = (outcomes: ReadonlyArray<Outcome>) => rates(addOutcomes(outcomes)).f1

const totalsRow = (name: string, counts: Counts) => {
  const { f1, precision, recall } = rates(counts)
  const cited = counts.tp + counts.fp
  return `${name.padEnd(26)}${cell(counts.questions, 6)}${cell(counts.tp, 6)}${cell(counts.fp, 6)}${cell(counts.fn, 6)}${cell(precision.toFixed(3), 8)}${
    cell(recall.toFixed(3), 8)
  }${cell(f1.toFixed(3), 8)}${cell((counts.questions === 0 ? 0 : cited / counts.questions).toFixed(1), 8)}`
}

/** Totals only: one line per setting, summed over every question of the set. */
export const printTotals = (title: string, settings: ReadonlyArray<Setting>) => {
  console.log(`\n${title}`)
  console.log(
    `${"setting".padEnd(26)}${cell("asked", 6)}${cell("tp", 6)}${cell("fp", 6)}${cell("fn", 6)}${cell("P", 8)}${cell("R", 8)}${cell("F1", 8)}${
      cell("cited/q", 8)
    }`
  )
  for (const setting of settings) console.log(totalsRow(setting.name, addOutcomes(setting.outcomes)))
}

/** F1 by kind of question under each setting: develop only, where a breakdown may be seen. */
export const printKindF1 = (title: string, settings: ReadonlyArray<Setting>) => {
  const asked = kinds.filter((kind) => settings[0]!.outcomes.some((outcome) => outcome.kind === kind))
  console.log(`\n${title}`)
  console.log(`${"setting".padEnd(26)}${asked.map((kind: Kind) => cell(kind, 15)).join("")}`)
  for (const setting of settings) {
    const f1s = asked.map((kind) => f1Of(setting.outcomes.filter((outcome) => outcome.kind === kind)).toFixed(3))
    console.log(`${setting.name.padEnd(26)}${f1s.map((f1) => cell(f1, 15)).join("")}`)
  }
}
