import { readdirSync } from "node:fs"
import { readFile } from "node:fs/promises"
import { basename, join } from "node:path"
import { checkDocumentedError } from "./documentedErrors.js"
import { call, type Reply } from "./client.js"

export interface UploadOptions {
  readonly key: string
  readonly person?: string
  readonly files: ReadonlyArray<{ readonly path: string; readonly name?: string; readonly field?: string }>
  readonly fields?: Readonly<Record<string, string>>
  readonly idempotencyKey?: string | null
}

let keys = 0

/** A real multipart request, as curl -F sends one: each file a part of its own. */
export const upload = async <T = any>(base: string, path: string, options: UploadOptions): Promise<Reply<T>> => {
  const form = new FormData()
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value)
  for (const file of options.files) {
    form.append(file.field ?? (path === "/assets" ? "file" : "files[]"), new Blob([await readFile(file.path)]), file.name ?? basename(file.path))
  }
  const headers: Record<string, string> = { authorization: `Bearer ${options.key}` }
  if (options.person !== undefined) headers["contracts-acting-person"] = options.person
  if (options.idempotencyKey !== null) headers["idempotency-key"] = options.idempotencyKey ?? `upload-${Date.now()}-${++keys}`
  const response = await fetch(`${base}${path}`, { method: "POST", headers, body: form })
  const text = await response.text()
  const body = text === "" ? undefined : JSON.parse(text)
  checkDocumentedError("POST", response.url, response.status, body?.error?.code)
  return { status: response.status, headers: response.headers, body, text }
}

/** Reads a batch until every import has finished (parsed or failed); a parse takes milliseconds, so a few seconds is plenty. */
export const settledBatch = async (base: string, key: string, batch: string, within = 30_000): Promise<ReadonlyArray<any>> => {
  const until = Date.now() + within
  for (;;) {
    const rows: Array<any> = []
    let after: string | undefined
    for (;;) {
      const page = await call(base, "GET", `/imports?batch=${batch}&limit=100${after === undefined ? "" : `&starting_after=${after}`}`, { key })
      if (page.status !== 200) throw new Error(`GET /imports: ${page.status} ${page.text}`)
      rows.push(...page.body.data)
      if (!page.body.has_more) break
      after = page.body.next_cursor
    }
    if (rows.every((row) => row.state === "parsed" || row.state === "failed")) return rows
    if (Date.now() > until) throw new Error(`imports still unfinished: ${JSON.stringify(rows.map((row) => row.state))}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** A short agreement with the facts an import should find: two parties, dates, law, money, a renewal and notice, signatures. */
export const sampleAgreement = [
  "CONSULTING AGREEMENT",
  "This Consulting Agreement (the \"Agreement\") is made and entered into as of March 3, 2025 by and between Northwind Traders, Inc., a Delaware corporation (\"Client\"), and Ada Lovelace Consulting LLC, a California limited liability company (\"Consultant\").",
  "1. Services. Consultant shall provide the advisory services described in Exhibit A to Client during the Term.",
  "2. Fees. Client shall pay Consultant a monthly fee of $12,500 within thirty (30) days of each invoice.",
  "3. Term. This Agreement commences on April 1, 2025 and continues until March 31, 2026, and thereafter renews for successive one (1) year periods unless either party gives written notice of non-renewal at least sixty (60) days before the end of the then-current term.",
  "4. Limitation of Liability. Neither party shall be liable for indirect or consequential damages arising out of this Agreement.",
  "5. Governing Law. This Agreement shall be governed by the laws of the State of New York.",
  "6. Severability. If any provision of this Agreement is held invalid, the remaining provisions shall continue in full force and effect.",
  "IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.",
  "NORTHWIND TRADERS, INC. By: /s/ Grace Hopper Name: Grace Hopper Title: Chief Executive Officer",
  "ADA LOVELACE CONSULTING LLC By: /s/ Ada Lovelace Name: Ada Lovelace Title: Managing Member"
]

/** Every file the asset store holds outside its temporary directory: nothing may land for a refused request. */
export const storedFiles = (dir: string) =>
  readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== "tmp").flatMap((entry) =>
    readdirSync(join(dir, entry.name))
  )
