import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { makeDocx, makeNumberedDocx, makePagedPdf, makePdf, makeScannedPdf, makeTxt } from "./support/documents.js"
import { longClause, numberedAgreement, pagedAgreement, pagedLinesPerPage, runningHeader } from "./support/laidOut.js"
import { sampleAgreement, settledBatch, upload } from "./support/imports.js"
import { type Running, sharedService } from "./support/service.js"

// The 15 labelled contracts checked in beside the tests (the shared corpus has grown past them;
// test/domain/imports reads all of it).
const corpus = join(import.meta.dirname, "fixtures/cuad-dev")

for (const database of databases) {
  describe(`imports (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Importer Ltd")
    })
    afterAll(() => service.stop())

    const person = () => org.people[0]!.id
    const post = (files: ReadonlyArray<{ path: string; name?: string }>, fields: Record<string, string> = {}, idempotencyKey?: string) =>
      upload(service.url, "/imports", { key: org.keys.live, person: person(), files, fields, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) })

    it("imports a txt, a docx and a pdf into draft contracts whose blocks point into the asset's text layer", async () => {
      const files = [
        { path: makeTxt(sampleAgreement.join("\n\n"), "consulting.txt") },
        { path: await makeDocx(sampleAgreement.map((text, i) => ({ text, heading: i === 0 })), "consulting.docx") },
        { path: await makePdf([sampleAgreement.slice(0, 4), sampleAgreement.slice(4)], "consulting.pdf") }
      ]
      const posted = await post(files)
      expect(posted.status).toBe(202)
      expect(posted.body.batch).toMatch(/^imb_/)
      expect(posted.body.imports.map((i: any) => i.state)).toEqual(["parsing", "parsing", "parsing"])
      const rows = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(rows.map((row) => row.state)).toEqual(["parsed", "parsed", "parsed"])
      // The batch pages in upload order, by import id.
      const first = await call(service.url, "GET", `/imports?batch=${posted.body.batch}&limit=2`, { key: org.keys.live })
      expect(first.body).toMatchObject({ has_more: true, next_cursor: rows[1].id })
      expect(first.body.data.map((row: any) => row.filename)).toEqual(["consulting.txt", "consulting.docx"])
      const rest = await call(service.url, "GET", `/imports?batch=${posted.body.batch}&limit=2&starting_after=${first.body.next_cursor}`, {
        key: org.keys.live
      })
      expect(rest.body).toMatchObject({ has_more: false, next_cursor: null })
      expect(rest.body.data.map((row: any) => row.id)).toEqual([rows[2].id])
      expect((await call(service.url, "GET", `/imports/${rows[2].id}`, { key: org.keys.live })).body).toEqual(rows[2])
      for (const row of rows) {
        const sheet = await call(service.url, "GET", `/contracts/${row.contract}`, { key: org.keys.live })
        expect(sheet.status).toBe(200)
        expect(sheet.body.state).toBe("draft")
        expect(sheet.body.origin).toBe("import")
        expect(sheet.body.blocks.length).toBe(row.blocks)
        for (const block of sheet.body.blocks) {
          expect(block.source_span.asset).toBe(row.asset)
          expect(block.verification).toMatch(/^(verified|unverified)$/)
        }
        // The same words in three formats read as the same facts, each one found in the words.
        expect(Object.fromEntries(sheet.body.facts.map((fact: any) => [fact.name, fact.value]))).toEqual({
          party_a: "Northwind Traders, Inc.",
          party_b: "Ada Lovelace Consulting LLC",
          agreement_date: "March 3, 2025",
          effective_date: "April 1, 2025",
          expiration_date: "March 31, 2026",
          renewal_term: "successive one (1) year periods",
          notice_period: "sixty (60) days",
          governing_law: "State of New York",
          amount_1: "$12,500"
        })
        for (const fact of sheet.body.facts) {
          expect(fact.inferred).toBe(true)
          for (const blockId of fact.occurrences) expect(sheet.body.blocks.find((b: any) => b.id === blockId).text).toContain(fact.value)
        }
        expect(row.fields).toBe(9)
        expect(row.facts_inferred).toBe(9)
        expect(row.signature_blocks).toBeGreaterThan(0)
        expect(row.parser).toEqual({ model: "rules-v1", prompt_hash: expect.stringMatching(/^sha256:/) })
        const events = (await call(service.url, "GET", `/contracts/${row.contract}/events`, { key: org.keys.live })).body.data
        expect(events.map((event: any) => event.type)).toEqual(["contract.parsed", "import.completed"])
        expect(events[0].data).toMatchObject({ contract: row.contract, origin: "import", import: row.id, state: "draft" })
        expect(events[1].data).toMatchObject({ import: row.id, unverified_count: row.unverified_count, unverified: row.unverified })
        const assets = await call(service.url, "GET", `/contracts/${row.contract}/assets`, { key: org.keys.live })
        expect(assets.body.data).toEqual([expect.objectContaining({ id: row.asset, role: "provenance", checksum: expect.stringMatching(/^sha256:/) })])
      }
    })

    // A scan with words is read by OCR (test/importScans.test.ts); this one's marks are bars, no letters.
    it("fails a scan with no text layer whose marks OCR reads as no words as extraction_empty, and mints no contract", async () => {
      const posted = await post([{ path: await makeScannedPdf() }])
      expect(posted.status).toBe(202)
      const [row] = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(row.state).toBe("failed")
      expect(row.failure.reason).toBe("extraction_empty")
      expect(row.contract).toBe(null)
      const events = await call(service.url, "GET", "/events", { key: org.keys.live })
      expect(events.body.data.some((event: any) => event.type === "import.failed" && event.data.import === row.id && event.data.reason === "extraction_empty"))
        .toBe(true)
    })

    it("imports a paged PDF and a Word-numbered DOCX into blocks that follow the document", async () => {
      const files = [
        { path: await makePagedPdf(pagedAgreement, { header: runningHeader, linesPerPage: pagedLinesPerPage }, "supply.pdf") },
        { path: await makeNumberedDocx(numberedAgreement, "services.docx") }
      ]
      const posted = await post(files)
      const rows = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(rows.map((row) => row.state)).toEqual(["parsed", "parsed"])
      const [pdf, docx] = await Promise.all(
        rows.map(async (row) => (await call(service.url, "GET", `/contracts/${row.contract}`, { key: org.keys.live })).body)
      )
      // The clause cut by the page break is one verified block; header and page numbers are no block's words.
      const clause = pdf.blocks.filter((block: any) => block.text.includes("the risk in them shall pass"))
      expect(clause.map((block: any) => [block.text, block.verification])).toEqual([[longClause, "verified"]])
      for (const block of pdf.blocks) expect(block.text).not.toMatch(/Execution Copy|Page \d of \d/)
      const signatures = pdf.blocks.filter((block: any) => block.kind === "signature_block")
      expect(signatures.length).toBeGreaterThan(0)
      for (const block of signatures) expect(block.text).not.toContain("SCHEDULE")
      expect(pdf.blocks.find((block: any) => block.text === "SCHEDULE 1")?.kind).toBe("exhibit")
      // Word's automatic numbers are the clause numbers the reader sees.
      for (const start of ["1. Definitions.", "1.1 \"Services\"", "2. Services.", "(a) assign", "(b) comply", "3. Term."]) {
        expect(docx.blocks.filter((block: any) => block.text.startsWith(start)), start).toHaveLength(1)
      }
    })

    it("fails a real manual as not_a_contract, as a PDF and as Markdown, though its licence lends it contract words", async () => {
      // pg's README: a manual ending in the MIT licence ("hereby", "shall", "contract").
      const manual = readFileSync(join(import.meta.dirname, "../node_modules/pg/README.md"), "utf8")
      const paragraphs = manual.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, " ").replace(/[^\x20-\x7e]/g, "?").trim()).filter((p) => p !== "")
      const pages = Array.from({ length: Math.ceil(paragraphs.length / 8) }, (_, i) => paragraphs.slice(i * 8, i * 8 + 8))
      const posted = await post([{ path: await makePdf(pages, "node-postgres.pdf") }, { path: makeTxt(manual, "README.md") }])
      expect(posted.status).toBe(202)
      const rows = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(rows.map((row) => [row.state, row.failure?.reason, row.contract])).toEqual([["failed", "not_a_contract", null], [
        "failed",
        "not_a_contract",
        null
      ]])
    })

    it("imports the 15 real CUAD contracts: every one parsed, its parties found, every fact standing in its words", async () => {
      const names = readdirSync(corpus).filter((name) => name.endsWith(".txt"))
      expect(names).toHaveLength(15)
      const posted = await post(names.map((name) => ({ path: join(corpus, name) })))
      const rows = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(rows.map((row) => row.state)).toEqual(names.map(() => "parsed"))
      for (const row of rows) {
        const sheet = (await call(service.url, "GET", `/contracts/${row.contract}`, { key: org.keys.live })).body
        expect(sheet.facts.some((fact: any) => fact.name === "party_a"), row.filename).toBe(true)
        for (const fact of sheet.facts) {
          for (const blockId of fact.occurrences) expect(sheet.blocks.find((b: any) => b.id === blockId).text).toContain(fact.value)
        }
        const layer = (await call(service.url, "GET", `/contracts/${row.contract}/unverified`, { key: org.keys.live })).body
        for (const unverified of layer) expect(unverified.extracted_text.length).toBeGreaterThan(0)
      }
    })
  })
}
