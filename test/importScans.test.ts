import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseDocument } from "../src/Domain/Imports/ParseDocument.js"
import { verificationThreshold } from "../src/Domain/Imports/Parsed.js"
import { extractText } from "../src/Imports/Extract.js"
import { call, createOrg, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { makePdf } from "./support/documents.js"
import { settledBatch, upload } from "./support/imports.js"
import { blankScan, characterAccuracy, scanOf } from "./support/scans.js"
import { type Running, sharedService } from "./support/service.js"

// The opening page of a develop-set contract (its title, parties and date), as a text PDF and as a 200-dpi scan of it.
const corpusPage = readFileSync(join(import.meta.dirname, "fixtures/cuad-dev/sphere3d-consulting.txt"), "utf8")
  .split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s+/g, " ").trim()).filter((paragraph) => paragraph !== "").slice(0, 6)

const factsOf = (facts: ReadonlyArray<{ name: string; value: string }>) => Object.fromEntries(facts.map((fact) => [fact.name, fact.value]))

for (const database of databases) {
  describe(`imports of scans (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Scanner Ltd")
    })
    afterAll(() => service.stop())

    it("reads a scanned contract by OCR: every block unverified with OCR's confidence, the facts those of its text; a blank scan fails extraction_empty", async () => {
      const text = await makePdf([corpusPage], "sphere3d.pdf")
      const layer = parseDocument(await extractText("pdf", text))
      if (layer._tag !== "Parsed") throw new Error(`the text PDF did not parse: ${layer.detail}`)
      const scan = await scanOf(text)
      expect((await extractText("pdf", scan)).text.trim()).toBe("")

      const began = performance.now()
      const posted = await upload(service.url, "/imports", {
        key: org.keys.live,
        person: org.people[0]!.id,
        files: [{ path: scan }, { path: await blankScan() }]
      })
      expect(posted.status).toBe(202)
      const [read, blank] = await settledBatch(service.url, org.keys.live, posted.body.batch, 60_000)
      const seconds = (performance.now() - began) / 1000

      expect(blank.state).toBe("failed")
      expect(blank.failure.reason).toBe("extraction_empty")
      expect(blank.contract).toBe(null)

      expect(read.state).toBe("parsed")
      const sheet = (await call(service.url, "GET", `/contracts/${read.contract}`, { key: org.keys.live })).body
      expect(sheet.blocks.length).toBeGreaterThan(3)
      for (const block of sheet.blocks) {
        expect(block.verification).toBe("unverified")
        expect(block.confidence).toBeGreaterThan(0.5)
        expect(block.confidence).toBeLessThan(verificationThreshold)
      }
      expect(read.unverified).toHaveLength(sheet.blocks.length)
      // The same words read off the picture give the same facts as the text layer gives.
      expect(factsOf(sheet.facts)).toEqual(factsOf(layer.parse.facts))
      expect(factsOf(sheet.facts)).toMatchObject({ effective_date: "June 1st, 2020" })

      // OCR's character accuracy, over the text layer the asset keeps (what every block's span points into).
      const stored = await service.run(
        Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ text_layer: string }>`SELECT text_layer FROM assets WHERE id = ${read.asset}`)
      )
      const accuracy = characterAccuracy(stored[0]!.text_layer, corpusPage.join("\n\n"))
      console.log(`OCR of a 200-dpi scan (${database.name}): character accuracy ${accuracy.toFixed(4)}, two one-page scans in ${seconds.toFixed(1)} s`)
      expect(accuracy).toBeGreaterThan(0.99)
    })
  })
}
