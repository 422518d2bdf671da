import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { readdirSync, readlinkSync } from "node:fs"
import { type IncomingMessage, request } from "node:http"
import { join } from "node:path"
import { call, createOrg, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { makeEncryptedPdf, makeFile, makePng, makeTxt, makeZipBombDocx } from "./support/documents.js"
import { sampleAgreement, settledBatch, storedFiles, upload } from "./support/imports.js"
import { type Running, sharedService } from "./support/service.js"

/** This process's open files under `dir`: an upload cut off must not keep its descriptor. */
const openUnder = (dir: string) =>
  readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      const target = readlinkSync(join("/proc/self/fd", fd))
      return target.startsWith(dir) ? [target] : []
    } catch {
      return []
    }
  })

for (const database of databases) {
  describe(`import limits and failure reasons (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "Limits Ltd")
    })
    afterAll(() => service.stop())

    const person = () => org.people[0]!.id
    const post = (files: ReadonlyArray<{ path: string; name?: string; field?: string }>, fields: Record<string, string> = {}, idempotencyKey?: string | null) =>
      upload(service.url, "/imports", { key: org.keys.live, person: person(), files, fields, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) })
    const unchanged = async <A>(refused: () => Promise<A>) => {
      const before = storedFiles(service.assetDir!)
      const events = (await call(service.url, "GET", "/events", { key: org.keys.live })).body.data.length
      const contracts = (await call(service.url, "GET", "/contracts?limit=100", { key: org.keys.live })).body.data.length
      const answer = await refused()
      expect(storedFiles(service.assetDir!)).toEqual(before)
      expect((await call(service.url, "GET", "/events", { key: org.keys.live })).body.data.length).toBe(events)
      expect((await call(service.url, "GET", "/contracts?limit=100", { key: org.keys.live })).body.data.length).toBe(contracts)
      return answer
    }
    /** A multipart upload written by hand, part by part, for the tests that control what arrives when. */
    const streamedUpload = (boundary: string, onResponse?: (res: IncomingMessage) => void) =>
      request(`${service.url}/imports`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${org.keys.live}`,
          "contracts-acting-person": person(),
          "idempotency-key": `streamed-${Date.now()}-${Math.random()}`,
          "content-type": `multipart/form-data; boundary=${boundary}`
        }
      }, onResponse)
    const agreement = () => makeTxt(sampleAgreement.join("\n\n"), "agreement.txt")

    it("refuses a 101st file with too_many_files and stores none of the 101", async () => {
      const one = makeTxt("tiny", "t.txt")
      const reply = await unchanged(() => post(Array.from({ length: 101 }, () => ({ path: one }))))
      expect(reply.status).toBe(400)
      expect(reply.body.error).toMatchObject({ code: "too_many_files", param: "files[]" })
    })

    it("refuses a file over 25 MB while it is still arriving: the answer comes before the client has sent it all", async () => {
      const boundary = "----limit"
      const chunk = Buffer.alloc(1024 * 1024, 0x61)
      const total = 200
      const answer = await unchanged(() =>
        new Promise<{ status: number; body: any; sentMb: number }>((resolve, reject) => {
          let sent = 0
          let answered = false
          const req = streamedUpload(boundary, (res) => {
            answered = true
            const sentMb = sent
            let text = ""
            res.on("data", (data) => (text += data))
            res.on("end", () => {
              req.destroy()
              resolve({ status: res.statusCode!, body: JSON.parse(text), sentMb })
            })
          })
          req.on("error", (error) => answered || reject(error))
          req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="huge.txt"\r\nContent-Type: text/plain\r\n\r\n`)
          const pump = () => {
            while (!answered && sent < total) {
              sent++
              if (!req.write(chunk)) return void req.once("drain", pump)
            }
            if (!answered) req.end(`\r\n--${boundary}--\r\n`)
          }
          pump()
        })
      )
      expect(answer.status).toBe(413)
      expect(answer.body.error.code).toBe("file_too_large")
      expect(answer.sentMb).toBeLessThan(total)
    })

    it("refuses a batch holding one file whose bytes are no document, whatever its name, and keeps none of the batch", async () => {
      const html = makeTxt(`<!DOCTYPE html>\n<html><body>${sampleAgreement.map((p) => `<p>${p}</p>`).join("\n")}</body></html>`, "page.txt")
      const rtf = makeTxt(`{\\rtf1\\ansi\\deff0\n${sampleAgreement.map((p) => `${p}\\par`).join("\n")}\n}`, "letter.txt")
      for (const [path, name] of [[makePng("contract.pdf"), "contract.pdf"], [html, "page.txt"], [rtf, "letter.txt"]]) {
        const reply = await unchanged(() => post([{ path: agreement() }, { path: path! }]))
        expect(reply.status, name).toBe(415)
        expect(reply.body.error).toMatchObject({ code: "unsupported_format", param: "files[]" })
        expect(reply.body.error.message).toContain(name)
      }
    })

    it("forgets an upload whose client goes away mid-file: nothing kept, the service carries on", async () => {
      await unchanged(async () => {
        const boundary = "----gone"
        await new Promise<void>((resolve) => {
          const req = streamedUpload(boundary)
          req.on("error", () => resolve())
          req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="half.txt"\r\n\r\n`)
          req.write(Buffer.alloc(5 * 1024 * 1024, 0x61), () => {
            req.destroy()
            resolve()
          })
        })
        // The next upload is served as usual, and the abandoned one left no temporary file behind.
        for (let tries = 0; tries < 100 && readdirSync(join(service.assetDir!, "tmp")).length > 0; tries++) await new Promise((r) => setTimeout(r, 20))
        expect(readdirSync(join(service.assetDir!, "tmp"))).toEqual([])
        // Nor an open descriptor on it (the service runs in this process).
        expect(openUnder(join(service.assetDir!, "tmp"))).toEqual([])
      })
      const after = await post([{ path: agreement() }])
      expect(after.status).toBe(202)
      await settledBatch(service.url, org.keys.live, after.body.batch)
    })

    it("refuses before reading the upload when there is no Idempotency-Key, and a body that is not multipart", async () => {
      const keyless = await unchanged(() => post([{ path: agreement() }], {}, null))
      expect(keyless.status).toBe(400)
      expect(keyless.body.error).toMatchObject({ code: "invalid_request", param: "Idempotency-Key" })
      const json = await call(service.url, "POST", "/imports", {
        key: org.keys.live,
        person: person(),
        body: { files: [] },
        headers: { "idempotency-key": "json-1" }
      })
      expect(json.status).toBe(400)
      expect(json.body.error).toMatchObject({ code: "invalid_request", param: "Content-Type" })
    })

    it("names a bad part: an unknown field, a file under another name, already_signed that is not a boolean, no file at all", async () => {
      const cases = [
        [await post([{ path: agreement() }], { colour: "blue" }), "colour"],
        [await post([{ path: agreement(), field: "document" }]), "document"],
        [await post([{ path: agreement() }], { already_signed: "yes" }), "already_signed"],
        [await post([], { already_signed: "true" }), "files[]"]
      ] as const
      for (const [reply, param] of cases) {
        expect(reply.status).toBe(400)
        expect(reply.body.error).toMatchObject({ code: "invalid_request", param })
      }
    })

    it("keeps a hostile file name harmless: no directories, no control characters, well-formed, bounded", async () => {
      const path = agreement()
      const names = ["../../etc/passwd", "..\\..\\boot.ini", `${"x".repeat(400)}.txt`, "\u202eevil\ud800.txt"]
      const posted = await post(names.map((name) => ({ path, name })))
      expect(posted.status).toBe(202)
      expect(posted.body.imports.map((i: any) => i.filename)).toEqual(["passwd", "boot.ini", "x".repeat(255), "\u202eevil\ufffd.txt"])
      await settledBatch(service.url, org.keys.live, posted.body.batch)
      // A control character cannot stand in a part's headers at all: the body is malformed, and nothing is kept.
      const controlled = await unchanged(() => post([{ path, name: "a\u0000b\u0007.txt" }]))
      expect(controlled.status).toBe(400)
      expect(controlled.body.error.message).toMatch(/Malformed part header/)
    })

    it("replays the original batch for the same key and files, and refuses the key with other files", async () => {
      const path = agreement()
      const first = await post([{ path }], {}, "replay-key")
      const again = await post([{ path }], {}, "replay-key")
      expect(again.status).toBe(202)
      expect(again.body).toEqual(first.body)
      expect(again.headers.get("idempotent-replayed")).toBe("true")
      const other = await post([{ path: makeTxt("Another agreement between the parties.", "b.txt") }], {}, "replay-key")
      expect(other.status).toBe(400)
      expect(other.body.error.code).toBe("idempotency_error")
      const rows = await settledBatch(service.url, org.keys.live, first.body.batch)
      expect(rows).toHaveLength(1)
    })

    it("fails each kind of unreadable file with its reason, mints no contract, and tells the org stream", async () => {
      const files = [
        { path: makeFile("shopping.txt", "Eggs\nMilk\nBread\nTomatoes\nCoffee beans\nOlive oil\nBasil\nLemons\n"), reason: "not_a_contract" },
        { path: makeFile("empty.txt", ""), reason: "extraction_empty" },
        { path: makeFile("broken.pdf", Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2048, 0x2a)])), reason: "parser_error" },
        { path: await makeEncryptedPdf(), reason: "unsupported_format" },
        { path: await makeZipBombDocx(), reason: "file_too_large" }
      ]
      const posted = await post(files)
      expect(posted.status).toBe(202)
      const rows = await settledBatch(service.url, org.keys.live, posted.body.batch)
      expect(rows.map((row) => [row.state, row.failure?.reason, row.contract])).toEqual(files.map((file) => ["failed", file.reason, null]))
      const stream = (await call(service.url, "GET", "/events?limit=100", { key: org.keys.live })).body
      for (const row of rows) {
        const event = stream.data.find((e: any) => e.type === "import.failed" && e.data.import === row.id)
        expect(event.data.reason).toBe(row.failure.reason)
        expect(event).not.toHaveProperty("sequence")
      }
    })

    it("pages the org stream oldest first by event id", async () => {
      const all = (await call(service.url, "GET", "/events?limit=100", { key: org.keys.live })).body.data
      expect(all.length).toBeGreaterThan(2)
      const first = (await call(service.url, "GET", "/events?limit=2", { key: org.keys.live })).body
      expect(first.data).toEqual(all.slice(0, 2))
      expect(first.has_more).toBe(true)
      const next = (await call(service.url, "GET", `/events?limit=100&starting_after=${first.next_cursor}`, { key: org.keys.live })).body
      expect(next.data).toEqual(all.slice(2))
      const bad = await call(service.url, "GET", "/events?starting_after=evt_nope", { key: org.keys.live })
      expect(bad.status).toBe(400)
    })
  })
}
