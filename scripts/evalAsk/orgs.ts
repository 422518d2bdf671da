/**
 * The service as a user meets it, over HTTP only: an org holding one set of the corpus, imported
 * through `POST /imports`; questions to `POST /ask`; titles and block words read back with
 * `GET /contracts/{id}`. Any refusal is a failure of the run, not a score.
 */
import path from "node:path"
import { call, createOrg } from "../../test/support/client.js"
import { settledBatch, upload } from "../../test/support/imports.js"

/** A citation as `POST /ask` answers it (the service's own type). */
export type { Citation } from "../../src/Domain/Ask/Compose.js"
import type { Citation } from "../../src/Domain/Ask/Compose.js"

export interface Answer {
  readonly object: "answer"
  readonly question: string
  readonly answer: string
  readonly citations: ReadonlyArray<Citation>
}

interface Sheet {
  readonly title: string
  readonly blocks: ReadonlyMap<string, string>
}

export interface CorpusOrg {
  /** The contract each imported file became. */
  readonly contractOf: ReadonlyMap<string, string>
  readonly fileOf: (contract: string) => string
  readonly failed: number
  readonly ask: (question: string) => Promise<{ readonly answer: Answer; readonly ms: number }>
  readonly sheet: (contract: string) => Promise<Sheet>
}

const maxFilesPerCall = 100

export const importCorpusOrg = async (url: string, name: string, dir: string, files: ReadonlyArray<string>): Promise<CorpusOrg> => {
  const org = await createOrg(url, name)
  const seat = { key: org.keys.live, person: org.people[0]!.id }
  // A call takes at most 100 files (the interface's limit): a wider corpus goes up in batches.
  const rows: Array<Awaited<ReturnType<typeof settledBatch>>[number]> = []
  for (let from = 0; from < files.length; from += maxFilesPerCall) {
    const batch = files.slice(from, from + maxFilesPerCall).map((file) => ({ path: path.join(dir, file) }))
    const created = await upload(url, "/imports", { ...seat, files: batch })
    if (created.status !== 202) throw new Error(`POST /imports: ${created.status} ${created.text}`)
    rows.push(...await settledBatch(url, seat.key, created.body.batch, 600_000))
  }
  const contractOf = new Map<string, string>(rows.filter((row) => row.state === "parsed").map((row) => [row.filename, row.contract]))
  const fileOf = new Map([...contractOf].map(([file, contract]) => [contract, file]))
  const sheets = new Map<string, Promise<Sheet>>()

  const readSheet = async (contract: string): Promise<Sheet> => {
    const reply = await call(url, "GET", `/contracts/${contract}`, seat)
    if (reply.status !== 200) throw new Error(`GET /contracts/${contract}: ${reply.status} ${reply.text}`)
    const blocks = reply.body.blocks as ReadonlyArray<{ id: string; text: string }>
    return { title: String(reply.body.title ?? ""), blocks: new Map(blocks.map((block) => [block.id, block.text])) }
  }

  return {
    contractOf,
    // A contract outside this org's imports still counts against precision, under its own id.
    fileOf: (contract) => fileOf.get(contract) ?? contract,
    failed: rows.length - contractOf.size,
    ask: async (question) => {
      const began = performance.now()
      const reply = await call<Answer>(url, "POST", "/ask", { ...seat, body: { question, stream: false, limit: 50 } })
      const ms = performance.now() - began
      if (reply.status !== 200) throw new Error(`POST /ask: ${reply.status} ${reply.text}`)
      return { answer: reply.body, ms }
    },
    sheet: (contract) => {
      if (!sheets.has(contract)) sheets.set(contract, readSheet(contract))
      return sheets.get(contract)!
    }
  }
}

/** Citations whose quote is not word for word in the block they cite, as the contract's GET shows it. */
export const badQuotes = async (org: CorpusOrg, citations: ReadonlyArray<Citation>): Promise<number> => {
  let bad = 0
  for (const citation of citations) {
    const text = (await org.sheet(citation.contract)).blocks.get(citation.block)
    if (text === undefined || !text.includes(citation.quote)) bad++
  }
  return bad
}
