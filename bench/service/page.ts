import http from "node:http"
import { expectJson, keepAliveAgent, request } from "../lib/http.js"
import { quantile, round } from "../lib/stats.js"
import { createOrg, freshKey } from "./actors.js"
import { type ServiceOptions, startService } from "./service.js"

export interface PageResults {
  readonly clauses: number
  readonly requests: number
  /** Milliseconds from request to the last byte, one client on a warm keep-alive connection. */
  readonly page: { readonly p50Ms: number; readonly p99Ms: number; readonly bytes: number }
  readonly json: { readonly p50Ms: number; readonly p99Ms: number; readonly bytes: number }
  readonly pageToJson: number
}

/** A services agreement of `clauses` numbered clauses between two named companies: what the import reads into blocks. */
const agreement = (clauses: number) =>
  [
    "MASTER SERVICES AGREEMENT",
    "This Master Services Agreement is made on 1 March 2027 between Northwind Traders, Inc., a Delaware corporation (\"Client\"), and Contoso Services LLC, a New York limited liability company (\"Supplier\").",
    ...Array.from({ length: clauses }, (_, i) =>
      `${i + 1}. Obligation ${i + 1}. The Supplier shall perform the services described in Schedule ${
        i + 1
      } with reasonable skill and care, in accordance with good industry practice, and shall notify the Client in writing within ten (10) business days of any matter that may delay or prevent that performance.`),
    "This Agreement shall be governed by the laws of the State of New York.",
    "NORTHWIND TRADERS, INC. By: /s/ Grace Hopper Name: Grace Hopper Title: Chief Executive Officer",
    "CONTOSO SERVICES LLC By: /s/ Alan Turing Name: Alan Turing Title: Managing Member"
  ].join("\n\n")

const get = (base: string, path: string, agent: http.Agent, headers: Record<string, string>) =>
  new Promise<{ status: number; bytes: number; ms: number }>((resolve, reject) => {
    const began = performance.now()
    const req = http.request(`${base}${path}`, { agent, headers }, (res) => {
      let bytes = 0
      res.on("data", (chunk: Buffer) => (bytes += chunk.length))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - began }))
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end()
  })

/**
 * The guest's page of a 60-clause imported contract beside the JSON read of the same contract by
 * the same guest, taken in turns by one client on a warm connection, so both see the same machine.
 */
export const pageFlow = async (
  options: ServiceOptions,
  settings: { readonly clauses: number; readonly requests: number },
  log: (line: string) => void
): Promise<PageResults> => {
  const service = await startService(options)
  try {
    const base = service.url
    const agent = keepAliveAgent(1)
    const ada = await createOrg(base, agent, "Northwind Traders", "Ada Lovelace")
    const form = new FormData()
    form.append("files[]", new Blob([agreement(settings.clauses)]), "agreement.txt")
    const posted = await fetch(`${base}/imports`, { method: "POST", headers: { ...ada.headers, "idempotency-key": freshKey("import") }, body: form })
    const batch = ((await posted.json()) as { batch: string }).batch
    let contract: string | null = null
    while (contract === null) {
      const rows = await expectJson(200, request(base, `/imports?batch=${batch}`, { agent, headers: ada.headers }), "import")
      if (rows.data[0].state === "failed") throw new Error(`the page bench's agreement did not import: ${JSON.stringify(rows.data[0].failure)}`)
      contract = rows.data[0].contract ?? null
      if (contract === null) await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const sheet = await expectJson(200, request(base, `/contracts/${contract}`, { agent, headers: ada.headers }), "sheet")
    const clauses = sheet.blocks.filter((b: { kind: string }) => b.kind === "clause").length
    if (clauses < settings.clauses) throw new Error(`the import made ${clauses} clauses of ${settings.clauses}`)
    await expectJson(
      200,
      request(base, `/contracts/${contract}/send`, {
        agent,
        method: "POST",
        headers: { ...ada.headers, "if-match": sheet.words_hash, "idempotency-key": freshKey("send") },
        body: { recipients: [{ email: "gail@outside.test", name: "Gail Guest", capacity: ["negotiator", "signer"] }], confirmed_by: ada.person.id }
      }),
      "send"
    )
    const outbox = await expectJson(200, request(base, "/sandbox/outbox", { agent, headers: ada.headers }), "outbox")
    const token = new URL(outbox.data.find((m: { to: string }) => m.to === "gail@outside.test").link).searchParams.get("t")!
    const exchange = await fetch(`${base}/contracts/${contract}?t=${token}`, { headers: { accept: "text/html" } })
    const cookie = exchange.headers.get("set-cookie")!.split(";")[0]!
    const page = () => get(base, `/contracts/${contract}`, agent, { accept: "text/html,application/xhtml+xml,*/*;q=0.8", cookie })
    const json = () => get(base, `/contracts/${contract}`, agent, { authorization: `Token ${token}` })
    const pageMs: Array<number> = []
    const jsonMs: Array<number> = []
    let pageBytes = 0
    let jsonBytes = 0
    for (let i = -50; i < settings.requests; i++) {
      const [p, j] = [await page(), await json()]
      if (p.status !== 200 || j.status !== 200) throw new Error(`page ${p.status}, JSON ${j.status}`)
      if (i < 0) continue
      pageMs.push(p.ms)
      jsonMs.push(j.ms)
      pageBytes = p.bytes
      jsonBytes = j.bytes
    }
    const sortedPage = Float64Array.from(pageMs).sort()
    const sortedJson = Float64Array.from(jsonMs).sort()
    const results: PageResults = {
      clauses,
      requests: settings.requests,
      page: { p50Ms: round(quantile(sortedPage, 0.5), 2), p99Ms: round(quantile(sortedPage, 0.99), 2), bytes: pageBytes },
      json: { p50Ms: round(quantile(sortedJson, 0.5), 2), p99Ms: round(quantile(sortedJson, 0.99), 2), bytes: jsonBytes },
      pageToJson: round(quantile(sortedPage, 0.5) / quantile(sortedJson, 0.5), 2)
    }
    log(
      `  ${clauses} clauses: page p50 ${results.page.p50Ms} ms (${round(pageBytes / 1024, 1)} KB), JSON read p50 ${results.json.p50Ms} ms (${
        round(jsonBytes / 1024, 1)
      } KB): ${results.pageToJson}×`
    )
    agent.destroy()
    return results
  } finally {
    await service.child.stop()
  }
}

/** The page beside the JSON read, per database. */
export const pageTable = (page: { readonly postgres?: PageResults; readonly embedded?: PageResults }) =>
  [
    "| guest's page, 60 clauses | page p50 / p99 | JSON read p50 / p99 | page ÷ JSON (p50) | page bytes | JSON bytes |",
    "|---|---|---|---|---|---|",
    ...(["postgres", "embedded"] as const).flatMap((db) => {
      const r = page[db]
      return r === undefined ? [] : [
        `| ${
          db === "postgres" ? "PostgreSQL" : "PGlite"
        } | ${r.page.p50Ms} / ${r.page.p99Ms} ms | ${r.json.p50Ms} / ${r.json.p99Ms} ms | ${r.pageToJson}× | ${r.page.bytes} | ${r.json.bytes} |`
      ]
    })
  ].join("\n")
