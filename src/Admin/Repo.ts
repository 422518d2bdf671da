import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import { hashSecret, newApiKey } from "../Auth/Secrets.js"
import { makeId } from "../Domain/Ids.js"
import type { Mode } from "../Domain/Mode.js"
import { latestVersion } from "../Domain/Versions.js"

export interface NewPerson {
  readonly name: string
  readonly email: string
}

export class AdminRepo extends Effect.Service<AdminRepo>()("Admin/AdminRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

    const orgExists = (orgId: string) =>
      Effect.map(sql`SELECT 1 FROM orgs WHERE id = ${orgId}`, (rows) => rows.length === 1)

    const emailTaken = (orgId: string, email: string) =>
      Effect.map(sql`SELECT 1 FROM people WHERE org_id = ${orgId} AND lower(email) = lower(${email})`, (rows) => rows.length > 0)

    const addPerson = (orgId: string, person: NewPerson) =>
      Effect.gen(function*() {
        const id = makeId("per")
        yield* sql`INSERT INTO people (id, org_id, name, email, created_at) VALUES (${id}, ${orgId}, ${person.name}, ${person.email}, ${yield* now})`
        return { id, name: person.name, email: person.email }
      })

    const addKey = (orgId: string, mode: Mode, scopes: ReadonlyArray<string>) =>
      Effect.gen(function*() {
        const id = makeId("key")
        const key = newApiKey(mode)
        yield* sql`
          INSERT INTO api_keys (id, org_id, mode, secret_hash, scopes, pinned_version, created_at)
          VALUES (${id}, ${orgId}, ${mode}, ${hashSecret(key)}, ${JSON.stringify(scopes)}::jsonb, ${latestVersion}, ${yield* now})`
        return { id, key, mode, scopes }
      })

    const createOrg = Effect.fnUntraced(
      function*(name: string, people: ReadonlyArray<NewPerson>, scopes: ReadonlyArray<string>) {
        return yield* sql.withTransaction(Effect.gen(function*() {
          const orgId = makeId("org")
          yield* sql`INSERT INTO orgs (id, name, created_at) VALUES (${orgId}, ${name}, ${yield* now})`
          const created = yield* Effect.forEach(people, (person) => addPerson(orgId, person))
          const live = yield* addKey(orgId, "live", scopes)
          const test = yield* addKey(orgId, "test", scopes)
          return { org_id: orgId, name, keys: { live: live.key, test: test.key }, people: created }
        }))
      },
      Effect.orDie
    )

    const revokeKey = Effect.fnUntraced(function*(keyId: string) {
      const rows = yield* sql`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${yield* now}) WHERE id = ${keyId} RETURNING id`
      return rows.length === 1
    }, Effect.orDie)

    return {
      createOrg,
      orgExists: (orgId: string) => Effect.orDie(orgExists(orgId)),
      emailTaken: (orgId: string, email: string) => Effect.orDie(emailTaken(orgId, email)),
      addPerson: (orgId: string, person: NewPerson) => Effect.orDie(addPerson(orgId, person)),
      addKey: (orgId: string, mode: Mode, scopes: ReadonlyArray<string>) => Effect.orDie(addKey(orgId, mode, scopes)),
      revokeKey
    } as const
  })
}) {}
