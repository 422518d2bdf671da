import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { call, createOrg, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { makeFile, makePng, makeTxt, makeXlsx } from "./support/documents.js"
import { upload } from "./support/imports.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService, startService } from "./support/service.js"

for (const database of databases) {
  describe(`assets (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Assets Ltd")
    })
    afterAll(() => service.stop())

    const store = (files: ReadonlyArray<{ path: string; name?: string }>, fields: Record<string, string>, as = org) =>
      upload(service.url, "/assets", { key: as.keys.live, person: as.people[0]!.id, files, fields })
    const draft = async (as = org) =>
      (await call(service.url, "POST", "/contracts", {
        key: as.keys.live,
        person: as.people[0]!.id,
        body: { template_id: "tpl_mutual_nda", facts: {} },
        headers: { "idempotency-key": `draft-${Math.random()}` }
      })).body

    it("stores a file on a contract, checksummed and never parsed, and lists it with the contract", async () => {
      const contract = await draft()
      const stored = await store([{ path: await makeXlsx("rates.xlsx") }], { contract_id: contract.id, role: "rate_card" })
      expect(stored.status).toBe(201)
      expect(stored.body).toMatchObject({
        object: "asset",
        state: "stored",
        role: "rate_card",
        contract: contract.id,
        filename: "rates.xlsx",
        content_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        checksum: expect.stringMatching(/^sha256:[0-9a-f]{64}$/)
      })
      const image = await store([{ path: makePng("logo.png") }], { contract_id: contract.id })
      expect(image.body).toMatchObject({ role: "attachment", content_type: "image/png" })
      const listed = await call(service.url, "GET", `/contracts/${contract.id}/assets`, { key: org.keys.live })
      expect(listed.body.data.map((a: any) => a.id)).toEqual([stored.body.id, image.body.id])
      // Stored, never parsed: the contract's words are untouched.
      expect((await call(service.url, "GET", `/contracts/${contract.id}`, { key: org.keys.live })).body.words_hash).toBe(contract.words_hash)
    })

    it("binds to exactly one of contract_id and relationship_id, judges the bytes, and keeps other orgs out", async () => {
      const contract = await draft()
      const txt = makeTxt("notes", "notes.txt")
      for (const fields of [{}, { contract_id: contract.id, relationship_id: "rel_x" }] as ReadonlyArray<Record<string, string>>) {
        const reply = await store([{ path: txt }], fields)
        expect(reply.status).toBe(400)
        expect(reply.body.error.code).toBe("invalid_request")
      }
      const role = await store([{ path: txt }], { contract_id: contract.id, role: "poster" })
      expect(role.body.error).toMatchObject({ code: "invalid_request", param: "role" })
      const binary = await store([{ path: makeFile("tool.txt", Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])) }], { contract_id: contract.id })
      expect(binary.status).toBe(415)
      expect(binary.body.error.code).toBe("unsupported_format")
      const two = await store([{ path: txt }, { path: txt }], { contract_id: contract.id })
      expect(two.body.error).toMatchObject({ code: "invalid_request", param: "file" })
      const stranger = await createOrg(service.url, "Stranger plc")
      const foreign = await store([{ path: txt }], { contract_id: contract.id }, stranger)
      expect(foreign.status).toBe(404)
      expect((await call(service.url, "GET", `/contracts/${contract.id}/assets`, { key: org.keys.live })).body.data).toEqual([])
    })

    it("stores a mail thread with role provenance, and refuses another role for it", async () => {
      const contract = await draft()
      const mail = "From: Bea Beta <bea@beta.test>\r\nTo: ada@acme.test\r\nSubject: Re: Mutual NDA\r\n\r\nWe accept clause 4.\r\n"
      const thread = await store([{ path: makeTxt(mail, "thread.eml") }], { contract_id: contract.id })
      expect(thread.status).toBe(201)
      expect(thread.body).toMatchObject({ role: "provenance", content_type: "message/rfc822" })
      // Judged by its bytes: a mail saved without the extension is a mail thread too.
      const unnamed = await store([{ path: makeTxt(mail, "message") }], { contract_id: contract.id, role: "provenance" })
      expect(unnamed.body).toMatchObject({ role: "provenance", content_type: "message/rfc822" })
      const other = await store([{ path: makeTxt(mail, "thread.eml") }], { contract_id: contract.id, role: "attachment" })
      expect(other.status).toBe(400)
      expect(other.body.error).toMatchObject({ code: "invalid_request", param: "role" })
    })

    it("lists a relationship's assets: its contracts' and its own", async () => {
      const { ada, acme, sent } = await twoOrgs(service.url)
      const { drafted, send } = await sent()
      const onContract = await upload(service.url, "/assets", {
        key: acme.keys.test,
        person: ada.person,
        files: [{ path: makeTxt("exhibit", "exhibit.txt") }],
        fields: { contract_id: drafted.id, role: "exhibit" }
      })
      expect(onContract.body.relationship).toBe(send.relationship)
      const own = await upload(service.url, "/assets", {
        key: acme.keys.test,
        person: ada.person,
        files: [{ path: makeTxt("master terms", "terms.txt") }],
        fields: { relationship_id: send.relationship }
      })
      expect(own.status).toBe(201)
      const listed = await call(service.url, "GET", `/relationships/${send.relationship}/assets`, { key: acme.keys.test })
      expect(listed.body.data.map((a: any) => a.id)).toEqual([onContract.body.id, own.body.id])
      const relationship = await call(service.url, "GET", `/relationships/${send.relationship}`, { key: acme.keys.test })
      expect(relationship.body.assets).toEqual([{ id: onContract.body.id, filename: "exhibit.txt" }, { id: own.body.id, filename: "terms.txt" }])
    })
  })
}

describe("the asset store", () => {
  it("removes, at start, bytes no asset row names once they are old, and keeps young ones and named ones", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cns-sweep-"))
    const orphan = "ab" + "0".repeat(62)
    const young = "ab" + "1".repeat(62)
    mkdirSync(join(dir, "ab"))
    writeFileSync(join(dir, "ab", orphan), "left by a crash")
    writeFileSync(join(dir, "ab", young), "mid-upload")
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000)
    utimesSync(join(dir, "ab", orphan), old, old)
    const service = await startService(databases[0]!, { assetDir: dir })
    try {
      for (let tries = 0; tries < 200 && existsSync(join(dir, "ab", orphan)); tries++) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(existsSync(join(dir, "ab", orphan))).toBe(false)
      expect(existsSync(join(dir, "ab", young))).toBe(true)
    } finally {
      await service.stop()
    }
  })
})
