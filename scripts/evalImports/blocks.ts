/**
 * How often a `verified` block is right (issue 30): each corpus contract rendered as a PDF with
 * page furniture and as a DOCX with Word's numbering (render.ts), read back through the service's
 * own extraction (src/Imports/Extract.ts) and parser, and each block judged against the paragraphs
 * a reader sees (judge.ts). Prints, per set, the share of verified blocks that are right and the
 * share of wrong blocks left unverified, at the parser's threshold and at others, so the threshold
 * is chosen on the develop set and checked on the unseen one. Totals only: no per-file figures.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { parseDocument } from "../../src/Domain/Imports/ParseDocument.js"
import { verificationThreshold } from "../../src/Domain/Imports/Parsed.js"
import { extractText } from "../../src/Imports/Extract.js"
import { isRight, tallyAt, truthOf } from "./judge.js"
import type { Rendered } from "./render.js"
import { renderDocx, renderPdf } from "./render.js"

interface Judged {
  readonly right: boolean
  readonly confidence: number
  readonly format: "pdf" | "docx"
}

const judgeFile = async (dir: string, file: string, text: string, format: "pdf" | "docx"): Promise<Array<Judged>> => {
  const stem = file.replace(/\.txt$/, "")
  const rendered: Rendered = format === "pdf" ? await renderPdf(text, `${stem} | execution copy`) : await renderDocx(text)
  const target = path.join(dir, `${stem}.${format}`)
  writeFileSync(target, rendered.bytes)
  const outcome = parseDocument(await extractText(format, target))
  rmSync(target)
  if (outcome._tag === "Failed") return []
  const truth = truthOf(rendered.paragraphs)
  return outcome.parse.blocks.map((block) => ({ right: isRight(truth, block), confidence: block.confidence, format }))
}

export const judgeCorpus = async (corpus: string, files: ReadonlyArray<string>): Promise<Array<Judged>> => {
  const dir = mkdtempSync(path.join(tmpdir(), "eval-blocks-"))
  try {
    const out: Array<Judged> = []
    for (const file of files) {
      const text = readFileSync(path.join(corpus, file), "utf8")
      out.push(...await judgeFile(dir, file, text, "pdf"), ...await judgeFile(dir, file, text, "docx"))
    }
    return out
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const share = (part: number, whole: number) => (whole === 0 ? "  -  " : (part / whole).toFixed(3))

const line = (name: string, judged: ReadonlyArray<Judged>, threshold: number) => {
  const tally = tallyAt(judged, threshold)
  const wrong = tally.blocks - tally.right
  return [
    name.padEnd(16),
    String(tally.blocks).padStart(6),
    share(tally.right, tally.blocks).padStart(7),
    String(tally.verified).padStart(8),
    share(tally.verifiedRight, tally.verified).padStart(15),
    share(tally.wrongUnverified, wrong).padStart(17)
  ].join("  ")
}

const header = ["set".padEnd(16), "blocks", "  right", "verified", "verified right", "wrong unverified"].join("  ")

/** The report: each set at the parser's threshold, then the develop set at other thresholds. */
export const printBlockCalibration = (sets: ReadonlyArray<readonly [string, ReadonlyArray<Judged>]>): void => {
  console.log(`\nblocks (corpus rendered as PDF with page furniture and as DOCX with Word numbering), threshold ${verificationThreshold}:`)
  console.log(header)
  for (const [name, judged] of sets) {
    console.log(line(name, judged, verificationThreshold))
    for (const format of ["pdf", "docx"] as const) console.log(line(`  ${format}`, judged.filter((entry) => entry.format === format), verificationThreshold))
  }
  const develop = sets.find(([name]) => name.startsWith("develop"))
  if (develop === undefined) return
  console.log(`\n${develop[0]}: the same at other thresholds`)
  console.log(header.replace("set".padEnd(16), "threshold".padEnd(16)))
  for (const threshold of [0.6, 0.7, 0.75, 0.8, 0.85, 0.88, 0.9, 0.92, 0.94]) console.log(line(threshold.toFixed(2), develop[1], threshold))
}
