// The service from Effect, through the client HttpApiClient derives from the API's declaration:
//   B=http://localhost:4000 KEY=sk_test_… ADA=per_… npx tsx docs/examples/typed-client.ts
// Every answer is decoded by its endpoint's schema; every refusal arrives as a typed Rejection
// with its code and the fields beside the envelope (a 409's current_hash, say), whatever its status.
import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Console, Effect } from "effect"
import { randomUUID } from "node:crypto"
import { pathToFileURL } from "node:url"
import { Api } from "../../src/Api.js"

/** The org key acting as one person; each write carries a fresh Idempotency-Key. */
const asPerson = (key: string, person: string) =>
  HttpClient.mapRequest((request) =>
    request.pipe(
      HttpClientRequest.bearerToken(key),
      HttpClientRequest.setHeader("contracts-acting-person", person),
      request.method === "GET" ? (same) => same : HttpClientRequest.setHeader("idempotency-key", randomUUID())
    )
  )

export const example = (baseUrl: string, key: string, person: string) =>
  Effect.gen(function*() {
    const api = yield* HttpApiClient.make(Api, { baseUrl, transformClient: asPerson(key, person) })

    const drafted = yield* api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", facts: { party_a: "Acme Ltd" } } })
    yield* Console.log(`drafted ${drafted.id} (${drafted.state}), ${drafted.questions?.length ?? 0} questions`)
    const partyB = drafted.facts.find((fact) => fact.name === "party_b")!

    // A stale If-Match is refused 409 words_changed; the Rejection carries the current hash.
    const stale = { path: { id: drafted.id, fact_id: partyB.id }, payload: { value: "Beta GmbH" }, headers: { "if-match": "sha256:stale" } }
    const current = yield* api.contracts.setFact(stale).pipe(
      Effect.as(drafted.words_hash),
      Effect.catchTag("Rejection", (refused) =>
        refused.code === "words_changed"
          ? Effect.as(Console.log(`refused: ${refused.code}, current_hash given`), String(refused.details?.["current_hash"]))
          : Effect.fail(refused))
    )
    const filled = yield* api.contracts.setFact({ ...stale, headers: { "if-match": current } })
    yield* Console.log(`party_b filled: ${filled.applied}, words_hash ${filled.words_hash.slice(0, 15)}…`)
  }).pipe(Effect.provide(FetchHttpClient.layer))

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ADA, B, KEY } = process.env
  if (B === undefined || KEY === undefined || ADA === undefined) throw new Error("Set B (the service's URL), KEY (an org key) and ADA (its person).")
  Effect.runPromise(example(B, KEY, ADA)).catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
}
