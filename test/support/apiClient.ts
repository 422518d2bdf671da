import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientRequest, HttpClientResponse } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../../src/Api.js"
import { type ErrorCode, errorCodes } from "../../src/Domain/Api/ErrorCodes.js"
import { Rejection } from "../../src/Domain/Contract/Rejection.js"
import { idempotencyKey } from "./client.js"
import { checkDocumentedError } from "./documentedErrors.js"
import { adminToken } from "./service.js"

/** Who a call is made as: a key, and the person an org key acts for. */
export interface Seat {
  readonly key: string
  readonly person?: string
}

/** An org as the admin API answers it, with the secrets of its two keys. */
export interface NewOrg {
  readonly org_id: string
  readonly keys: { readonly live: string; readonly test: string }
  readonly people: ReadonlyArray<{ readonly id: string; readonly email: string }>
}

/** The org's live key (or test key) acting as its first person, or the person named. */
export const seatOf = (org: NewOrg, options: { readonly person?: string; readonly mode?: "live" | "test" } = {}): Seat => ({
  key: org.keys[options.mode ?? "live"],
  person: options.person ?? org.people[0]!.id
})

/** A refused call as a typed client reads it: the Rejection it decoded, with the status and type its code has. */
export interface Refusal {
  readonly status: number
  readonly code: ErrorCode
  readonly type: string
  readonly message: string
  readonly param: string | undefined
  readonly details: Readonly<Record<string, unknown>>
}

/** The error envelope as raw calls read it, for the tests that stay on the wire. */
export interface WireRefusal {
  readonly error: { readonly type: string; readonly code: string; readonly message: string; readonly param?: string }
}

// Not a decoding aid: the API declares its refusals at every status, so the client decodes them
// itself. This only holds every refusal a test meets to what the OpenAPI document lists; the body
// is read here and handed on whole, since the decoder reads it as bytes a second time.
const documentedOnly = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transformResponse(
    client,
    Effect.flatMap((response) => {
      if (response.status < 400) return Effect.succeed(response)
      return Effect.map(response.text, (text) => {
        let code: unknown
        try {
          code = JSON.parse(text)?.error?.code
        } catch {
          code = undefined
        }
        checkDocumentedError(response.request.method, response.request.url, response.status, code)
        return HttpClientResponse.fromWeb(response.request, new Response(text, { status: response.status, headers: response.headers }))
      })
    })
  )

// Each write carries a fresh Idempotency-Key; the gateway reads it only where the endpoint's
// policy requires one. If-Match goes per call, in the headers the endpoint declares.
const asSeat = (seat: Seat) => (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  client.pipe(
    HttpClient.mapRequest((request) => {
      const withKey = HttpClientRequest.bearerToken(request, seat.key)
      const withPerson = seat.person === undefined ? withKey : HttpClientRequest.setHeader(withKey, "contracts-acting-person", seat.person)
      return request.method === "GET" ? withPerson : HttpClientRequest.setHeader(withPerson, "idempotency-key", idempotencyKey())
    }),
    documentedOnly
  )

/** The whole API, typed from its declaration, called as the seat over real HTTP. */
export const apiClient = (baseUrl: string, seat: Seat) =>
  HttpApiClient.make(Api, { baseUrl, transformClient: asSeat(seat) }).pipe(
    Effect.provide(FetchHttpClient.layer)
  )

export type ApiClient = Effect.Effect.Success<ReturnType<typeof apiClient>>

/** The admin API with the suite's admin token. */
export const adminClient = (baseUrl: string) => apiClient(baseUrl, { key: adminToken })

let orgs = 0

/** A fresh org with two people through the typed admin API: every test works in its own org. */
export const newOrg = (baseUrl: string, name = `Org ${++orgs}`) =>
  Effect.gen(function*() {
    const admin = yield* adminClient(baseUrl)
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}${orgs}${Math.random().toString(36).slice(2, 8)}`
    return yield* admin.admin.createOrg({
      payload: { name, people: [{ name: "Ada Lovelace", email: `ada@${slug}.test` }, { name: "Brook Taylor", email: `brook@${slug}.test` }] }
    })
  })

export type CreatedOrg = Effect.Effect.Success<ReturnType<typeof newOrg>>

/**
 * The refusal a call met, to assert on: its success, or any failure other than a refusal the
 * service answered (a decode failure included), fails the test.
 */
export const refusal = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<Refusal, never, R> =>
  Effect.matchEffect(effect, {
    onSuccess: (value) => Effect.dieMessage(`expected a refusal, got a success: ${JSON.stringify(value).slice(0, 200)}`),
    onFailure: (error) =>
      error instanceof Rejection
        ? Effect.succeed({
          status: errorCodes[error.code][0],
          code: error.code,
          type: errorCodes[error.code][1],
          message: error.message,
          param: error.param,
          details: error.details ?? {}
        })
        : Effect.die(error)
  })
