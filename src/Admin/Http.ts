import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { Api } from "../Api.js"
import { AuthCache } from "../Auth/Cache.js"
import { parseLimit } from "../Http/Paging.js"
import { notFound, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { scopes } from "../Domain/Api/Scopes.js"
import { AdminRepo } from "./Repo.js"
import { Playbooks, renderRule } from "../Playbooks.js"

/** The admin API of SEMANTICS.md "Bootstrap"; the gateway has checked the admin token before any of these run. */
export const AdminHttp = HttpApiBuilder.group(Api, "admin", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* AdminRepo
    const authCache = yield* AuthCache
    const playbooks = yield* Playbooks
    const requireOrg = (orgId: string) => Effect.flatMap(repo.orgExists(orgId), (exists) => (exists ? Effect.void : Effect.fail(notFound("org", orgId))))
    // A revoked key must fail its very next request, not only once the key cache expires.
    const forgotten = (id: string) => Effect.as(authCache.forgetKeys, { id, revoked: true as const })
    const revokeById = (keyId: string, param?: string) =>
      Effect.flatMap(repo.revokeKey(keyId), (done) => (done ? forgotten(keyId) : Effect.fail(notFound("key", keyId, param))))
    // The secret is never echoed: an answer can end up in a log as easily as a URL.
    const revokeBySecret = (secret: string) =>
      Effect.flatMap(
        repo.revokeKeyBySecret(secret),
        Option.match({
          onNone: () => Effect.fail(reject("not_found", "No key has this secret.", { param: "key" })),
          onSome: forgotten
        })
      )

    return handlers
      .handle("createOrg", ({ payload }) => repo.createOrg(payload.name, payload.people, scopes))
      .handle("addPerson", ({ path, payload }) =>
        Effect.gen(function*() {
          yield* requireOrg(path.org_id)
          if (yield* repo.emailTaken(path.org_id, payload.email)) {
            return yield* reject("invalid_request", `${payload.email} is already a person of this org.`, { param: "email" })
          }
          return yield* repo.addPerson(path.org_id, payload)
        }))
      .handle(
        "createKey",
        ({ path, payload }) => Effect.zipRight(requireOrg(path.org_id), repo.addKey(path.org_id, payload.mode, [...new Set(payload.scopes)]))
      )
      .handle("listKeys", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const limit = parseLimit(urlParams.limit)
          if (limit instanceof Rejection) return yield* limit
          yield* requireOrg(path.org_id)
          const after = urlParams.starting_after
          if (after !== undefined && !(yield* repo.keyOfOrg(path.org_id, after))) {
            return yield* reject("invalid_request", "starting_after must be the id of a key of this org.", { param: "starting_after" })
          }
          const rows = yield* repo.listKeys(path.org_id, limit, after)
          const data = rows.slice(0, limit)
          const has_more = rows.length > limit
          return { data, has_more, next_cursor: has_more ? data[data.length - 1]!.id : null }
        }))
      .handle("revokeKey", ({ path }) => revokeById(path.key_id))
      .handle("setPlaybook", ({ path, payload }) => Effect.zipRight(requireOrg(path.org_id), playbooks.replace(path.org_id, payload)))
      .handle("getPlaybook", ({ path }) =>
        Effect.zipRight(
          requireOrg(path.org_id),
          Effect.map(playbooks.rulesOf(path.org_id), (rules) => ({ org_id: path.org_id, rules: rules.map(renderRule) }))
        ))
      .handle("revokeKeyBySecret", ({ payload }) => payload.key.startsWith("sk_") ? revokeBySecret(payload.key) : revokeById(payload.key, "key"))
  }))
