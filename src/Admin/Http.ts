import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { Api } from "../Api.js"
import { AuthCache } from "../Auth/Cache.js"
import { parseLimit } from "../Http/Paging.js"
import { excerpt, notFound, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { scopes } from "../Domain/Api/Scopes.js"
import { AdminRepo, type EmailTaken } from "./Repo.js"
import { Playbooks, renderRule } from "../Playbooks.js"
import { OrgSettings } from "../Deadlines/OrgSettings.js"

/**
 * SEMANTICS.md: a person belongs to at most one org, and a Send to an email reaches the org person
 * who has it, so no two people of orgs share one. The message names who holds it; the CLI prints it.
 */
const emailInUse = ({ email, holder }: EmailTaken, orgId: string | null, param: string) =>
  reject(
    "email_in_use",
    holder === null
      ? `${excerpt(email)} is already the email of a person of an org: one email names one person.`
      : holder.org === orgId
      ? `${excerpt(email)} is already the email of ${holder.id}, a person of this org.`
      : `${
        excerpt(email)
      } is already the email of ${holder.id}, a person of another org (${holder.org}): a person belongs to at most one org, and a Send to this email reaches that person.`,
    { param }
  )

/** The index of the first person whose email an earlier one of the same request already gives, or -1. */
const repeatedEmail = (people: ReadonlyArray<{ readonly email: string }>) =>
  people.findIndex((p, i) => people.slice(0, i).some((q) => q.email.toLowerCase() === p.email.toLowerCase()))

/** The admin API of SEMANTICS.md "Bootstrap"; the gateway has checked the admin token before any of these run. */
export const AdminHttp = HttpApiBuilder.group(Api, "admin", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* AdminRepo
    const authCache = yield* AuthCache
    const playbooks = yield* Playbooks
    const settings = yield* OrgSettings
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

    const requirePerson = (personId: string) =>
      Effect.flatMap(
        repo.personOrg(personId),
        Option.match({
          onNone: () => Effect.fail(notFound("person", personId)),
          onSome: Effect.succeed
        })
      )

    /** One page of a list the admin API answers, oldest first: the limit, then its owner, then the cursor checked to belong to it. */
    const page = <A extends { readonly id: string }>(
      owner: Effect.Effect<unknown, Rejection>,
      limitParam: string | undefined,
      after: string | undefined,
      cursorBelongs: (after: string) => Effect.Effect<boolean>,
      what: string,
      rows: (limit: number) => Effect.Effect<ReadonlyArray<A>>
    ) =>
      Effect.gen(function*() {
        const limit = parseLimit(limitParam)
        if (limit instanceof Rejection) return yield* limit
        yield* owner
        if (after !== undefined && !(yield* cursorBelongs(after))) {
          return yield* reject("invalid_request", `starting_after must be the id of ${what}.`, { param: "starting_after" })
        }
        const found = yield* rows(limit)
        const data = found.slice(0, limit)
        const has_more = found.length > limit
        return { data, has_more, next_cursor: has_more ? data[data.length - 1]!.id : null }
      })

    return handlers
      .handle("createOrg", ({ payload }) => {
        const repeated = repeatedEmail(payload.people)
        if (repeated !== -1) {
          return Effect.fail(reject("invalid_request", "Each person of an org has an email of their own: this one is given twice.", {
            param: `people.${repeated}.email`
          }))
        }
        return Effect.catchTag(repo.createOrg(payload.name, payload.people, scopes), "EmailTaken", (taken) =>
          Effect.fail(emailInUse(
            taken,
            null,
            `people.${payload.people.findIndex((p) => p.email === taken.email)}.email`
          )))
      })
      .handle("addPerson", ({ path, payload }) =>
        Effect.zipRight(
          requireOrg(path.org_id),
          Effect.catchTag(repo.addPerson(path.org_id, payload), "EmailTaken", (taken) => Effect.fail(emailInUse(taken, path.org_id, "email")))
        ))
      .handle(
        "createKey",
        ({ path, payload }) => Effect.zipRight(requireOrg(path.org_id), repo.addKey(path.org_id, payload.mode, [...new Set(payload.scopes)]))
      )
      .handle("listKeys", ({ path, urlParams }) =>
        page(
          requireOrg(path.org_id),
          urlParams.limit,
          urlParams.starting_after,
          (after) => repo.keyOfOrg(path.org_id, after),
          "a key of this org",
          (limit) => repo.listKeys(path.org_id, limit, urlParams.starting_after)
        ))
      .handle("createPersonToken", ({ path, payload }) =>
        Effect.gen(function*() {
          const org = yield* requirePerson(path.person_id)
          if (org === null) {
            return yield* reject("invalid_request", "This person belongs to no org: a guest holds a link, never a token.", { param: "person_id" })
          }
          return yield* repo.addPersonToken(path.person_id, org, payload.mode, [...new Set(payload.scopes)])
        }))
      .handle("listPersonTokens", ({ path, urlParams }) =>
        page(
          requirePerson(path.person_id),
          urlParams.limit,
          urlParams.starting_after,
          (after) => repo.tokenOfPerson(path.person_id, after),
          "a token of this person",
          (limit) => repo.listPersonTokens(path.person_id, limit, urlParams.starting_after)
        ))
      .handle(
        "revokePersonToken",
        ({ path }) =>
          Effect.flatMap(repo.revokePersonToken(path.token_id), (done) => (done ? forgotten(path.token_id) : Effect.fail(notFound("token", path.token_id))))
      )
      .handle("revokeKey", ({ path }) => revokeById(path.key_id))
      .handle("setPlaybook", ({ path, payload }) => Effect.zipRight(requireOrg(path.org_id), playbooks.replace(path.org_id, payload)))
      .handle("getPlaybook", ({ path }) =>
        Effect.zipRight(
          requireOrg(path.org_id),
          Effect.map(playbooks.rulesOf(path.org_id), (rules) => ({ org_id: path.org_id, rules: rules.map(renderRule) }))
        ))
      .handle("setSettings", ({ path, payload }) => Effect.zipRight(requireOrg(path.org_id), settings.update(path.org_id, payload)))
      .handle("getSettings", ({ path }) => Effect.zipRight(requireOrg(path.org_id), settings.read(path.org_id)))
      .handle("revokeKeyBySecret", ({ payload }) => payload.key.startsWith("sk_") ? revokeBySecret(payload.key) : revokeById(payload.key, "key"))
  }))
