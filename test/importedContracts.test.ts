import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { makeTxt } from "./support/documents.js"
import { sampleAgreement, settledBatch, upload } from "./support/imports.js"
import { type Running, sharedService } from "./support/service.js"
import { consequenceRank } from "../src/Domain/Imports/Consequence.js"

for (const database of databases) {
  describe(`imported and filed contracts (${database.name})`, () => {
    let service: Running
    let org: Org
    let other: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Importer Ltd")
      other = await createOrg(service.url, "Counterparty plc")
    })
    afterAll(() => service.stop())

    const person = () => org.people[0]!.id
    const as = (method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; key?: string } = {}) =>
      call(service.url, method, path, { key: options.key ?? org.keys.live, person: person(), ...options })
    const imported = async (fields: Record<string, string> = {}, text = sampleAgreement.join("\n\n")) => {
      const posted = await upload(service.url, "/imports", { key: org.keys.live, person: person(), files: [{ path: makeTxt(text, "agreement.txt") }], fields })
      expect(posted.status).toBe(202)
      const [row] = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(row.state).toBe("parsed")
      return { row, sheet: (await as("GET", `/contracts/${row.contract}`)).body }
    }
    // A low-quality reading: extraction artifacts the parser should not trust.
    const shaky = [
      ...sampleAgreement.slice(0, 3),
      "4. Pay ment. Cli ent shall pay [* * *] wi thin ten  days.",
      ...sampleAgreement.slice(3, 7),
      "7. Sev era bility. If any pro vi sion is held in valid [***] the rest stays in ef fect.",
      ...sampleAgreement.slice(7)
    ]

    it("files an already-signed document: readable and citable, never negotiable or signable, amendable", async () => {
      const { row, sheet } = await imported({ already_signed: "true" })
      expect(sheet.state).toBe("filed")
      expect(sheet.signed_elsewhere).toEqual({ claimed_by: person(), claimed_at: expect.any(String), asset: row.asset })
      const hash = sheet.words_hash
      const id = sheet.id
      const refused = [
        await as("POST", `/contracts/${id}/send`, {
          body: { recipients: [{ email: other.people[0]!.email, name: "Bea", capacity: ["negotiator"] }], confirmed_by: person() },
          headers: { "if-match": hash, "idempotency-key": idempotencyKey() }
        }),
        await as("POST", `/contracts/${id}/decisions`, {
          body: { block_id: sheet.blocks[1].id, type: "counter", text: "x", why: "y" },
          headers: { "if-match": hash }
        }),
        await as("POST", `/contracts/${id}/replies`, { body: { confirmed_by: person() }, headers: { "if-match": hash, "idempotency-key": idempotencyKey() } }),
        await as("POST", `/contracts/${id}/invite`, { body: { email: "x@example.test", name: "X", capacity: ["negotiator"] } }),
        await as("POST", `/contracts/${id}/signatures`, { body: { text_hash: hash, confirmed_by: person() }, headers: { "idempotency-key": idempotencyKey() } })
      ]
      for (const reply of refused) {
        expect(reply.status).toBe(409)
        expect(reply.body.error.code).toBe("contract_filed")
      }
      expect((await as("GET", `/contracts/${id}/signatures`)).body.data).toEqual([])
      expect((await as("GET", `/contracts/${id}/certificate`)).status).toBe(404)
      expect((await as("GET", `/contracts/${id}`)).body.words_hash).toBe(hash)
      const amended = await as("POST", `/contracts/${id}/amend`, { body: {}, headers: { "idempotency-key": idempotencyKey() } })
      expect(amended.status).toBe(201)
      expect(amended.body).toMatchObject({ state: "draft", amends: id, version: 2 })
      expect((await as("GET", `/contracts/${id}`)).body.state).toBe("filed")
    })

    it("lists unverified blocks by consequence, not confidence, with their extracted text and source", async () => {
      const { row, sheet } = await imported({}, shaky.join("\n\n"))
      const unverified = await as("GET", `/contracts/${row.contract}/unverified`)
      expect(unverified.status).toBe(200)
      expect(unverified.body.map((u: any) => u.block).sort()).toEqual([...row.unverified].sort())
      expect(row.unverified_count).toBe(row.unverified.length)
      for (const u of unverified.body) {
        const block = sheet.blocks.find((b: any) => b.id === u.block)
        expect(block.verification).toBe("unverified")
        expect(u.source).toEqual(block.source_span)
        expect(u.extracted_text.replace(/\s+/g, " ").trim()).toContain(block.text.replace(/\s+/g, " ").trim().slice(0, 20))
        expect(u.confidence).toBe(block.confidence)
        expect(u.candidates[0]).toBe(block.text)
      }
      const ranks = unverified.body.map((u: any) => consequenceRank(sheet.blocks.find((b: any) => b.id === u.block)))
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
      expect(ranks.length).toBeGreaterThan(1)
      // The payment clause outranks the severability clause, whatever their confidence.
      const order = unverified.body.map((u: any) => sheet.blocks.find((b: any) => b.id === u.block).text)
      expect(order.findIndex((t: string) => t.includes("Pay"))).toBeLessThan(order.findIndex((t: string) => t.includes("Sev")))
    })

    it("confirms a block with another reading the parse proposed: the words change to it and the facts follow", async () => {
      const { row, sheet } = await imported({}, shaky.join("\n\n"))
      const unverified = (await as("GET", `/contracts/${row.contract}/unverified`)).body
      const choice = unverified.find((u: any) => u.candidates.length > 1)
      expect(choice).toBeDefined()
      const reading = choice.candidates[1]
      const confirmed = await as("POST", `/contracts/${row.contract}/blocks/${choice.block}/confirm`, {
        body: { text: reading },
        headers: { "if-match": sheet.words_hash }
      })
      expect(confirmed.status).toBe(200)
      expect(confirmed.body.text).toBe(reading)
      expect(confirmed.body.words_hash).not.toBe(sheet.words_hash)
      const after = (await as("GET", `/contracts/${row.contract}`)).body
      expect(after.words_hash).toBe(confirmed.body.words_hash)
      expect(after.blocks.find((b: any) => b.id === choice.block).text).toBe(reading)
      for (const fact of after.facts) {
        expect(fact.occurrences.length).toBeGreaterThan(0)
        for (const blockId of fact.occurrences) expect(after.blocks.find((b: any) => b.id === blockId).text).toContain(String(fact.value))
      }
    })

    it("confirms a block: the parse as it stands, or another reading the parse proposed, and nothing else", async () => {
      const { row, sheet } = await imported({}, shaky.join("\n\n"))
      const target = sheet.blocks.find((b: any) => b.verification === "unverified") ?? sheet.blocks[0]
      const path = `/contracts/${row.contract}/blocks/${target.id}/confirm`
      const missing = await as("POST", path, { body: {} })
      expect(missing.status).toBe(428)
      const invented = await as("POST", path, { body: { text: "Something the parse never read." }, headers: { "if-match": sheet.words_hash } })
      expect(invented.status).toBe(400)
      expect(invented.body.error.code).toBe("not_a_parse_candidate")
      expect((await as("GET", `/contracts/${row.contract}`)).body.words_hash).toBe(sheet.words_hash)
      const confirmed = await as("POST", path, { body: {}, headers: { "if-match": sheet.words_hash } })
      expect(confirmed.status).toBe(200)
      expect(confirmed.body).toMatchObject({ id: target.id, verification: "verified", confirmed_by: person(), words_hash: sheet.words_hash })
      const after = (await as("GET", `/contracts/${row.contract}`)).body
      expect(after.blocks.find((b: any) => b.id === target.id).verification).toBe("verified")
      expect(after.ready.unverified_blocks).not.toContain(target.id)
      const unverified = (await as("GET", `/contracts/${row.contract}/unverified`)).body
      expect(unverified.map((u: any) => u.block)).not.toContain(target.id)
    })

    it("warns on a Send with unverified blocks and inferred facts; after Send a confirm takes no text", async () => {
      const { row, sheet } = await imported({}, shaky.join("\n\n"))
      const sent = await as("POST", `/contracts/${row.contract}/send`, {
        body: { recipients: [{ email: other.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }], confirmed_by: person() },
        headers: { "if-match": sheet.words_hash, "idempotency-key": idempotencyKey() }
      })
      expect(sent.status).toBe(200)
      expect(sent.body.warning.code).toBe("unconfirmed_content")
      expect(sent.body.warning.blocks).toEqual(sheet.ready.unverified_blocks)
      expect(sent.body.warning.blocks.length).toBeGreaterThan(0)
      const block = sheet.blocks[1]
      const withText = await as("POST", `/contracts/${row.contract}/blocks/${block.id}/confirm`, {
        body: { text: block.text },
        headers: { "if-match": sheet.words_hash }
      })
      expect(withText.status).toBe(400)
      expect(withText.body.error).toMatchObject({ code: "invalid_request", param: "text" })
      const plain = await as("POST", `/contracts/${row.contract}/blocks/${block.id}/confirm`, { body: {}, headers: { "if-match": sheet.words_hash } })
      expect(plain.status).toBe(200)
    })

    it("keeps an import from another org out of sight", async () => {
      const { row } = await imported()
      const seen = await call(service.url, "GET", `/imports/${row.id}`, { key: other.keys.live })
      expect(seen.status).toBe(404)
      expect((await call(service.url, "GET", `/contracts/${row.contract}/unverified`, { key: other.keys.live })).status).toBe(404)
      expect((await call(service.url, "GET", `/imports?batch=${row.batch}`, { key: other.keys.live })).status).toBe(404)
    })
  })
}
