import { FetchHttpClient, HttpApiClient, HttpClient, HttpClientError, HttpClientRequest, HttpClientResponse } from "@effect/platform"
import { Effect, FiberRef, Option, Schema } from "effect"
import { Api } from "../../src/Api.js"
import { allErrorCodes, type ErrorCode } from "../../src/Domain/Api/ErrorCodes.js"
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

/** A refused call as the wire carried it: its status and envelope, and the fields beside the envelope. */
export interface Refusal {
  readonly status: number
  readonly code: ErrorCode
  readonly type: string
  readonly message: string
  readonly param: string | undefined
  readonly doc_url: string
  readonly details: Readonly<Record<string, unknown>>
}

/** The error envelope as raw calls read it, for the tests that stay on the wire. */
export interface WireRefusal {
  readonly error: { readonly type: string; readonly code: string; readonly message: string; readonly param?: string }
}

const Envelope = Schema.Struct({
  error: Schema.Struct({
    type: Schema.String,
    code: Schema.Literal(...allErrorCodes),
    message: Schema.String,
    param: Schema.optional(Schema.String),
    doc_url: Schema.String
  })
})

const refusalOf = (status: number, text: string): Option.Option<Refusal> => {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return Option.none()
  }
  return Schema.decodeUnknownOption(Envelope)(parsed).pipe(Option.map(({ error }) => {
    const { error: _, ...details } = parsed as Record<string, unknown>
    return { status, code: error.code, type: error.type, message: error.message, param: error.param, doc_url: error.doc_url, details }
  }))
}

// The API declares its error envelope at 400 only, so the generated client decodes a 400 into a
// Rejection without the fields beside the envelope, and any other 4xx into a bare ResponseError.
// The transport reads every refusal whole and leaves it here for transformResponse, which runs
// next on the same fiber and turns either into a Rejection that carries its details.
const lastRefusal = FiberRef.unsafeMake<Option.Option<Refusal>>(Option.none())
const refusals = new WeakMap<Rejection, Refusal>()

const readRefusals = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transformResponse(
    client,
    Effect.flatMap((response) => {
      if (response.status < 400) return Effect.as(FiberRef.set(lastRefusal, Option.none()), response)
      return Effect.gen(function*() {
        const text = yield* response.text
        const refusal = refusalOf(response.status, text)
        // The same check as the raw client's: a code the OpenAPI document does not list fails the test.
        yield* Effect.sync(() => checkDocumentedError(response.request.method, response.request.url, response.status, Option.getOrUndefined(refusal)?.code))
        yield* FiberRef.set(lastRefusal, refusal)
        return HttpClientResponse.fromWeb(response.request, new Response(text, { status: response.status, headers: response.headers }))
      })
    })
  )

const isRefused = (error: unknown) =>
  error instanceof Rejection || (HttpClientError.isHttpClientError(error) && error._tag === "ResponseError" && error.response.status >= 400)

const asRejection = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, unknown> =>
  Effect.catchAll(effect, (error) =>
    Effect.flatMap(FiberRef.get(lastRefusal), (last): Effect.Effect<never, unknown> => {
      if (!isRefused(error) || Option.isNone(last)) return Effect.fail(error)
      const refusal = last.value
      const rejection = new Rejection({ code: refusal.code, message: refusal.message, param: refusal.param, details: refusal.details })
      refusals.set(rejection, refusal)
      return Effect.fail(rejection)
    }))

// Each write carries a fresh Idempotency-Key; the gateway reads it only where the endpoint's
// policy requires one. If-Match goes per call, in the headers the endpoint declares.
const asSeat = (seat: Seat) => (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  client.pipe(
    HttpClient.mapRequest((request) => {
      const withKey = HttpClientRequest.bearerToken(request, seat.key)
      const withPerson = seat.person === undefined ? withKey : HttpClientRequest.setHeader(withKey, "contracts-acting-person", seat.person)
      return request.method === "GET" ? withPerson : HttpClientRequest.setHeader(withPerson, "idempotency-key", idempotencyKey())
    }),
    readRefusals
  )

/** The whole API, typed from its declaration, called as the seat over real HTTP. */
export const apiClient = (baseUrl: string, seat: Seat) =>
  HttpApiClient.make(Api, { baseUrl, transformClient: asSeat(seat), transformResponse: asRejection }).pipe(
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
 * service answered, fails the test.
 */
export const refusal = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<Refusal, never, R> =>
  Effect.matchEffect(effect, {
    onSuccess: (value) => Effect.dieMessage(`expected a refusal, got a success: ${JSON.stringify(value).slice(0, 200)}`),
    onFailure: (error) => {
      const found = error instanceof Rejection ? refusals.get(error) : undefined
      return found === undefined ? Effect.die(error) : Effect.succeed(found)
    }
  })
