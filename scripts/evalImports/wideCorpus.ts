/**
 * Builds a wider develop set from a whole CUAD v1 checkout (issue 30): the labelled contracts that
 * are not among the shared corpus's 75, in the shared corpus's layout, so the import rules can be
 * developed on hundreds of contracts instead of 50, and the 25 unseen ones stay unread.
 *
 *   npx tsx scripts/evalImports/wideCorpus.ts <cuad-dir> <out-dir>
 *   CORPUS_DIR=<out-dir> CORPUS_SPLIT=none npx tsx scripts/eval-imports-direct.ts
 *
 * <cuad-dir> holds CUAD's `master_clauses.csv` and `full_contract_txt/` (any public copy of the
 * dataset; CC BY 4.0, see ../shared/corpus/README.md). Labels are taken as the shared corpus takes
 * them: answers verbatim, `parties` the Parties answer split at ";", the span columns as lists.
 * Where <cuad-dir> also holds `pdf-paths.txt` (the paths of the PDFs under CUAD's `full_contract_pdf`, `Part_I/<category>/<name>.pdf`,
 * one a line), each label gets its `cuad_category`, the folder CUAD filed it in, for eval:ask's
 * questions about kinds of agreement.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import path from "node:path"
import { corpusDir } from "./corpus.js"

/** RFC 4180 rows: quoted fields may hold commas, newlines and doubled quotes. */
export const csvRows = (text: string): ReadonlyArray<ReadonlyArray<string>> => {
  const rows: Array<Array<string>> = []
  let row: Array<string> = []
  let field = ""
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (quoted) {
      if (char === "\"" && text[index + 1] === "\"") {
        field += "\""
        index++
      } else if (char === "\"") quoted = false
      else field += char
    } else if (char === "\"") quoted = true
    else if (char === ",") {
      row.push(field)
      field = ""
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++
      row.push(field)
      rows.push(row)
      row = []
      field = ""
    } else field += char
  }
  if (field.length > 0 || row.length > 0) rows.push([...row, field])
  return rows
}

/** A span column as CUAD writes it, a Python list literal: `['a', "b's"]`. */
export const pythonStrings = (literal: string): ReadonlyArray<string> =>
  [...literal.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((match) =>
    (match[1] ?? match[2] ?? "").replace(/\\(.)/g, (_, escaped: string) => escaped === "n" ? "\n" : escaped)
  )

const categories = {
  "Document Name": null,
  "Parties": null,
  "Agreement Date": "agreement_date",
  "Effective Date": "effective_date",
  "Expiration Date": "expiration_date",
  "Renewal Term": "renewal_term",
  "Notice Period to Terminate Renewal": "notice_period",
  "Governing Law": "governing_law"
} as const

/** A contract's name (its file name without ".pdf") → the folder CUAD filed it in: "Affiliate_Agreements", "Co_Branding". */
const categoriesByName = (cuadDir: string): ReadonlyMap<string, string> => {
  const listing = path.join(cuadDir, "pdf-paths.txt")
  if (!existsSync(listing)) return new Map()
  return new Map(
    readFileSync(listing, "utf8").split("\n").map((line) => line.trim().split("/")).filter((parts) => parts.length >= 2 && /\.pdf$/i.test(parts.at(-1)!))
      .map((parts) => [parts.at(-1)!.replace(/\.pdf$/i, ""), parts.at(-2)!] as const)
  )
}

const main = () => {
  const [cuadDir, outDir] = process.argv.slice(2)
  if (cuadDir === undefined || outDir === undefined) throw new Error("usage: wideCorpus.ts <cuad-dir> <out-dir>")
  const [header, ...rows] = csvRows(readFileSync(path.join(cuadDir, "master_clauses.csv"), "utf8"))
  const column = (name: string) => header!.indexOf(name)
  const categoryOf = categoriesByName(cuadDir)
  const shared = JSON.parse(readFileSync(path.join(corpusDir, "labels.json"), "utf8")) as ReadonlyArray<{ cuad_name: string }>
  const excluded = new Set(shared.map((label) => label.cuad_name.trim()))
  mkdirSync(outDir, { recursive: true })
  const labels = rows.filter((row) => row.length === header!.length && !excluded.has(row[0]!.trim())).flatMap((row, index) => {
    const cuadName = row[0]!.trim()
    const textFile = path.join(cuadDir, "full_contract_txt", cuadName.replace(/\.pdf$/i, ".txt"))
    if (!existsSync(textFile)) return []
    const file = `wide-${String(index).padStart(3, "0")}.txt`
    writeFileSync(path.join(outDir, file), readFileSync(textFile))
    const answer = (name: string) => {
      const value = row[column(`${name}-Answer`)]!.trim()
      return value.length === 0 ? null : value
    }
    const facts = Object.fromEntries(
      Object.entries(categories).flatMap(([name, field]) => field === null ? [] : [[field, answer(name)]])
    )
    // The notice column's span list is named without "to Terminate Renewal" in the shared labels.
    const spans = Object.fromEntries(
      Object.keys(categories).map((name) => [
        name === "Notice Period to Terminate Renewal" ? "Notice Period To Terminate Renewal" : name,
        pythonStrings(row[column(name)]!)
      ])
    )
    const parties = answer("Parties")
    return [{
      file,
      id: file.replace(/\.txt$/, ""),
      cuad_name: cuadName,
      ...(categoryOf.has(cuadName.replace(/\.pdf$/i, "")) ? { cuad_category: categoryOf.get(cuadName.replace(/\.pdf$/i, "")) } : {}),
      document_name: answer("Document Name"),
      parties: parties === null ? [] : parties.split(";").map((part) => part.trim()).filter((part) => part.length > 0),
      ...facts,
      spans
    }]
  })
  writeFileSync(path.join(outDir, "labels.json"), JSON.stringify(labels, null, 1))
  console.log(`${labels.length} contracts written to ${outDir} (${excluded.size} of the shared corpus left out)`)
}

main()
