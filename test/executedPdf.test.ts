import { SqlClient } from "@effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, TestContext } from "effect"
import { PDFDocument } from "pdf-lib"
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs"
import { renderExecutedPdf } from "../src/Certificates/ExecutedPdf.js"
import { printable, wrap } from "../src/Certificates/PdfLayout.js"
import { SigningKey } from "../src/Certificates/SigningKey.js"
import { verifyPdf } from "../src/Certificates/VerifyPdf.js"
import { sampleFiles } from "../scripts/executedSample.js"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { pageClient, sentToGuest } from "./support/guestPage.js"
import { blocksInOrder, fetchBytes, filesToVerify, pagesText, verifyCommand } from "./support/pdf.js"
import { executedNda, twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

/** A link the service itself made for this contract, at a moment of our choosing. */
const linkAt = (service: Running, contract: string, clock: "epoch" | "now") =>
  service.run(
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const key = yield* Effect.provide(SigningKey, SigningKey.Default.pipe(Layer.provide(Layer.succeed(SqlClient.SqlClient, sql))))
      const link = key.link(contract)
      // TestClock stands at 1970: a genuine link that expired long ago.
      return yield* clock === "epoch" ? Effect.provide(link, TestContext.TestContext) : link
    })
  )

describe("the executed PDF, rendered in process", () => {
  it("is the same bytes from the same files, and verifies against the key that signed them", async () => {
    const files = sampleFiles(3)
    const [one, two] = await Promise.all([renderExecutedPdf(files), renderExecutedPdf(sampleFiles(3))])
    expect(Buffer.from(Either.getOrThrow(one)).equals(Either.getOrThrow(two))).toBe(true)
    expect(await verifyPdf(Either.getOrThrow(one), Buffer.from(files.publicKey).toString())).toMatchObject({ problems: [] })
  })

  it("wraps at spaces, breaks a word too long for any line, and drops characters no font draws", () => {
    const width = (s: string) => s.length
    expect(wrap("aa bb cc", 5, width)).toEqual(["aa bb", "cc"])
    expect(wrap("abcdefghij k", 4, width)).toEqual(["abcd", "efgh", "ij k"])
    expect(wrap("one\n\ntwo", 10, width)).toEqual(["one", "", "two"])
    expect(printable("a\tb\u0007c\n")).toBe("a    bc\n")
  })
})

