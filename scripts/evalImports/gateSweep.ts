/**
 * Measures the contract gate (src/Domain/Imports/ContractGate.ts) both ways:
 *   npx tsx scripts/evalImports/gateSweep.ts [contract-dir …]
 * Every labelled contract of the shared corpus (and of each directory given, such as the wide
 * develop set) should pass; every document on this machine that is no contract should be refused:
 * the PDF manuals Debian ships, texts of /usr/share/doc (licences left out: they are terms),
 * node_modules READMEs and other Markdown, and man pages. Prints the counts, the refused contracts
 * by name (the shared corpus's only as a count: its unseen 25 are not read) and the highest shares
 * of term sentences among the refused documents, the margin a rule keeps.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { gunzipSync } from "node:zlib"
import { isContract, readAsContract } from "../../src/Domain/Imports/ContractGate.js"
import type { ContractReading } from "../../src/Domain/Imports/ContractGate.js"
import { extractText } from "../../src/Imports/Extract.js"
import { corpusDir } from "./corpus.js"

// GATE_SWEEP_LIMIT=100000 judges every file of each source (man1 alone holds thousands).
const perSource = Number(process.env["GATE_SWEEP_LIMIT"] ?? 600)
const utf8 = new TextDecoder("utf-8", { fatal: true })

const walk = (root: string, keep: (file: string) => boolean, depth = 8): ReadonlyArray<string> => {
  if (!existsSync(root) || depth < 0) return []
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(root, entry.name)
    if (entry.isDirectory()) return walk(full, keep, depth - 1)
    return entry.isFile() && keep(full) ? [full] : []
  }).sort()
}

/** The text of a file, gunzipped where it is; null when it is not UTF-8 text. */
const textOf = (file: string): string | null => {
  try {
    const bytes = file.endsWith(".gz") ? gunzipSync(readFileSync(file)) : readFileSync(file)
    if (bytes.length > 2_000_000 || bytes.includes(0)) return null
    return utf8.decode(bytes)
  } catch {
    return null
  }
}

const readingOf = (text: string): ContractReading | null => text.replace(/\s/g, "").length < 20 ? null : readAsContract(text)

interface Tally {
  readonly source: string
  judged: number
  passed: Array<string>
  highest: { withParties: number; alone: number }
  /** Refused documents that still read a preamble or signatures: how close the structure rules come. */
  named: number
  signed: number
}

/** GATE_SWEEP_NEAR=1 names each refused document that reads a preamble or signatures (never a contract's: the shared corpus holds the unseen 25). */
const showNear = process.env["GATE_SWEEP_NEAR"] !== undefined

const tally = (source: string, documents: ReadonlyArray<readonly [string, string | null]>, contracts = false): Tally => {
  const result: Tally = { source, judged: 0, passed: [], highest: { withParties: 0, alone: 0 }, named: 0, signed: 0 }
  for (const [name, text] of documents) {
    const reading = text === null ? null : readingOf(text)
    if (reading === null) continue
    result.judged++
    if (isContract(reading)) {
      result.passed.push(name)
      continue
    }
    if (reading.preamble) result.named++
    if (reading.signatures) result.signed++
    if (showNear && !contracts && (reading.preamble || reading.signatures)) console.log(`near: ${name}`, reading)
    if (reading.preamble || reading.signatures) result.highest.withParties = Math.max(result.highest.withParties, reading.terms)
    else result.highest.alone = Math.max(result.highest.alone, reading.terms)
  }
  return result
}

const corpusTexts = (dir: string) => walk(dir, (file) => file.endsWith(".txt"), 0).map((file) => [path.basename(file), textOf(file)] as const)

const pdfTexts = async (): Promise<ReadonlyArray<readonly [string, string | null]>> => {
  const pdfs = walk("/usr/share/doc", (file) => /\.pdf(?:\.gz)?$/.test(file))
  const out: Array<readonly [string, string | null]> = []
  for (const file of pdfs) {
    const plain = file.endsWith(".gz") ? path.join(tmpdir(), `gate-sweep-${path.basename(file, ".gz")}`) : file
    if (plain !== file) writeFileSync(plain, gunzipSync(readFileSync(file)))
    const extracted = await extractText("pdf", plain).catch(() => null)
    out.push([file, extracted === null ? null : extracted.text])
  }
  return out
}

const licence = /(?:^|\/)(?:copyright|licen[cs]e|copying)[^/]*$/i
const docTexts = walk("/usr/share/doc", (file) => !licence.test(file) && /\.(?:txt|md|rst)(?:\.gz)?$|\/(?:README|NEWS|changelog)[^/]*$/i.test(file))
  .filter((file) => statSync(file).size > 200).slice(0, perSource * 3)
const modules = path.join(process.cwd(), "node_modules")
const readmes = walk(modules, (file) => /\/readme\.md$/i.test(file)).slice(0, perSource)
const otherMarkdown = walk(modules, (file) => /\.md$/i.test(file) && !/\/(?:readme|license|licence|copying)[^/]*$/i.test(file)).slice(0, perSource)
const manPages = walk("/usr/share/man/man1", (file) => file.endsWith(".gz"), 0).slice(0, perSource)

const contractSets = [corpusDir, ...process.argv.slice(2)]
const contracts = contractSets.map((dir) => tally(dir, corpusTexts(dir), true))
const others = [
  tally("Debian PDF manuals", await pdfTexts()),
  tally("/usr/share/doc texts", docTexts.map((file) => [file, textOf(file)] as const)),
  tally("node_modules READMEs", readmes.map((file) => [file, textOf(file)] as const)),
  tally("node_modules Markdown", otherMarkdown.map((file) => [file, textOf(file)] as const)),
  tally("man pages (man1)", manPages.map((file) => [file, textOf(file)] as const))
]

console.log("contracts                                  passed / judged")
for (const set of contracts) {
  console.log(`${set.source.padEnd(42)} ${String(set.passed.length).padStart(6)} / ${set.judged}`)
  // The shared corpus holds the unseen 25: its refusals are a count, never names.
  if (set.source !== corpusDir) {
    const passed = new Set(set.passed)
    const refused = corpusTexts(set.source).map(([name]) => name).filter((name) => !passed.has(name))
    if (refused.length > 0) console.log(`  refused: ${refused.join(", ")}`)
  }
}
console.log("\nno contracts                     refused / judged   highest share refused (with parties, alone)   refused with a preamble, signatures")
for (const set of others) {
  const shares = `${Math.round(set.highest.withParties * 100)}%, ${Math.round(set.highest.alone * 100)}%`
  const near = `${set.named}, ${set.signed}`
  console.log(`${set.source.padEnd(32)} ${String(set.judged - set.passed.length).padStart(7)} / ${String(set.judged).padEnd(7)} ${shares.padEnd(43)} ${near}`)
  for (const name of set.passed) console.log(`  passed: ${name}`)
}
