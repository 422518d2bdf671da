import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { makeTxt } from "./support/documents.js"
import { sampleAgreement, settledBatch, upload } from "./support/imports.js"
import { type Running, sharedService } from "./support/service.js"

// The sample agreement with its end written as a length, as most CUAD contracts write it, instead of a date.
const byLength = sampleAgreement.map((paragraph) =>
  paragraph.startsWith("3. Term.")
    ? "3. Term. This Agreement shall commence on April 1, 2025 (the \"Effective Date\") and shall continue in effect for a period of three (3) years, and thereafter renews for successive one (1) year periods unless either party gives written notice of non-renewal at least sixty (60) days before the end of the then-current term."
    : paragraph
)

for (const database of databases) {
  describe(`what facts read as: normalized (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Importer Ltd")
    })
    afterAll(() => service.stop())

    const as = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
      call(service.url, method, path, { key: org.keys.live, person: org.people[0]!.id, ...options })
    const sheetOf = async (id: string) => (await as("GET", `/contracts/${id}`)).body
    const factOf = (sheet: any, name: string) => sheet.facts.find((fact: any) => fact.name === name)

    it("reads an imported contract's dates as ISO dates, its periods as durations, and a length of term as its end date", async () => {
      const posted = await upload(service.url, "/imports", {
        key: org.keys.live,
        person: org.people[0]!.id,
        files: [{ path: makeTxt(byLength.join("\n\n"), "agreement.txt") }]
      })
      expect(posted.status).toBe(202)
      const [row] = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(row.state).toBe("parsed")
      const sheet = await sheetOf(row.contract)
      expect(factOf(sheet, "agreement_date")).toMatchObject({ value: "March 3, 2025", normalized: "2025-03-03" })
      expect(factOf(sheet, "effective_date")).toMatchObject({ value: "April 1, 2025", normalized: "2025-04-01" })
      // Three years from the effective date, to the anniversary: no day is taken off, as CUAD's annotators count.
      expect(factOf(sheet, "expiration_date")).toMatchObject({ kind: "date", value: "three (3) years", normalized: "2028-04-01" })
      expect(factOf(sheet, "renewal_term")).toMatchObject({ kind: "term", normalized: "P1Y" })
      expect(factOf(sheet, "notice_period")).toMatchObject({ kind: "notice", normalized: "P60D" })
      expect(factOf(sheet, "party_a")).toMatchObject({ kind: "party", normalized: null })
      expect(factOf(sheet, "governing_law")).toMatchObject({ normalized: null })

      // An edit of the start moves the end it counts to; an edit of the length too. The reading is never stored.
      const effective = factOf(sheet, "effective_date")
      const moved = await as("POST", `/contracts/${row.contract}/facts/${effective.id}`, {
        body: { value: "1st day of June, 2025" },
        headers: { "if-match": sheet.words_hash }
      })
      expect(moved.status).toBe(200)
      const afterStart = await sheetOf(row.contract)
      expect(factOf(afterStart, "effective_date")).toMatchObject({ value: "1st day of June, 2025", normalized: "2025-06-01" })
      expect(factOf(afterStart, "expiration_date")).toMatchObject({ value: "three (3) years", normalized: "2028-06-01" })

      const expiration = factOf(afterStart, "expiration_date")
      const shortened = await as("POST", `/contracts/${row.contract}/facts/${expiration.id}`, {
        body: { value: "eighteen (18) months" },
        headers: { "if-match": afterStart.words_hash }
      })
      expect(shortened.status).toBe(200)
      const afterLength = await sheetOf(row.contract)
      expect(factOf(afterLength, "expiration_date")).toMatchObject({ value: "eighteen (18) months", normalized: "2026-12-01" })

      const open = await as("POST", `/contracts/${row.contract}/facts/${expiration.id}`, {
        body: { value: "until terminated" },
        headers: { "if-match": afterLength.words_hash }
      })
      expect(open.status).toBe(200)
      const afterOpen = await sheetOf(row.contract)
      expect(factOf(afterOpen, "expiration_date")).toMatchObject({ value: "until terminated", normalized: "perpetual" })

      // The confirm response carries the reading beside the value.
      const confirmed = await as("POST", `/contracts/${row.contract}/facts/${effective.id}/confirm`)
      expect(confirmed.status).toBe(200)
      expect(confirmed.body).toMatchObject({ id: effective.id, value: "1st day of June, 2025", normalized: "2025-06-01", inferred: false })
    })
  })
}
