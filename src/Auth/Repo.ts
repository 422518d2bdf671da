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

    return { findLiveKey, findPersonInOrg, findGuest } as const
  })
}) {}
