import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { ContractState, Origin } from "../Domain/Contract/Contract.js"
import type { Mode } from "../Domain/Contract/Mode.js"

export class RelationshipsRepo extends Effect.Service<RelationshipsRepo>()("Relationships/RelationshipsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const inUse = Effect.fnUntraced(function*(relationship: string) {
      const rows = yield* sql`SELECT 1 FROM contracts WHERE relationship_id = ${relationship} LIMIT 1`
      return rows.length > 0
    }, Effect.orDie)

    const find = Effect.fnUntraced(function*(id: string) {
      const rows = yield* sql<{ org_id: string; mode: Mode; created_at: Date }>`
        SELECT org_id, mode, created_at FROM relationships WHERE id = ${id}`
      return Option.map(Option.fromNullable(rows[0]), (row) => ({ org: row.org_id, mode: row.mode, created: new Date(row.created_at).toISOString() }))
    }, Effect.orDie)

    /**
     * The relationship's contracts the org can see, newest first, each with its parties in their
     * order, from indexed columns: the org's own contracts, and those where it holds a live seat on
     * the counterparty side (the rule of `seatOf`). A contract comes once per party.
     */
    const contractsSeenBy = Effect.fnUntraced(function*(relationship: string, org: string, mode: Mode) {
      const rows = yield* sql<{ id: string; state: ContractState; origin: Origin; person_id: string | null; name: string | null; email: string | null }>`
        SELECT c.id, c.state, c.origin, p.person_id, p.name, p.email
        FROM contracts c LEFT JOIN contract_parties p ON p.contract_id = c.id
        WHERE c.relationship_id = ${relationship} AND c.mode = ${mode} AND (c.org_id = ${org} OR EXISTS (
          SELECT 1 FROM contract_parties s
          WHERE s.contract_id = c.id AND s.org_id = ${org} AND s.side = 'counterparty' AND s.removed_at IS NULL))
        ORDER BY c.created_at DESC, c.id DESC, p.position`
      return rows.map((row) => ({
        contract: { id: row.id, state: row.state, origin: row.origin },
        person: row.person_id === null ? null : { id: row.person_id, name: row.name ?? "", email: row.email ?? "" }
      }))
    }, Effect.orDie)

    return { inUse, find, contractsSeenBy } as const
  })
}) {}
