import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import openapi from "../../docs/openapi.json" with { type: "json" }
import { databases } from "../support/databases.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Running, sharedService } from "../support/service.js"
import { expectSound } from "./checks.js"
import { scale } from "./scale.js"

const runs = scale(1000, 20_000)

interface Route {
  readonly method: string
  readonly path: string
}

const routes: ReadonlyArray<Route> = Object.entries(openapi.paths as Record<string, Record<string, unknown>>)
  .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))

// Malformed requests of every shape: wrong credentials, junk ids, bodies that are not what the
// schema wants. hostile.test.ts sends the opposite: valid requests carrying one hostile value.

// Field names the interface's bodies use, so mutations hit fields that matter.
const fields = [
  "template_id",
  "facts",
  "prompt",
  "value",
  "recipients",
  "confirmed_by",
  "note",
  "ask_id",
  "block_id",
  "type",
  "text",
  "why",
  "email",
  "name",
  "capacity",
  "reason",
  "text_hash",
  "intent",
  "kind",
  "content_type",
  "data"
]

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom("", " ", "\u0000", "\ud800", "💥".repeat(100), "x".repeat(70_000), "<script>", "' OR 1=1 --", "../../etc/passwd", "sha256:", "null"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 4 })
)

const body = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...fields), nasty, { maxKeys: 5 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "{",
      "[]",
      "null",
      "\"str\"",
      "{\"a\":",
      "x".repeat(1_100_000),
      "{\"note\":\"\\ud800\"}",
      "{\"note\":\"a\",\"note\":\"b\"}",
      "{\"value\":1e-400}"
    )
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from([0xff, 0xfe, ...bytes])) }
)

const printable = (value: string) => value.replace(/[^\x20-\x7e]/g, "?")

// How a client may misspell a route: mostly as declared, else one character's case, a matrix
// parameter, a doubled or trailing slash (test/pathSpelling.test.ts sweeps them all).
const spelling = fc.oneof(
  { weight: 6, arbitrary: fc.constant((path: string) => path) },
  {
    weight: 1,
    arbitrary: fc.nat().map((at) => (path: string) =>
      path.slice(0, 1 + at % (path.length - 1)) + path.charAt(1 + at % (path.length - 1)).toUpperCase() + path.slice(2 + at % (path.length - 1))
    )
  },
  { weight: 1, arbitrary: fc.constantFrom(";x", ";jsessionid=1", "/", "//").map((tail) => (path: string) => `${path}${tail}`) },
  { weight: 1, arbitrary: fc.constant((path: string) => path.replace("/", "//")) }
)

for (const database of databases) {
  describe(`torture: fuzzing every endpoint (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it(`answers ${runs} generated requests without a 5xx, always in the envelope, and a refused write changes nothing`, async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted, send } = await sent()
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Q.", why: "w" })).body.ask
      await bea.commit(drafted.id, drafted.words_hash)
      const signature = (await ada.sign(drafted.id, drafted.words_hash)).body

      const ids = [drafted.id, clause.id, ask, signature.id, send.relationship, ada.person, drafted.facts[0].id, send.letter, drafted.parties[0].id]
      const junkIds = ["con_", `con_${"A".repeat(500)}`, "blk_nope", "sig_x", "ask_x", "12345", "%00", "..%2F..", "ünï", "' OR 1=1"]
      const param = fc.oneof(fc.constantFrom(...ids), fc.constantFrom(...junkIds), fc.string({ maxLength: 40 }))
      const headers = fc.record({
        authorization: fc.constantFrom(
          `Bearer ${ada.org.keys.test}`,
          `Bearer ${bea.org.keys.test}`,
          `Bearer ${ada.org.keys.live}`,
          "Bearer sk_test_garbage",
          "Token gtk_nope",
          "Basic eA==",
          "",
          undefined
        ),
        "contracts-acting-person": fc.constantFrom(ada.person, bea.person, "per_nope", "", undefined),
        "idempotency-key": fc.oneof(fc.constantFrom(undefined, "", "k".repeat(300)), fc.uuid()),
        "if-match": fc.constantFrom(undefined, drafted.words_hash, "\"" + drafted.words_hash + "\"", "sha256:stale", "*"),
        "contracts-version": fc.constantFrom(undefined, "2026-08-24", "1999-01-01", "garbage"),
        "content-type": fc.constantFrom(
          undefined,
          "application/json",
          "text/plain",
          "application/json; charset=utf-8",
          "application/json; charset=utf-16",
          "multipart/form-data"
        )
      }, { requiredKeys: [] })

      /** What a refused write must leave exactly as it was: both sides' view of the contract. */
      const fingerprint = async () =>
        JSON.stringify(
          await Promise.all([
            ada.sheet(drafted.id),
            ada.get(`/contracts/${drafted.id}/signatures`).then((r) => r.body),
            bea.get(`/contracts/${drafted.id}/reply`).then((r) => r.body),
            ada.get(`/contracts?limit=100`).then((r) => r.body.data.map((c: { id: string; head_sequence: number }) => [c.id, c.head_sequence]))
          ])
        )
      let baseline = await fingerprint()

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...routes),
          fc.array(param, { minLength: 3, maxLength: 3 }),
          body,
          headers,
          spelling,
          fc.boolean(),
          async (route, values, payload, given, spelt, head) => {
            let n = 0
            const path = spelt(route.path.replace(/\{\w+\}/g, () => encodeURIComponent(values[n++]!)))
            const method = route.method === "GET" && head ? "HEAD" : route.method
            const sentHeaders: Record<string, string> = {}
            for (const [name, value] of Object.entries(given)) if (value !== undefined) sentHeaders[name] = printable(value)
            const withBody = route.method !== "GET" && payload !== undefined
            if (withBody && sentHeaders["content-type"] === undefined) sentHeaders["content-type"] = "application/json"
            const response = await fetch(`${service.url}${path}`, { method, headers: sentHeaders, ...(withBody ? { body: payload } : {}) })
            const text = await response.text()
            if (method === "HEAD") expect(text, `HEAD ${path}`).toBe("")
            else expectSound({ status: response.status, text }, `${route.method} ${path}`)
            expect(response.status, `${method} ${path}`).toBeLessThan(500)
            if (route.method === "GET") return
            const now = await fingerprint()
            if (response.status >= 400) expect(now, `${route.method} ${path} refused with ${response.status} but changed state`).toBe(baseline)
            baseline = now
          }
        ),
        { numRuns: runs }
      )
    }, scale(240_000, 3_600_000))
  })
}
