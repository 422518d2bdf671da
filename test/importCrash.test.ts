import { describe, expect, it } from "@effect/vitest"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort, killed, launch } from "./support/childService.js"
import { call, createOrg } from "./support/client.js"
import { databases } from "./support/databases.js"
import { makePdf } from "./support/documents.js"
import { sampleAgreement, settledBatch, upload } from "./support/imports.js"
import { seededDataDir } from "./support/seededDataDir.js"

const files = 100

for (const database of databases) {
  describe(`imports through a crash (${database.name})`, () => {
    it(`finishes every import of a ${files}-file batch after the process is killed mid-parse, each made once`, async () => {
      // On PostgreSQL the directory keeps only the assets.
      const dataDir = database.name === "pglite" ? seededDataDir("cns-import-crash-") : mkdtempSync(join(tmpdir(), "cns-import-crash-"))
      const made = database.name === "postgres" ? await database.create() : undefined
      const env: Record<string, string> = { DATA_DIR: dataDir, ...(made === undefined ? {} : { DATABASE_URL: made.url }) }
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      let child = await launch(port, env)
      try {
        const org = await createOrg(base, "Crash Imports Ltd")
        // Distinct files (each its own bytes), several pages each, so parsing takes long enough to be interrupted.
        const paths = await Promise.all(
          Array.from(
            { length: files },
            (_, i) => makePdf([sampleAgreement.slice(0, 5), sampleAgreement.slice(5), [`Schedule ${i}: reference ${i}.`]], `agreement-${i}.pdf`)
          )
        )
        const posted = await upload(base, "/imports", { key: org.keys.live, person: org.people[0]!.id, files: paths.map((path) => ({ path })) })
        expect(posted.status).toBe(202)
        const batch = posted.body.batch
        const progress = async () =>
          (await call(base, "GET", `/imports?batch=${batch}&limit=100`, { key: org.keys.live })).body.data as ReadonlyArray<{ state: string }>
        for (let polls = 0; polls < 600 && (await progress()).filter((row) => row.state === "parsed").length < 3; polls++) {
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
        const before = await progress()
        await killed(child)
        expect(before.some((row) => row.state === "parsing")).toBe(true)

        child = await launch(port, env)
        const rows = await settledBatch(base, org.keys.live, batch, 120_000)
        expect(rows).toHaveLength(files)
        expect(rows.every((row) => row.state === "parsed")).toBe(true)
        // One contract per import: a parse interrupted after its contract was made does not make a second.
        const contracts = new Set(rows.map((row) => row.contract))
        expect(contracts.size).toBe(files)
        let listed = 0
        for (let after: string | undefined, more = true; more;) {
          const page = await call(base, "GET", `/contracts?origin=import&limit=100${after === undefined ? "" : `&starting_after=${after}`}`, {
            key: org.keys.live
          })
          listed += page.body.data.length
          more = page.body.has_more
          after = page.body.next_cursor
        }
        expect(listed).toBe(files)
        for (const row of rows.slice(0, 5)) {
          const events = (await call(base, "GET", `/contracts/${row.contract}/events`, { key: org.keys.live })).body.data
          expect(events.filter((event: any) => event.type === "import.completed")).toHaveLength(1)
        }
      } finally {
        await killed(child)
        await made?.drop()
      }
    }, 300_000)
  })
}
