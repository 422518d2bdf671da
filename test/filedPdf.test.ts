import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { renderFiledPdf } from "../src/Certificates/FiledPdf.js"
import { verifyPdf } from "../src/Certificates/VerifyPdf.js"
import { publicPem } from "../scripts/executedSample.js"
import { sampleFiledFiles } from "../scripts/filedSample.js"
import { call, createOrg, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { makeTxt } from "./support/documents.js"
import { sampleAgreement, settledBatch, upload } from "./support/imports.js"
import { blocksInOrder, fetchBytes, filesToVerify, pagesText, verifyCommand } from "./support/pdf.js"
import { type Running, sharedService } from "./support/service.js"

describe("the filed PDF, rendered in process", () => {
  it("is the same bytes from the same files, verifies as filed, and a record whose words do not hash is refused", async () => {
    const [one, two] = await Promise.all([renderFiledPdf(sampleFiledFiles(3)), renderFiledPdf(sampleFiledFiles(3))])
    expect(Buffer.from(Either.getOrThrow(one)).equals(Either.getOrThrow(two))).toBe(true)
    expect(await verifyPdf(Either.getOrThrow(one), publicPem)).toMatchObject({ problems: [], kind: "filed" })
    const files = sampleFiledFiles(3)
    const record = Buffer.from(Buffer.from(files.record).toString().replace("Master Services Agreement\"", "Master Services Agreement, amended\""))
    expect(await renderFiledPdf({ ...files, record })).toEqual(Either.left("the words do not hash to words_hash"))
  })
})

for (const database of databases) {
  describe(`the filed contract's PDF (${database.name})`, () => {
    let service: Running
    let org: Org
    let other: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Importer Ltd")
      other = await createOrg(service.url, "Stranger plc")
    })
    afterAll(() => service.stop())

    const as = (method: string, path: string, who: Org = org) => call(service.url, method, path, { key: who.keys.live, person: who.people[0]!.id })
    const imported = async (fields: Record<string, string>) => {
      const file = makeTxt(sampleAgreement.join("\n\n"), "agreement.txt")
      const posted = await upload(service.url, "/imports", { key: org.keys.live, person: org.people[0]!.id, files: [{ path: file }], fields })
      expect(posted.status).toBe(202)
      const [row] = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(row.state).toBe("parsed")
      return row
    }
    /** A filed contract with one party fact confirmed, so the PDF shows both kinds of fact. */
    const filed = async () => {
      const row = await imported({ already_signed: "true" })
      const before = (await as("GET", `/contracts/${row.contract}`)).body
      const party = before.facts.find((f: { kind: string }) => f.kind === "party")
      expect((await as("POST", `/contracts/${row.contract}/facts/${party.id}/confirm`)).status).toBe(200)
      const sheet = (await as("GET", `/contracts/${row.contract}`)).body
      const link = await as("GET", `/contracts/${row.contract}/pdf`)
      expect(link.status).toBe(200)
      return { row, sheet, party, link: link.body }
    }
    const pdfOf = async (url: string) => fetchBytes(url.replace("http://localhost", service.url))

    it("shows the title, parties, facts, every block in order and the filed claim, the same bytes on every fetch", async () => {
      const { link, party, row, sheet } = await filed()
      expect(sheet.state).toBe("filed")
      expect(link).toMatchObject({ object: "contract_pdf", contract: sheet.id, kind: "filed", document: "filed-record.json", algorithm: "Ed25519" })
      expect(link.url).toMatch(new RegExp(`/certificates/${sheet.id}/contract\\.pdf\\?expires=\\d+&token=[0-9a-f]+$`))
      expect(Date.parse(link.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000)
      expect(link.recipe.at(-1)).toContain("npm run verify -- filed.pdf signing-key.pem")
      const first = await pdfOf(link.url)
      expect([first.status, first.type]).toEqual([200, "application/pdf"])
      expect((await pdfOf(link.url)).bytes.equals(first.bytes)).toBe(true)

      const { attachments, pages } = await pagesText(first.bytes)
      expect(attachments).toEqual(["filed-record.json", "filed-record.sig", "signing-key.pem"])
      expect(pages[0]).toContain("FILED CONTRACT · SIGNED ELSEWHERE")
      expect(pages[0]).toContain(sheet.title)
      expect(pages[0]).toContain(`${party.value} ${party.label} · confirmed`)
      for (const fact of sheet.facts.filter((f: { kind: string }) => f.kind !== "party")) {
        expect(pages[0]).toContain(`${fact.label} ${fact.value} (inferred by the import)`)
      }
      expect(blocksInOrder(pages, "The words as filed", sheet.blocks)).toEqual([])
      const last = pages.at(-1)!
      const [source] = (await as("GET", `/contracts/${sheet.id}/assets`)).body.data
      expect(source.id).toBe(row.asset)
      expect(last).toContain("Filed, signed elsewhere This is not a certificate of signing.")
      expect(last).toContain(`Claimed by Ada Lovelace, ${sheet.signed_elsewhere.claimed_by}`)
      expect(last).toContain(`Claimed at ${sheet.signed_elsewhere.claimed_at}`)
      expect(last).toContain(`Import ${row.id}`)
      expect(last).toContain(`Source sha256 ${source.checksum}`)
      expect(last).toContain(link.key_id)
      expect(last).toContain(link.document_sha256)
      expect(last).toContain("npm run verify -- filed.pdf")
      // It is no certificate: that route still has nothing for a filed contract.
      expect((await as("GET", `/contracts/${sheet.id}/certificate`)).status).toBe(404)
    })

    it("verifies offline as a filed PDF, and fails for one flipped byte", async () => {
      const { link } = await filed()
      const pdf = (await pdfOf(link.url)).bytes
      const paths = filesToVerify("filed.pdf", pdf, link.public_key)
      const [good, bad] = await Promise.all([verifyCommand(paths.pdf, paths.key), verifyCommand(paths.flipped, paths.key)])
      expect(good.status, good.stderr).toBe(0)
      expect(good.stdout).toContain(`Filed contract's PDF verified (a filed record, not a certificate of signing): signed by the key given, ${link.key_id}`)
      expect(bad.status).toBe(1)
      expect(bad.stderr).toContain("FAILED")
      expect(await verifyPdf(pdf)).toEqual({ problems: [], keyId: link.key_id, kind: "filed" })
    })

    it("has none for a draft, and none another org can see", async () => {
      const draft = await imported({})
      const none = await as("GET", `/contracts/${draft.contract}/pdf`)
      expect([none.status, none.body.error.code]).toEqual([404, "not_found"])
      const { sheet } = await filed()
      expect((await as("GET", `/contracts/${sheet.id}/pdf`, other)).status).toBe(404)
    })
  })
}
