/** One run of a word-level comparison: words kept, taken out or put in. */
export interface RedlineRun {
  readonly kind: "same" | "deleted" | "inserted"
  readonly text: string
}

// Words and the spaces between them are the units: a word that gains a space after it (new words
// follow it) is the same word, as a reviewer of tracked changes sees it.
const tokens = (text: string): ReadonlyArray<string> => text.match(/\S+|\s+/g) ?? []

/** Past this many cells the middle is shown as one deletion and one insertion: a bounded cost for any text. */
const maxCells = 4_000_000

const merged = (runs: ReadonlyArray<RedlineRun>): ReadonlyArray<RedlineRun> =>
  runs.reduce<Array<RedlineRun>>((out, run) => {
    const last = out.at(-1)
    if (run.text === "") return out
    if (last !== undefined && last.kind === run.kind) out[out.length - 1] = { kind: run.kind, text: last.text + run.text }
    else out.push(run)
    return out
  }, [])

/**
 * Changes as a reader takes them in: a bare space kept between two changes joins them, and each
 * stretch of changes reads as its deletion, then its insertion (not word by word, interleaved).
 */
const readable = (runs: ReadonlyArray<RedlineRun>): ReadonlyArray<RedlineRun> => {
  const out: Array<RedlineRun> = []
  let deleted = ""
  let inserted = ""
  const flush = () => {
    if (deleted !== "") out.push({ kind: "deleted", text: deleted })
    if (inserted !== "") out.push({ kind: "inserted", text: inserted })
    deleted = ""
    inserted = ""
  }
  runs.forEach((run, i) => {
    if (run.kind === "deleted") deleted += run.text
    else if (run.kind === "inserted") inserted += run.text
    else if (/^\s+$/.test(run.text) && deleted + inserted !== "" && runs[i + 1] !== undefined && runs[i + 1]!.kind !== "same") {
      deleted += run.text
      inserted += run.text
    } else {
      flush()
      out.push(run)
    }
  })
  flush()
  return merged(out)
}

/** The longest common subsequence of two token lists, as runs, walked from a table of suffix lengths. */
const commonRuns = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<RedlineRun> => {
  const width = b.length + 1
  const table = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!)
    }
  }
  const runs: Array<RedlineRun> = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      runs.push({ kind: "same", text: a[i]! })
      i++
      j++
    } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) runs.push({ kind: "deleted", text: a[i++]! })
    else runs.push({ kind: "inserted", text: b[j++]! })
  }
  for (; i < a.length; i++) runs.push({ kind: "deleted", text: a[i]! })
  for (; j < b.length; j++) runs.push({ kind: "inserted", text: b[j]! })
  return runs
}

/**
 * The word-level redline from the standing words to the proposed ones: what a person reviewing a
 * tracked-changes document expects. Common words at both ends are kept without comparing, and a
 * middle too large to compare cheaply shows as one deletion and one insertion.
 */
export const redline = (standing: string, proposed: string): ReadonlyArray<RedlineRun> => {
  const a = tokens(standing)
  const b = tokens(proposed)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  const middleA = a.slice(start, a.length - end)
  const middleB = b.slice(start, b.length - end)
  const middle = (middleA.length + 1) * (middleB.length + 1) > maxCells
    ? [{ kind: "deleted" as const, text: middleA.join("") }, { kind: "inserted" as const, text: middleB.join("") }]
    : commonRuns(middleA, middleB)
  return readable(merged([
    { kind: "same", text: a.slice(0, start).join("") },
    ...middle,
    { kind: "same", text: a.slice(a.length - end).join("") }
  ]))
}
