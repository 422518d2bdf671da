import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { databases } from "../support/databases.js"
import { type Running, sharedService } from "../support/service.js"
import { attempt, echoed, fingerprintsOf, type Fingerprints } from "./attempt.js"
import { expectSound } from "./checks.js"
import { bodyClasses } from "./hostile.js"
import { urlClasses } from "./hostileUrl.js"
import { scale } from "./scale.js"
import { rawExchange } from "./socket.js"
import { randomCase, runAll, sitesOfEveryOperation, type SitesOf, sweepCases } from "./sweep.js"
import { makeWorld, type World } from "./world.js"

// Requests that are valid in every way but one hostile value, so the value reaches the handlers
// and the database. The sweep gives every class every site of every operation; random runs then
// mix variants, sizes and sites; a raw socket sends what fetch cannot.
const randomRuns = scale(150, 5_000)

for (const database of databases) {
  describe(`torture: hostile values in otherwise valid requests (${database.name})`, () => {
    let service: Running
    let world: World
    let fingerprints: Fingerprints
    let sitesOf: SitesOf
    beforeAll(async () => {
      service = await sharedService(database)
      world = await makeWorld(service.url)
      fingerprints = fingerprintsOf(world)
      sitesOf = await sitesOfEveryOperation(world)
    }, 300_000)
    afterAll(() => service.stop())

    // Valid text must also come back from a read exactly as sent, on the fields reads echo.
    const readBack = ["POST /contracts/{id}/decisions text", "PATCH /contracts/{id}/reply note", "POST /contracts/{id}/facts/{fact_id} value"]
    for (const cls of bodyClasses) {
      it(`body: ${cls.name} in every field of every operation`, async () => {
        await runAll(`body ${cls.name}`, world, fingerprints, sweepCases(cls.name, "body", sitesOf))
        const fields = ["combining_mark", "rtl", "zero_width"].includes(cls.name) ? readBack : cls.name === "long_string" ? readBack.slice(0, 1) : []
        for (const field of fields) expect(echoed.get(`${cls.name} ${field}`) ?? 0, `no successful write of ${field} was read back`).toBeGreaterThan(0)
      }, scale(300_000, 3_600_000))
    }
    for (const where of ["query", "path"] as const) {
      for (const cls of urlClasses) {
        it(`${where}: ${cls.name} in every ${where} parameter of every operation`, async () => {
          await runAll(`${where} ${cls.name}`, world, fingerprints, sweepCases(cls.name, where, sitesOf))
        }, scale(300_000, 3_600_000))
      }
    }

    it(`answers ${randomRuns} random hostile requests by the same rules`, async () => {
      await fc.assert(
        fc.asyncProperty(randomCase, async (c) => {
          await attempt(world, c, fingerprints).catch((error) => {
            fingerprints.moved()
            throw error
          })
        }),
        { numRuns: randomRuns, endOnFailure: true }
      )
    }, scale(300_000, 3_600_000))

    it("answers a NUL or a bare CR in a header value with 400 in the envelope", async () => {
      const ada = world.seats.ada
      const valid = { authorization: `Bearer ${ada.key}`, "contracts-acting-person": ada.person!, "content-type": "application/json", connection: "close" }
      const hostile: ReadonlyArray<readonly [string, string]> = [
        ["authorization", `Bearer ${ada.key}\u0000`],
        ["contracts-acting-person", `${ada.person}\u0000x`],
        ["x-anything", "a\u0000b"],
        ["authorization", `Bearer ${ada.key}\rx`],
        ["if-match", "\"sha256:\r\""],
        ["idempotency-key", "key\rkey"]
      ]
      for (const [name, value] of hostile) {
        for (const [method, path, body] of [["GET", "/me", ""], ["POST", "/contracts", "{\"template_id\":\"tpl_mutual_nda\"}"]] as const) {
          const headers = { ...valid, "idempotency-key": `raw-${Math.random()}`, "content-length": String(Buffer.byteLength(body)), [name]: value }
          const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")
          const answer = await rawExchange(world.base, Buffer.from(`${method} ${path} HTTP/1.1\r\nhost: localhost\r\n${head}\r\n${body}`, "latin1"))
          const what = `${method} ${path} with ${name}: ${JSON.stringify(value)}`
          expect(answer.status, `${what}: ${answer.text}`).toBe(400)
          expectSound(answer, what)
          expect(JSON.parse(answer.text).error.code, what).toBe("invalid_request")
        }
      }
    })
  })
}
