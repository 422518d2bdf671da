import { HttpApiBuilder, HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, ParseResult, Schema } from "effect"
import { AuthCache } from "../Auth/Cache.js"
import { secretsEqual } from "../Auth/Secrets.js"
import { modes } from "../Domain/Mode.js"
import { notFound, reject } from "../Domain/Rejection.js"
import { scopes } from "../Domain/Scopes.js"
import { AdminRepo } from "./Repo.js"
import { AdminToken } from "./AdminToken.js"

const Text = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max))
const Email = Schema.Trim.pipe(Schema.pattern(/^[^\s@]+@[^\s@]+$/), Schema.maxLength(320))
const Person = Schema.Struct({ name: Text(200), email: Email })
const Scopes = Schema.Array(Schema.Literal(...scopes))
const strict = { onExcessProperty: "error" } as const

const CreateOrg = Schema.Struct({ name: Text(200), people: Schema.optionalWith(Schema.Array(Person), { default: () => [] }) })
const CreateKey = Schema.Struct({ mode: Schema.Literal(...modes), scopes: Schema.optionalWith(Scopes, { default: () => scopes }) })

const body = <A, I>(schema: Schema.Schema<A, I>) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const text = yield* Effect.orElseSucceed(request.text, () => "")
    const json = yield* Effect.try(() => JSON.parse(text) as unknown).pipe(
      Effect.mapError(() => reject("invalid_request", "The body is not valid JSON."))
    )
    return yield* Schema.decodeUnknown(schema, strict)(json).pipe(
      Effect.mapError((error) => {
        const issue = ParseResult.ArrayFormatter.formatErrorSync(error)[0]
        const param = issue?.path.join(".")
        return reject("invalid_request", issue?.message ?? "Invalid body.", param ? { param } : undefined)
      })
    )
  })

// Failures are Rejections: the gateway writes their envelope, as for every other route.
const guardedBy = (token: string) => <E, R>(handler: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers["authorization"] ?? "")?.[1]
    if (given === undefined || !secretsEqual(given, token)) return yield* reject("unauthorized", "Invalid admin token.")
    return yield* handler
  })

const created = (value: unknown) => HttpServerResponse.unsafeJson(value, { status: 201 })

/** The admin API of SEMANTICS.md "Bootstrap": not part of the public interface, so not in the OpenAPI. */
export const AdminRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const repo = yield* AdminRepo
    const authCache = yield* AuthCache
    const guarded = guardedBy((yield* AdminToken).token)
    const requireOrg = (orgId: string) =>
      Effect.flatMap(repo.orgExists(orgId), (exists) => (exists ? Effect.void : Effect.fail(notFound("org", orgId))))
    const orgId = Effect.map(HttpRouter.params, (params) => params["org_id"] ?? "")

    yield* router.post("/admin/orgs", guarded(Effect.gen(function*() {
      const input = yield* body(CreateOrg)
      return created(yield* repo.createOrg(input.name, input.people, scopes))
    })))
    yield* router.post("/admin/orgs/:org_id/people", guarded(Effect.gen(function*() {
      const org = yield* orgId
      yield* requireOrg(org)
      const input = yield* body(Person)
      if (yield* repo.emailTaken(org, input.email)) {
        return yield* reject("invalid_request", `${input.email} is already a person of this org.`, { param: "email" })
      }
      return created(yield* repo.addPerson(org, input))
    })))
    yield* router.post("/admin/orgs/:org_id/keys", guarded(Effect.gen(function*() {
      const org = yield* orgId
      yield* requireOrg(org)
      const input = yield* body(CreateKey)
      return created(yield* repo.addKey(org, input.mode, [...new Set(input.scopes)]))
    })))
    yield* router.del("/admin/keys/:key_id", guarded(Effect.gen(function*() {
      const keyId = (yield* HttpRouter.params)["key_id"] ?? ""
      if (!(yield* repo.revokeKey(keyId))) return yield* notFound("key", keyId)
      yield* authCache.forgetKeys
      return HttpServerResponse.unsafeJson({ id: keyId, revoked: true })
    })))
  }))
