import { SqlClient } from "@effect/sql"
import type { Statement } from "@effect/sql"
import { Clock, Data, Effect, Option } from "effect"
import { hashSecret, newApiKey, newPersonToken } from "../Auth/Secrets.js"
import { scopesIn } from "../Domain/Api/Scopes.js"
import { makeId } from "../RandomIds.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { Scope } from "../Domain/Api/Scopes.js"
import { latestVersion } from "../Domain/Api/Versions.js"
import { iso } from "../Sql/Values.js"

export interface NewPerson {
  readonly name: string
  readonly email: string
}

/** A key as an operator sees it: never its secret or hash, only the secret's last four characters. */
export interface KeyRow {
  readonly id: string
  readonly object: "api_key"
  readonly mode: Mode
  readonly scopes: ReadonlyArray<string>
  readonly created: string
  readonly last4: string | null
  readonly revoked: boolean
  readonly revoked_at: string | null
}

interface StoredKey {
  readonly id: string
  readonly mode: Mode
  readonly scopes: unknown
  readonly created_at: Date | string
  readonly last4: string | null
  readonly revoked_at: Date | string | null
}

const keyRow = (row: StoredKey): KeyRow => ({
  id: row.id,
  object: "api_key",
  mode: row.mode,
  scopes: [...scopesIn(row.scopes)],
  created: iso(row.created_at),
  last4: row.last4,
  revoked: row.revoked_at !== null,
  revoked_at: row.revoked_at === null ? null : iso(row.revoked_at)
})

/** A person token as an operator sees it. */
export interface PersonTokenRow {
  readonly id: string
  readonly object: "person_token"
  readonly person_id: string
  readonly mode: Mode
  readonly scopes: ReadonlyArray<string>
  readonly created: string
  readonly last4: string
  readonly revoked: boolean
  readonly revoked_at: string | null
}

interface StoredToken extends Omit<StoredKey, "last4"> {
  readonly person_id: string
  readonly last4: string
}

const tokenRow = (row: StoredToken): PersonTokenRow => ({
  ...keyRow(row),
  object: "person_token",
  person_id: row.person_id,
  last4: row.last4
})

/**
 * A person of an org already holds this email (compared without case): one email names at most
 * one org person, since a Send to it reaches that person's seat. `holder` is that person.
 */
export class EmailTaken extends Data.TaggedError("EmailTaken")<{
  readonly email: string
  readonly holder: { readonly id: string; readonly org: string } | null
}> {}

