import { HttpApiBuilder, HttpServerRequest, type HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { AdminToken } from "./Admin/AdminToken.js"
import { AssetStore } from "./Assets/AssetStore.js"
import { Actor, type Caller } from "./Auth/Actor.js"
import { Authenticate } from "./Auth/Authenticate.js"
import { defaultClientTimeoutSeconds, ServerConfig } from "./Config.js"
import { Idempotency } from "./Idempotency/Idempotency.js"
import { RateLimiter } from "./RateLimit/RateLimiter.js"
import { AdminAdmission } from "./Http/AdminAdmitted.js"
import { withJsonBody, withParts } from "./Http/BodyReader.js"
import { actingPerson, adminToken, guestReach, oneOfEach, rate, scope } from "./Gateway/Admission.js"
import { answering, unrecognized } from "./Gateway/Answer.js"
import { idempotent, keyOf } from "./Gateway/Idempotent.js"
import { ifMatch, jsonBody, pathAndQuery } from "./Gateway/Values.js"
import { IfMatched } from "./Http/IfMatch.js"
import { noteCaller } from "./Operations/RequestLogNotes.js"
import type { JsonBody } from "./Http/JsonBody.js"
import { requestTarget, type Route, routerTarget, type RouteTable } from "./Http/RouteTable.js"
import { SandboxClocks } from "./Sandbox/SandboxClocks.js"
import { readUpload, type Upload, type UploadRule } from "./Http/Upload.js"
import { persistedRecord, Uploaded } from "./Http/Uploaded.js"

/** The handler reads exactly the body the gateway checked. */
const handing = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  request: HttpServerRequest.HttpServerRequest,
  body: JsonBody | null
) => Effect.provideService(app, HttpServerRequest.HttpServerRequest, body === null ? request : withJsonBody(request, body))

/** The handler of a multipart endpoint decodes the parts the gateway streamed, and reads the files' facts. */
const handingUpload = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  request: HttpServerRequest.HttpServerRequest,
  rule: UploadRule,
  upload: Upload
) =>
  Effect.provideService(
    Effect.provideService(app, Uploaded, upload),
    HttpServerRequest.HttpServerRequest,
    withParts(request, persistedRecord(rule, upload))
  )

/** What makes two uploads the same request for an idempotency key: the parts, and each file's name and bytes. */
const uploadFingerprint = (upload: Upload) =>
  JSON.stringify({ fields: [...upload.fields].sort(), files: upload.files.map((file) => [file.filename, file.sha256]) })

/**
 * Everything that stands between a request and its handler, one named step each, in the order a
 * client meets them; tests pin which refusal wins when several apply. A step passes on what the
 * next needs or fails with its refusal, and `answering` turns every failure into the envelope.
 */
export const gateway = (routes: RouteTable) =>
  HttpApiBuilder.middleware(
    Effect.gen(function*() {
      const config = yield* ServerConfig
      const answered = answering(routes, config.docsUrl)
      const stallSeconds = config.clientTimeoutSeconds ?? defaultClientTimeoutSeconds
      const authenticate = yield* Authenticate
      const limiter = yield* RateLimiter
      const idempotency = yield* Idempotency
      const { token } = yield* AdminToken
      const assets = yield* AssetStore
      const clocks = yield* SandboxClocks

      return (app) => {
        const admitted = (caller: Caller, route: Route, request: HttpServerRequest.HttpServerRequest, url: URL) =>
          Effect.gen(function*() {
            const { policy } = route
            if (policy.upload !== null) {
              const rule = policy.upload
              // The parts live in a temporary directory for the length of the request.
              return yield* Effect.scoped(Effect.gen(function*() {
                // Without a key, nothing is worth streaming: refused before the first byte is read.
                if (policy.idempotent) yield* keyOf(request)
                const upload = yield* readUpload(request, rule, assets.tmpDir, stallSeconds)
                const handler = answered(Effect.provideService(handingUpload(app, request, rule, upload), Actor, caller))
                return yield* policy.idempotent ? idempotent(idempotency, request, route, url.pathname, caller, uploadFingerprint(upload), handler) : handler
              }))
            }
            const body = yield* jsonBody(request, route, stallSeconds)
            const hash = yield* ifMatch(policy, request)
            const handled = Effect.provideService(handing(app, request, body), Actor, caller)
            // Answered before idempotency keeps it, so the key keeps exactly what the client was told.
            const handler = answered(hash === null ? handled : Effect.provideService(handled, IfMatched, hash))
            return yield* policy.idempotent ? idempotent(idempotency, request, route, url.pathname, caller, body?.text ?? "", handler) : handler
          })
        return answered(Effect.gen(function*() {
          const sent = yield* HttpServerRequest.HttpServerRequest
          yield* oneOfEach(sent)
          const url = requestTarget(sent.url)
          if (url === null) return yield* unrecognized(sent.method, sent.url)
          // From here on the router, the handler and every step read the target as the gateway did.
          const request = sent.modify({ url: routerTarget(url) })
          // HEAD is GET without the body (RFC 9110): the same route, checks and answer; Node drops the body.
          const route = routes.find(request.method === "HEAD" ? "GET" : request.method, url.pathname)
          if (route === undefined) return yield* Effect.provideService(app, HttpServerRequest.HttpServerRequest, request)
          const { policy } = route
          if (policy.credential === "admin") {
            yield* adminToken(request, token)
            yield* pathAndQuery(route, url)
            return yield* Effect.provideService(handing(app, request, yield* jsonBody(request, route, stallSeconds)), AdminAdmission, { admitted: true })
          }
          // The credential, the version in force and the named person resolve together (Auth/Authenticate).
          const caller = yield* authenticate.caller(request)
          yield* noteCaller(caller)
          yield* guestReach(caller, route, request.method, url.pathname)
          yield* scope(caller, policy)
          yield* actingPerson(caller, policy)
          yield* rate(limiter, caller, policy)
          yield* pathAndQuery(route, url)
          // From here the request keeps its org's time: a sandbox org's test mode reads its sandbox
          // clock (idempotency retention, link expiry); the rate limit above keeps the service's own.
          return yield* Effect.withClock(admitted(caller, route, request, url), yield* clocks.clockFor(caller.org?.id ?? null, caller.mode))
        }))
      }
    })
  )

export const GatewayLive = (routes: RouteTable) => gateway(routes).pipe(Layer.provide(Idempotency.Default))
