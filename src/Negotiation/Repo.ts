import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"

export interface KnownPerson {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly org: string | null
}

export class NegotiationRepo extends Effect.Service<NegotiationRepo>()("Negotiation/NegotiationRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** A recipient's email, as a person of some org on this server, or an outside person seen before in this mode. */
    const findRecipient = Effect.fnUntraced(function*(email: string, mode: Mode) {
      const rows = yield* sql<{ id: string; name: string; email: string; org_id: string | null }>`
        SELECT id, name, email, org_id FROM people
        WHERE lower(email) = lower(${email}) AND (org_id IS NOT NULL OR mode = ${mode})
        ORDER BY (org_id IS NULL), created_at, id LIMIT 1`
      return Option.map(Option.fromNullable(rows[0]), (row): KnownPerson => ({ id: row.id, name: row.name, email: row.email, org: row.org_id }))
    }, Effect.orDie)

    const outbox = Effect.fnUntraced(function*(org: string, mode: Mode, limit: number) {
      const rows = yield* sql<
        { id: string; to_email: string; subject: string; text: string; contract_id: string | null; link: string | null; created_at: Date }
      >`
        SELECT id, to_email, subject, text, contract_id, link, created_at FROM outbox
        WHERE mode = ${mode} AND (org_id = ${org} OR to_org = ${org})
        ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`
      return rows.map((row) => ({
        id: row.id,
        to: row.to_email,
        subject: row.subject,
        text: row.text,
        contract: row.contract_id,
        link: row.link,
        created: new Date(row.created_at).toISOString()
      }))
    }, Effect.orDie)

    return { findRecipient, outbox } as const
  })
}) {}
