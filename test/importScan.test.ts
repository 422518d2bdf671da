import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import type { Server } from "node:net"
import { createOrg, type Org } from "./support/client.js"
import { eicar, listen, type Received, standIn } from "./support/clamd.js"
import { databases } from "./support/databases.js"
import { makeFile, makeTxt } from "./support/documents.js"
import { sampleAgreement, settledBatch, upload } from "./support/imports.js"
import { type Running, startService } from "./support/service.js"

for (const database of databases) {
  describe(`imports scanned by clamd (${database.name})`, () => {
    let service: Running
    let org: Org
    let scanner: Server
    const scanned: Array<Received> = []
    beforeAll(async () => {
      scanner = standIn("answer", scanned)
      service = await startService(database, { clamdAddress: await listen(scanner) })
      org = await createOrg(service.url, "Scanned Ltd")
    })
    afterAll(async () => {
      await service.stop()
      await new Promise((resolve) => scanner.close(resolve))
    })

    it("streams every file to clamd over INSTREAM: EICAR fails as virus_detected, a clean contract is parsed", async () => {
      const clean = makeTxt(sampleAgreement.join("\n\n"), "clean.txt")
      const infected = makeFile("infected.txt", `${sampleAgreement.join("\n\n")}\n\n${eicar}\n`)
      const posted = await upload(service.url, "/imports", { key: org.keys.live, person: org.people[0]!.id, files: [{ path: clean }, { path: infected }] })
      expect(posted.status).toBe(202)
      const rows = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(rows.map((row) => [row.state, row.failure?.reason ?? null])).toEqual([["parsed", null], ["failed", "virus_detected"]])
      expect(rows[1].contract).toBe(null)
      expect(scanned.map((scan) => scan.command)).toEqual(["zINSTREAM", "zINSTREAM"])
    })
  })
}

for (const database of databases) {
  describe(`an import over its time limit (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await startService(database, { importTimeoutSeconds: 0 })
      org = await createOrg(service.url, "Slow Ltd")
    })
    afterAll(() => service.stop())

    it("fails as parser_error, with no contract, and the worker goes on to the next", async () => {
      const files = [{ path: makeTxt(sampleAgreement.join("\n\n"), "a.txt") }, { path: makeTxt(sampleAgreement.join("\n\n"), "b.txt") }]
      const posted = await upload(service.url, "/imports", { key: org.keys.live, person: org.people[0]!.id, files })
      const rows = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(rows.map((row) => [row.state, row.failure?.reason, row.contract])).toEqual([["failed", "parser_error", null], ["failed", "parser_error", null]])
      expect(rows[0].failure.message).toMatch(/took longer than/)
    })
  })
}