for (const database of databases) {
  describe(`the executed PDF (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const executed = async () => {
      const signed = await executedNda(service.url)
      const link = (await signed.bea.get(`/contracts/${signed.drafted.id}/certificate`)).body
      return { ...signed, link }
    }

    it("is offered beside the certificate, shows every block in order, its signers and its certificate, and is the same bytes on every fetch", async () => {
      const { bea, drafted, agreed, link } = await executed()
      expect(link.pdf_url).toMatch(new RegExp(`/certificates/${drafted.id}/contract\\.pdf\\?expires=\\d+&token=[0-9a-f]+$`))
      expect(link.recipe.some((line: string) => line.includes("contract.pdf"))).toBe(true)
      // The PDF's own endpoint, which answers for filed contracts too, names the same file.
      const pdfLink = (await bea.get(`/contracts/${drafted.id}/pdf`)).body
      expect(pdfLink).toMatchObject({
        object: "contract_pdf",
        kind: "executed",
        url: link.pdf_url,
        document: "certificate.json",
        document_sha256: link.document_sha256
      })
      const first = await fetchBytes(link.pdf_url.replace("http://localhost", service.url))
      expect([first.status, first.type]).toEqual([200, "application/pdf"])
      const second = await fetchBytes(link.pdf_url.replace("http://localhost", service.url))
      expect(second.bytes.equals(first.bytes)).toBe(true)
      const certificate = JSON.parse((await fetchBytes(link.url.replace("http://localhost", service.url))).bytes.toString())

      const { attachments, pages } = await pagesText(first.bytes)
      expect(attachments).toEqual(["certificate.json", "certificate.sig", "contract.json", "contract.sig", "signing-key.pem"])
      expect(pages[0]).toContain(certificate.contract.title)
      expect(pages[0]).toMatch(/Ada Lovelace.*Drafting side · negotiator and signer/)
      expect(pages[0]).toContain("Counterparty · negotiator and signer")
      expect(blocksInOrder(pages, "The words as signed", certificate.words.blocks)).toEqual([])
      const signatures = pages.find((page) => page.startsWith("Signatures"))!
      expect(signatures).toContain(`Mark typed: "A. Lovelace"`)
      expect(signatures).toContain(agreed.words_hash)
      expect(signatures.match(/Bound text_hash/g)).toHaveLength(2)
      const last = pages.at(-1)!
      expect(last).toContain(link.key_id)
      expect(last).toContain(link.document_sha256)
      expect(last).toContain(certificate.chain_head)
      for (const letter of certificate.letters) expect(last).toContain(`Letter ${letter.sequence}`)
      expect(last).toContain("npm run verify -- contract.pdf")
    })

    it("verifies offline, with or without the key file, and fails for one flipped byte or one changed word", async () => {
      const { link } = await executed()
      const pdf = (await fetchBytes(link.pdf_url.replace("http://localhost", service.url))).bytes
      const paths = filesToVerify("contract.pdf", pdf, link.public_key)
      // The three commands at once: each spends seconds starting tsx.
      const [pinned, unpinned, bad] = await Promise.all([
        verifyCommand(paths.pdf, paths.key),
        verifyCommand(paths.pdf),
        verifyCommand(paths.flipped, paths.key)
      ])
      expect(pinned.status, pinned.stderr).toBe(0)
      expect(pinned.stdout).toContain(`signed by the key given, ${link.key_id}`)
      expect(unpinned.status, unpinned.stderr).toBe(0)
      expect(unpinned.stdout).toContain(`${link.key_id}: compare it`)
      expect(bad.status).toBe(1)
      expect(bad.stderr).toContain("FAILED")

      // A word changed where a reader sees it (the title), saved by a PDF library as a forger would.
      const edited = await PDFDocument.load(pdf, { updateMetadata: false })
      edited.setTitle(`${edited.getTitle()} (amended)`)
      expect((await verifyPdf(await edited.save({ useObjectStreams: true }))).problems.join()).toContain("not the ones its signed files make")

      // A word changed in the words and the PDF rebuilt around it: the signature no longer holds.
      const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise
      const files = (await doc.getAttachments())!
      await doc.destroy()
      const file = (name: string) => files[name]!.content as Uint8Array
      const changed = Buffer.from(Buffer.from(file("certificate.json")).toString().replace("Beta's clause.", "Beta's clause, amended."))
      const parts = {
        certificateSig: file("certificate.sig"),
        publicKey: file("signing-key.pem"),
        contract: file("contract.json"),
        contractSig: file("contract.sig")
      }
      const forged = Either.getOrThrow(await renderExecutedPdf({ ...parts, certificate: changed }))
      expect((await verifyPdf(forged)).problems).toContain("the signature does not match certificate.json: it was altered, or signed by another key")
      // The honest files rebuild the served bytes exactly, in this process too.
      expect(Buffer.from(Either.getOrThrow(await renderExecutedPdf({ ...parts, certificate: file("certificate.json") }))).equals(pdf)).toBe(true)
    })

    it("refuses an expired link and has no PDF for a contract not executed", async () => {
      const { drafted } = await executed()
      const expired = await linkAt(service, drafted.id, "epoch")
      const old = await fetch(`${service.url}/certificates/${drafted.id}/contract.pdf?expires=${expired.expires}&token=${expired.token}`)
      expect(old.status).toBe(401)

      const fresh = await twoOrgs(service.url)
      const { drafted: unsigned } = await fresh.sent()
      expect((await fresh.ada.get(`/contracts/${unsigned.id}/certificate`)).status).toBe(404)
      const valid = await linkAt(service, unsigned.id, "now")
      const none = await fetch(`${service.url}/certificates/${unsigned.id}/contract.pdf?expires=${valid.expires}&token=${valid.token}`)
      expect(none.status).toBe(404)
    })

    it("is linked from the guest's page beside the certificate once executed", async () => {
      const guest = await sentToGuest(service.url)
      const browser = pageClient(service.url)
      expect((await browser.get(guest.link)).status).toBe(200)
      const write = (path: string, body: unknown, headers: Record<string, string>) =>
        call(service.url, "POST", path, { body, headers: { authorization: `Token ${guest.token}`, "idempotency-key": idempotencyKey(), ...headers } })
      const hash = guest.drafted.words_hash
      expect((await write(`/contracts/${guest.drafted.id}/replies`, {}, { "if-match": hash })).body.state).toBe("agreed")
      expect((await write(`/contracts/${guest.drafted.id}/signatures`, { text_hash: hash }, {})).status).toBe(201)
      expect((await guest.ada.sign(guest.drafted.id, hash)).body.contract_state).toBe("executed")
      const page = await browser.get(`/contracts/${guest.drafted.id}`)
      const href = /<a href="([^"]+\/contract\.pdf\?[^"]+)" type="application\/pdf">the executed contract as a PDF<\/a>/.exec(page.text)?.[1]
      expect(href).toBeDefined()
      const signed = new URL(href!.replace(/&amp;/g, "&"))
      const pdf = await fetchBytes(`${service.url}${signed.pathname}${signed.search}`)
      expect([pdf.status, pdf.type]).toEqual([200, "application/pdf"])
      expect((await pagesText(pdf.bytes)).pages[0]).toContain("Gail Guest")
    })
  })
}