export class AdminRepo extends Effect.Service<AdminRepo>()("Admin/AdminRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

    const orgExists = (orgId: string) => Effect.map(sql`SELECT 1 FROM orgs WHERE id = ${orgId}`, (rows) => rows.length === 1)

    const holderOf = (email: string) =>
      Effect.map(
        sql<{ id: string; org_id: string }>`
          SELECT id, org_id FROM people WHERE org_id IS NOT NULL AND NOT email_shared AND lower(email) = lower(${email})`,
        (rows) => (rows[0] === undefined ? null : { id: rows[0].id, org: rows[0].org_id })
      )

    // The unique index on org people's lower-cased email decides, so of two calls at once for one
    // email exactly one inserts; the other inserts nothing (after waiting for the first) and is told who holds it.
    const addPerson = (orgId: string, person: NewPerson) =>
      Effect.gen(function*() {
        const id = makeId("per")
        const inserted = yield* sql`
          INSERT INTO people (id, org_id, name, email, created_at) VALUES (${id}, ${orgId}, ${person.name}, ${person.email}, ${yield* now})
          ON CONFLICT DO NOTHING RETURNING id`
        if (inserted.length === 0) return yield* new EmailTaken({ email: person.email, holder: yield* holderOf(person.email) })
        return { id, name: person.name, email: person.email }
      })

    const addKey = (orgId: string, mode: Mode, scopes: ReadonlyArray<Scope>) =>
      Effect.gen(function*() {
        const id = makeId("key")
        const key = newApiKey(mode)
        yield* sql`
          INSERT INTO api_keys (id, org_id, mode, secret_hash, last4, scopes, pinned_version, created_at)
          VALUES (${id}, ${orgId}, ${mode}, ${hashSecret(key)}, ${key.slice(-4)}, ${JSON.stringify(scopes)}::jsonb, ${latestVersion}, ${yield* now})`
        return { id, key, mode, scopes }
      })

    /** The org, its people and a key per mode, or none of it: a taken email (`EmailTaken`) rolls the whole org back. */
    const createOrg = Effect.fnUntraced(
      function*(name: string, people: ReadonlyArray<NewPerson>, scopes: ReadonlyArray<Scope>) {
        return yield* sql.withTransaction(Effect.gen(function*() {
          const orgId = makeId("org")
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES (${orgId}, ${name}, ${yield* now})`
          const created = yield* Effect.forEach(people, (person) => addPerson(orgId, person))
          const live = yield* addKey(orgId, "live", scopes)
          const test = yield* addKey(orgId, "test", scopes)
          return { org_id: orgId, name, keys: { live: live.key, test: test.key }, key_ids: { live: live.id, test: test.id }, people: created }
        }))
      },
      Effect.catchTag("SqlError", Effect.die)
    )

    /** The org's keys oldest first, after the key `after` names; one row more than `limit` tells there is more. */
    const listKeys = Effect.fnUntraced(function*(orgId: string, limit: number, after: string | undefined) {
      const rows = yield* sql<StoredKey>`
        SELECT id, mode, scopes, created_at, last4, revoked_at FROM api_keys
        WHERE org_id = ${orgId} AND ${
        after === undefined ? sql`TRUE` : sql`(created_at, id) > (
          SELECT created_at, id FROM api_keys WHERE id = ${after} AND org_id = ${orgId})`
      }
        ORDER BY created_at, id LIMIT ${limit + 1}`
      return rows.map(keyRow)
    }, Effect.orDie)

    const keyOfOrg = (orgId: string, keyId: string) =>
      Effect.map(sql`SELECT 1 FROM api_keys WHERE id = ${keyId} AND org_id = ${orgId}`, (rows) => rows.length === 1)

    const revokeWhere = Effect.fnUntraced(function*(match: Statement.Fragment) {
      const rows = yield* sql<{ id: string }>`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${yield* now}) WHERE ${match} RETURNING id`
      return Option.fromNullable(rows[0]?.id)
    }, Effect.orDie)

    /** Revokes a key (again is harmless) named by its id; false when there is no such key. */
    const revokeKey = (keyId: string) => Effect.map(revokeWhere(sql`id = ${keyId}`), Option.isSome)
    /** Revokes the key found by its secret's hash, as authentication finds it; its id, or none. */
    const revokeKeyBySecret = (secret: string) => revokeWhere(sql`secret_hash = ${hashSecret(secret)}`)

    /** The org of a person, if the person exists: null for a person of no org (a guest). */
    const personOrg = Effect.fnUntraced(function*(personId: string) {
      const rows = yield* sql<{ org_id: string | null }>`SELECT org_id FROM people WHERE id = ${personId}`
      return Option.map(Option.fromNullable(rows[0]), (row) => row.org_id)
    }, Effect.orDie)

    const addPersonToken = Effect.fnUntraced(function*(personId: string, orgId: string, mode: Mode, scopes: ReadonlyArray<Scope>) {
      const id = makeId("ptk")
      const token = newPersonToken(mode)
      yield* sql`
        INSERT INTO person_tokens (id, person_id, org_id, mode, secret_hash, last4, scopes, pinned_version, created_at)
        VALUES (${id}, ${personId}, ${orgId}, ${mode}, ${hashSecret(token)}, ${token.slice(-4)}, ${JSON.stringify(scopes)}::jsonb,
          ${latestVersion}, ${yield* now})`
      return { id, token, person_id: personId, mode, scopes }
    }, Effect.orDie)

    const listPersonTokens = Effect.fnUntraced(function*(personId: string, limit: number, after: string | undefined) {
      const rows = yield* sql<StoredToken>`
        SELECT id, person_id, mode, scopes, created_at, last4, revoked_at FROM person_tokens
        WHERE person_id = ${personId} AND ${
        after === undefined ? sql`TRUE` : sql`(created_at, id) > (
          SELECT created_at, id FROM person_tokens WHERE id = ${after} AND person_id = ${personId})`
      }
        ORDER BY created_at, id LIMIT ${limit + 1}`
      return rows.map(tokenRow)
    }, Effect.orDie)

    const tokenOfPerson = (personId: string, tokenId: string) =>
      Effect.orDie(Effect.map(sql`SELECT 1 FROM person_tokens WHERE id = ${tokenId} AND person_id = ${personId}`, (rows) => rows.length === 1))

    /** Revokes a person token (again is harmless); false when there is no such token. */
    const revokePersonToken = Effect.fnUntraced(function*(tokenId: string) {
      const rows = yield* sql`UPDATE person_tokens SET revoked_at = COALESCE(revoked_at, ${yield* now}) WHERE id = ${tokenId} RETURNING id`
      return rows.length === 1
    }, Effect.orDie)

    return {
      createOrg,
      personOrg,
      addPersonToken,
      listPersonTokens,
      tokenOfPerson,
      revokePersonToken,
      orgExists: (orgId: string) => Effect.orDie(orgExists(orgId)),
      addPerson: (orgId: string, person: NewPerson) => Effect.catchTag(addPerson(orgId, person), "SqlError", Effect.die),
      addKey: (orgId: string, mode: Mode, scopes: ReadonlyArray<Scope>) => Effect.orDie(addKey(orgId, mode, scopes)),
      listKeys,
      keyOfOrg: (orgId: string, keyId: string) => Effect.orDie(keyOfOrg(orgId, keyId)),
      revokeKey,
      revokeKeyBySecret
    } as const
  })
}) {}
