import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import { scopesIn, type Scope } from "../Domain/Api/Scopes.js"
import { isVersion, latestVersion, type Version } from "../Domain/Api/Versions.js"
import type { Person } from "./Actor.js"

export interface KeyRecord {
  readonly id: string
  readonly org: { readonly id: string; readonly name: string }
  readonly mode: Mode
  readonly scopes: ReadonlyArray<Scope>
  readonly pinnedVersion: Version
}

/** A live person token: the person it is, in their org, in one mode. */
export interface PersonTokenRecord extends KeyRecord {
  readonly person: Person
}

export class AuthRepo extends Effect.Service<AuthRepo>()("Auth/AuthRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const findLiveKey = Effect.fnUntraced(function*(secretHash: string) {
      const rows = yield* sql<{ id: string; org_id: string; org_name: string; mode: Mode; scopes: unknown; pinned_version: string }>`
        SELECT k.id, k.org_id, o.name AS org_name, k.mode, k.scopes, k.pinned_version
        FROM api_keys k JOIN orgs o ON o.id = k.org_id
        WHERE k.secret_hash = ${secretHash} AND k.revoked_at IS NULL`
      return Option.map(Option.fromNullable(rows[0]), (row): KeyRecord => ({
        id: row.id,
        org: { id: row.org_id, name: row.org_name },
        mode: row.mode,
        scopes: scopesIn(row.scopes),
        pinnedVersion: isVersion(row.pinned_version) ? row.pinned_version : latestVersion
      }))
    }, Effect.orDie)

    const findLiveToken = Effect.fnUntraced(function*(secretHash: string) {
      const rows = yield* sql<
        {
          id: string
          org_id: string
          org_name: string
          mode: Mode
          scopes: unknown
          pinned_version: string
          person_id: string
          person_name: string
          person_email: string
        }
      >`
        SELECT t.id, t.org_id, o.name AS org_name, t.mode, t.scopes, t.pinned_version,
          p.id AS person_id, p.name AS person_name, p.email AS person_email
        FROM person_tokens t JOIN orgs o ON o.id = t.org_id JOIN people p ON p.id = t.person_id
        WHERE t.secret_hash = ${secretHash} AND t.revoked_at IS NULL`
      return Option.map(Option.fromNullable(rows[0]), (row): PersonTokenRecord => ({
        id: row.id,
        org: { id: row.org_id, name: row.org_name },
        mode: row.mode,
        scopes: scopesIn(row.scopes),
        pinnedVersion: isVersion(row.pinned_version) ? row.pinned_version : latestVersion,
        person: { id: row.person_id, name: row.person_name, email: row.person_email }
      }))
    }, Effect.orDie)

    const findPersonInOrg = Effect.fnUntraced(function*(orgId: string, personId: string) {
      const rows = yield* sql<Person>`SELECT id, name, email FROM people WHERE id = ${personId} AND org_id = ${orgId}`
      return Option.fromNullable(rows[0])
    }, Effect.orDie)

    /** The seat a guest link opens: one party on one contract, unless the party was removed. */
    const findGuest = Effect.fnUntraced(function*(tokenHash: string) {
      const rows = yield* sql<{ party_id: string; contract_id: string; mode: Mode; id: string; name: string; email: string }>`
        SELECT p.party_id, p.contract_id, p.mode, pe.id, pe.name, pe.email
        FROM contract_parties p JOIN people pe ON pe.id = p.person_id
        WHERE p.guest_token_hash = ${tokenHash} AND p.removed_at IS NULL`
      return Option.map(Option.fromNullable(rows[0]), (row) => ({
        party: row.party_id,
        contract: row.contract_id,
        mode: row.mode,
        person: { id: row.id, name: row.name, email: row.email }
      }))
    }, Effect.orDie)

    return { findLiveKey, findLiveToken, findPersonInOrg, findGuest } as const
  })
}) {}
