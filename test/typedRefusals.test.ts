import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Effect, Either } from "effect"
import { spawn } from "node:child_process"
import { Api } from "../src/Api.js"
import { Rejection } from "../src/Domain/Contract/Rejection.js"
import { call, createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, startService } from "./support/service.js"

/** The client as an Effect user makes it: the declaration, a base URL, the headers a seat sends. Nothing else. */
const plainClient = (baseUrl: string, headers: Record<string, string>) =>
  HttpApiClient.make(Api, {
    baseUrl,
    transformClient: HttpClient.mapRequest((request) => HttpClientRequest.setHeaders(request, { ...headers, "idempotency-key": idempotencyKey() }))
  }).pipe(Effect.provide(FetchHttpClient.layer))

/** What a call failed with, which must be the typed Rejection: a decode failure fails the test. */
const refusedWith = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.flip(effect).pipe(Effect.map((error) => {
    expect(error, String(error)).toBeInstanceOf(Rejection)
    return error as Rejection
  }))

for (const database of databases) {
  describe(`a typed client decodes every refusal, at every status (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await startService(database, { rateLimits: { readsPerMinute: 30 } })
      org = await createOrg(service.url, "Typed Ltd")
    })
    afterAll(() => service.stop())

    const as = (key: string, person = org.people[0]!.id) => ({ authorization: `Bearer ${key}`, "contracts-acting-person": person })

    it.effect("reads 400, 401, 403, 404, 409 with its details, 428 and 429 as Rejections", () =>
      Effect.gen(function*() {
        const api = yield* plainClient(service.url, as(org.keys.live))
        const drafted = yield* api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", facts: { party_a: "Acme Ltd" } } })
        const fact = { id: drafted.id, fact_id: drafted.facts.find((f) => f.name === "party_b")!.id }

        expect((yield* refusedWith(api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", prompt: "An NDA with Beta." } }))).code).toBe(
          "invalid_request"
        )
        const stranger = yield* plainClient(service.url, as("sk_live_not_a_key"))
        expect((yield* refusedWith(stranger.me.me({ urlParams: {} }))).code).toBe("unauthorized")
        const readOnly = yield* Effect.promise(() =>
          call(service.url, "POST", `/admin/orgs/${org.org_id}/keys`, {
            headers: { authorization: `Bearer ${adminToken}` },
            body: { mode: "live", scopes: ["contracts:read"] }
          })
        )
        const narrow = yield* plainClient(service.url, as(readOnly.body.key))
        expect(yield* refusedWith(narrow.contracts.draft({ payload: { template_id: "tpl_mutual_nda" } }))).toMatchObject({
          code: "insufficient_scope",
          param: "contracts:write"
        })
        expect((yield* refusedWith(api.contracts.sheet({ path: { id: "con_nope" } }))).code).toBe("not_found")
        const stale = yield* refusedWith(api.contracts.setFact({ path: fact, payload: { value: "Beta GmbH" }, headers: { "if-match": "sha256:stale" } }))
        expect(stale).toMatchObject({ code: "words_changed", details: { current_hash: drafted.words_hash } })
        expect((yield* refusedWith(api.contracts.setFact({ path: fact, payload: { value: "Beta GmbH" }, headers: {} }))).code).toBe("if_match_required")
        // Reads are 30 a minute here: one of the next 40 is refused, and decoded like any other.
        const reads = yield* Effect.forEach(Array.from({ length: 40 }), () => Effect.either(api.me.me({ urlParams: {} })))
        const limited = reads.filter(Either.isLeft).map((read) => read.left)
        expect(limited.length).toBeGreaterThan(0)
        for (const refused of limited) expect(refused).toMatchObject({ _tag: "Rejection", code: "rate_limited" })
      }))

    it("runs the README's example as written", async () => {
      const ran = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn("npx", ["tsx", "docs/examples/typed-client.ts"], {
          env: { ...process.env, B: service.url, KEY: org.keys.test, ADA: org.people[0]!.id }
        })
        let out = ""
        child.stdout.on("data", (chunk) => (out += chunk))
        child.stderr.on("data", (chunk) => (out += chunk))
        child.on("close", (code) => resolve({ code, out }))
      })
      expect(ran.code, ran.out).toBe(0)
      expect(ran.out).toMatch(/drafted con_\S+ \(draft\)[\s\S]*refused: words_changed, current_hash given[\s\S]*party_b filled: true/)
    }, 60_000)
  })
}
