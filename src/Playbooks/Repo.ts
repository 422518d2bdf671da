import { SqlClient } from "@effect/sql"
import { Clock, Effect, Schema } from "effect"
import { type PlaybookRule, playbookTerms, ruleSources } from "../Domain/Playbooks/Rule.js"
import { decodeRows, JsonColumn } from "../Sql/Rows.js"

const Amount = Schema.NullOr(Schema.Struct({ value: Schema.Union(Schema.Number, Schema.String), unit: Schema.NullOr(Schema.String) }))

/** A rule as `replace` stores it: the whole `PlaybookRule` as JSON. */
const StoredRule = Schema.Struct({
  rule: JsonColumn(Schema.Struct({
    id: Schema.String,
    term: Schema.Literal(...playbookTerms),
    rule_text: Schema.String,
    floor: Amount,
    ceiling: Amount,
    preferred: Amount,
    source: Schema.Literal(...ruleSources)
  }))
})

/** An org's playbook: its rules in the order the operator gave them. */
export class PlaybooksRepo extends Effect.Service<PlaybooksRepo>()("Playbooks/PlaybooksRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const rulesOf = Effect.fnUntraced(function*(orgId: string) {
      const rows = yield* decodeRows(StoredRule)(yield* sql`SELECT rule FROM playbook_rules WHERE org_id = ${orgId} ORDER BY position`)
      return rows.map((row): PlaybookRule => row.rule)
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
