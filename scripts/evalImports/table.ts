import type { Counts, Scores } from "./score.js"

const ratio = (numerator: number, denominator: number): number => (denominator === 0 ? 0 : numerator / denominator)

export const metrics = (counts: Counts): { precision: number; recall: number; f1: number } => {
  const precision = ratio(counts.tp, counts.tp + counts.fp)
  const recall = ratio(counts.tp, counts.tp + counts.fn)
  return { precision, recall, f1: ratio(2 * precision * recall, precision + recall) }
}

/** Precision, recall and F1 per fact name, and a micro-averaged total, as an aligned text table. */
export const formatTable = (scores: Scores): string => {
  const names = Object.keys(scores)
  const total = names.reduce<Counts>(
    (sum, name) => ({ tp: sum.tp + scores[name].tp, fp: sum.fp + scores[name].fp, fn: sum.fn + scores[name].fn }),
    { tp: 0, fp: 0, fn: 0 }
  )
  const rows = [...names.map((name) => [name, scores[name]] as const), ["total (micro)", total] as const].map(([name, counts]) => {
    const { f1, precision, recall } = metrics(counts)
    return [name, String(counts.tp), String(counts.fp), String(counts.fn), precision.toFixed(2), recall.toFixed(2), f1.toFixed(2)]
  })
  const header = ["fact", "tp", "fp", "fn", "precision", "recall", "f1"]
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)))
  const line = (cells: ReadonlyArray<string>) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ")
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.slice(0, -1).map(line), line(rows.at(-1)!)].join("\n")
}

export const printTable = (scores: Scores): void => {
  console.log(formatTable(scores))
}
