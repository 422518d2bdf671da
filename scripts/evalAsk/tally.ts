/** The scores of a run of questions: cited contracts against the gold set, right answers, good quotes, time. */
import type { Kind } from "./gold.js"
import { kinds } from "./gold.js"

export interface Outcome {
  readonly kind: Kind
  readonly gold: ReadonlyArray<string>
  readonly cited: ReadonlyArray<string>
  readonly right: boolean
  readonly badQuotes: number
  readonly ms: number
}

export interface Counts {
  readonly questions: number
  readonly tp: number
  readonly fp: number
  readonly fn: number
  readonly right: number
}

export const contractCounts = (gold: ReadonlyArray<string>, cited: ReadonlyArray<string>) => ({
  tp: cited.filter((file) => gold.includes(file)).length,
  fp: cited.filter((file) => !gold.includes(file)).length,
  fn: gold.filter((file) => !cited.includes(file)).length
})

export const addOutcomes = (outcomes: ReadonlyArray<Outcome>): Counts =>
  outcomes.reduce((sum, outcome) => {
    const counts = contractCounts(outcome.gold, outcome.cited)
    return {
      questions: sum.questions + 1,
      tp: sum.tp + counts.tp,
      fp: sum.fp + counts.fp,
      fn: sum.fn + counts.fn,
      right: sum.right + (outcome.right ? 1 : 0)
    }
  }, { questions: 0, tp: 0, fp: 0, fn: 0, right: 0 })

/** Precision and recall of nothing asked for and nothing cited are 1: nothing was wrong. */
export const rates = (counts: Counts) => {
  const precision = counts.tp + counts.fp === 0 ? 1 : counts.tp / (counts.tp + counts.fp)
  const recall = counts.tp + counts.fn === 0 ? 1 : counts.tp / (counts.tp + counts.fn)
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { precision, recall, f1 }
}

export const median = (values: ReadonlyArray<number>): number => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const cell = (value: string | number, width: number) => String(value).padStart(width)
const ratio = (value: number) => value.toFixed(2)

const row = (name: string, counts: Counts) => {
  const { f1, precision, recall } = rates(counts)
  const right = counts.questions === 0 ? 0 : counts.right / counts.questions
  return `${name.padEnd(16)}${cell(counts.questions, 5)}${cell(counts.tp, 6)}${cell(counts.fp, 6)}${cell(counts.fn, 6)}${cell(ratio(precision), 7)}${
    cell(ratio(recall), 7)
  }${cell(ratio(f1), 7)}${cell(`${counts.right}/${counts.questions}`, 9)}${cell(ratio(right), 7)}`
}

/** One table: a row per kind asked, the total, then quotes and time per answer. */
export const printOutcomes = (title: string, outcomes: ReadonlyArray<Outcome>) => {
  console.log(`\n${title}: ${outcomes.length} questions`)
  console.log(
    `${"kind".padEnd(16)}${cell("asked", 5)}${cell("tp", 6)}${cell("fp", 6)}${cell("fn", 6)}${cell("P", 7)}${cell("R", 7)}${cell("F1", 7)}${cell("right", 9)}${
      cell("", 7)
    }`
  )
  for (const kind of kinds) {
    const ofKind = outcomes.filter((outcome) => outcome.kind === kind)
    if (ofKind.length > 0) console.log(row(kind, addOutcomes(ofKind)))
  }
  console.log(row("total", addOutcomes(outcomes)))
  const times = outcomes.map((outcome) => outcome.ms)
  const mean = times.length === 0 ? 0 : times.reduce((sum, ms) => sum + ms, 0) / times.length
  const badQuotes = outcomes.reduce((sum, outcome) => sum + outcome.badQuotes, 0)
  console.log(`bad quotes: ${badQuotes}   ms per answer: mean ${mean.toFixed(0)}, p50 ${median(times).toFixed(0)}`)
}
