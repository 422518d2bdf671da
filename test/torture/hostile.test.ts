import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { databases } from "../support/databases.js"
import { type Running, startService } from "../support/service.js"
import { attempt, bodyClass, type Case, echoed, fingerprintsOf, type Fingerprints, NoAnswer, sitesFor, urlClass } from "./attempt.js"
import { expectSound } from "./checks.js"
import { bodyClasses } from "./hostile.js"
import { urlClasses } from "./hostileUrl.js"
import { operations, type Site, sites, validBody } from "./operations.js"
import { recipeFor } from "./recipes.js"
import { scale } from "./scale.js"
import { rawExchange } from "./socket.js"
import { makeWorld, type World } from "./world.js"

// Requests that are valid in every way but one hostile value, so the value reaches the handlers
// and the database. The sweep gives every class every site of every operation; random runs then
// mix variants, sizes and sites; a raw socket sends what fetch cannot.
const passes = scale(1, 6)
const randomRuns = scale(150, 5_000)

/**
 * The sweep for one class: every site (or parameter) of every operation, `passes` times, plus
 * once at each size the class must try everywhere. Variants and sizes rotate over the whole
 * sweep, so each is tried somewhere and no operation sees only the first.
 */
const sweepCases = (name: string, where: Case["where"], sitesOf: Map<string, ReadonlyArray<ReadonlyArray<Site>>>): ReadonlyArray<Case> => {
  const sizes = where === "body" ? bodyClass(name).sizes : urlClass(name).sizes
  const slots = operations.flatMap((op) => {
    const counts = where === "body"
      ? (sitesOf.get(op.key) ?? []).map((all) => sitesFor(bodyClass(name), all).length)
      : [where === "query" ? op.queryParams.length : op.pathParams.length]
    return counts.flatMap((count, recipeVariant) => {
      if (count === 0) return []
      // Each operation meets every rotating size at least once.
      const rotating = Array.from({ length: Math.max(count * passes, sizes?.sweep.length ?? 0) }, (_, i) => ({ pick: i % count, fixed: undefined }))
      const everywhere = (sizes?.everywhere ?? []).flatMap((fixed) => Array.from({ length: count }, (_, pick) => ({ pick, fixed })))
      return [...everywhere, ...rotating].map((slot) => ({ op, where, cls: name, recipeVariant, ...slot }))
    })
  })
  return slots.map(({ fixed, ...slot }, k) => ({ ...slot, variant: k, size: fixed ?? sizes?.sweep[k % sizes.sweep.length] ?? 0 }))
}

/** What went wrong, in a word, so a report can count each kind per operation. */
const kindOf = (message: string) => {
  const got = /expected 400 invalid_request, got (\d+)/.exec(message)?.[1]
  return /no answer within/.test(message) ? "no answer"
    : /expected 5\d\d to be less than 500/.test(message) ? "5xx"
    : /error\.message is \d+ characters/.test(message) ? "long message"
    : /not JSON|no error envelope|fields beyond/.test(message) ? "no envelope"
    : /expected no param|error\.param/.test(message) ? "wrong param"
    : got !== undefined ? `${got} instead of 400`
    : /changed state/.test(message) ? "changed state"
    : /differs from what was sent/.test(message) ? "stored differently"
    : "other"
}

/** Runs every case, and fails once at the end naming, per operation, the kinds of failure and the first. */
const runAll = async (name: string, world: World, fingerprints: Fingerprints, cases: ReadonlyArray<Case>) => {
  const failures = new Map<string, { count: number; kinds: Map<string, number>; first: string }>()
  let sent = 0
  let hung = 0
  for (const c of cases) {
    try {
      if ((await attempt(world, c, fingerprints)) === "sent") sent++
    } catch (error) {
      sent++
      fingerprints.moved()
      const message = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 500) : String(error)
      const seen = failures.get(c.op.key) ?? { count: 0, kinds: new Map<string, number>(), first: message }
      seen.kinds.set(kindOf(message), (seen.kinds.get(kindOf(message)) ?? 0) + 1)
      failures.set(c.op.key, { ...seen, count: seen.count + 1 })
      // A service that stops answering would make every later request wait out its timeout too.
      if (error instanceof NoAnswer && ++hung === 3) {
        failures.set("(sweep)", { count: 1, kinds: new Map(), first: "stopped after 3 requests got no answer" })
        break
      }
    }
  }
  expect(sent, `${name}: the sweep sent nothing, the class found no place to go`).toBeGreaterThan(0)
  const report = [...failures.entries()].map(([key, f]) =>
    `${key}: ${f.count} failed (${[...f.kinds].map(([kind, n]) => `${kind} ×${n}`).join(", ")}); first: ${f.first}`)
  expect(report, `${name}: ${report.length} operations failed, of ${sent} requests sent`).toEqual([])
}

for (const database of databases) {
  describe(`torture: hostile values in otherwise valid requests (${database.name})`, () => {
    let service: Running
    let world: World
    let fingerprints: Fingerprints
    const sitesOf = new Map<string, ReadonlyArray<ReadonlyArray<Site>>>()
    beforeAll(async () => {
      service = await startService(database)
      world = await makeWorld(service.url)
      fingerprints = fingerprintsOf(world)
      for (const op of operations) {
        if (op.body === undefined) continue
        const recipe = recipeFor(op.key, op.admin)
        const variants = await Promise.all(Array.from({ length: recipe.variants }, async (_, v) => sites(op.body!, validBody(op.body!, (await recipe.prepare(world, v)).body))))
        sitesOf.set(op.key, variants)
      }
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
      const targets = operations.filter((op) => op.body !== undefined || op.queryParams.length > 0 || op.pathParams.length > 0)
      const arbitrary = fc.constantFrom(...targets).chain((op) => {
        const wheres: Array<Case["where"]> = [...(op.body ? ["body" as const] : []), ...(op.queryParams.length ? ["query" as const] : []), ...(op.pathParams.length ? ["path" as const] : [])]
        return fc.constantFrom(...wheres).chain((where) =>
          fc.record({
            op: fc.constant(op),
            where: fc.constant(where),
            cls: fc.constantFrom(...(where === "body" ? bodyClasses : urlClasses).map((c) => c.name)),
            pick: fc.nat(),
            variant: fc.nat(),
            unit: fc.double({ min: 0, max: 1, noNaN: true }),
            recipeVariant: fc.nat()
          }))
      }).map(({ unit, ...c }): Case => {
        const sizes = c.where === "body" ? bodyClass(c.cls).sizes : urlClass(c.cls).sizes
        // Mostly small sizes, now and then the largest: the largest cost the most time.
        return { ...c, size: sizes === undefined ? 0 : sizes.min + Math.floor(unit ** 3 * (sizes.max - sizes.min)) }
      })
      await fc.assert(fc.asyncProperty(arbitrary, async (c) => {
        await attempt(world, c, fingerprints).catch((error) => {
          fingerprints.moved()
          throw error
        })
      }), { numRuns: randomRuns, endOnFailure: true })
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
