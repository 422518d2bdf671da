import { SqlClient } from "@effect/sql"
import { Clock, Effect } from "effect"
import type { PlaybookRule } from "../Domain/Playbooks/Rule.js"
import { parseJson } from "../Sql/Values.js"

/** An org's playbook: its rules in the order the operator gave them. */
export class PlaybooksRepo extends Effect.Service<PlaybooksRepo>()("Playbooks/PlaybooksRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const rulesOf = Effect.fnUntraced(function*(orgId: string) {
      const rows = yield* sql<{ rule: unknown }>`SELECT rule FROM playbook_rules WHERE org_id = ${orgId} ORDER BY position`
      return rows.map((row) => parseJson<PlaybookRule>(row.rule))
    }, Effect.orDie)

    /** The whole playbook at once: the org's row lock puts two saves one after the other. */
    const replace = Effect.fnUntraced(function*(orgId: string, rules: ReadonlyArray<PlaybookRule>) {
      const now = new Date(yield* Clock.currentTimeMillis)
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`SELECT 1 FROM orgs WHERE id = ${orgId} FOR UPDATE`
        yield* sql`DELETE FROM playbook_rules WHERE org_id = ${orgId}`
        if (rules.length === 0) return
        yield* sql`INSERT INTO playbook_rules ${
          sql.insert(rules.map((rule, position) => ({
            id: rule.id,
            org_id: orgId,
            position,
            term: rule.term,
            rule: JSON.stringify(rule),
            created_at: now
          })))
        }`
      }))
    }, Effect.orDie)

    return { rulesOf, replace } as const
  })
}) {}
