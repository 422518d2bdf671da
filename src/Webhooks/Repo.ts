import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { IssuedNonce } from "../Domain/Webhooks/Handshake.js"
import { makeId } from "../RandomIds.js"
import { decodeFirst, decodeRows } from "../Sql/Rows.js"
import { iso } from "../Sql/Values.js"
import { EndpointRow, type LastDelivery } from "./Rows.js"

const json = (value: unknown) => JSON.stringify(value)

/** Endpoints: what each org registered, its secrets, its handshake and its health. */
export class EndpointsRepo extends Effect.Service<EndpointsRepo>()("Webhooks/EndpointsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const one = (rows: ReadonlyArray<unknown>) => Effect.map(decodeFirst(EndpointRow)(rows), Option.fromNullable)

    const insert = (row: EndpointRow) =>
      Effect.orDie(sql`
        INSERT INTO webhook_endpoints (id, org_id, mode, person_id, key_id, url, events, state, secret, nonces, created_at)
        VALUES (${row.id}, ${row.org_id}, ${row.mode}, ${row.person_id}, ${row.key_id}, ${row.url}, ${json(row.events)}::jsonb,
                ${row.state}, ${row.secret}, ${json(row.nonces)}::jsonb, ${row.created_at})`)

    /** An endpoint of this org and mode, not deleted. */
    const find = (org: string, mode: Mode, id: string) =>
      Effect.flatMap(
        Effect.orDie(sql`SELECT * FROM webhook_endpoints WHERE id = ${id} AND org_id = ${org} AND mode = ${mode} AND deleted_at IS NULL`),
        one
      )

    /** Any endpoint by id, deleted ones included: a delivery outlives nothing but must learn its endpoint went. */
    const byId = (id: string) => Effect.flatMap(Effect.orDie(sql`SELECT * FROM webhook_endpoints WHERE id = ${id}`), one)

    const disabledAt = (org: string, mode: Mode, url: string) =>
      Effect.flatMap(
        Effect.orDie(sql`
          SELECT * FROM webhook_endpoints WHERE org_id = ${org} AND mode = ${mode} AND url = ${url}
            AND state = 'disabled' AND deleted_at IS NULL ORDER BY created_at LIMIT 1`),
        one
      )

    const page = (org: string, mode: Mode, after: Option.Option<EndpointRow>, limit: number) =>
      Effect.flatMap(
        Effect.orDie(sql`
          SELECT * FROM webhook_endpoints WHERE org_id = ${org} AND mode = ${mode} AND deleted_at IS NULL
          ${Option.match(after, { onNone: () => sql``, onSome: (a) => sql`AND (created_at, id) > (${a.created_at}, ${a.id})` })}
          ORDER BY created_at, id LIMIT ${limit + 1}`),
        decodeRows(EndpointRow)
      )

    /** A registration of a disabled endpoint's URL again: fresh secret and subscription, back to the handshake. */
    const reregister = (id: string, fields: { person: string; key: string | null; events: ReadonlyArray<string>; secret: string }) =>
      Effect.orDie(sql`
        UPDATE webhook_endpoints SET person_id = ${fields.person}, key_id = ${fields.key}, events = ${json(fields.events)}::jsonb,
          secret = ${fields.secret}, previous_secret = NULL, previous_secret_until = NULL, state = 'pending',
          consecutive_failures = 0, failing_since = NULL
        WHERE id = ${id}`)

    /** The handshake's outcome; `active` only ever moves a pending endpoint. */
    const handshake = (id: string, fields: { nonces: ReadonlyArray<IssuedNonce>; reason: string | null; now: string }) =>
      Effect.orDie(sql`
        UPDATE webhook_endpoints SET nonces = ${json(fields.nonces)}::jsonb, verification_reason = ${fields.reason},
          verified_at = ${fields.reason === null ? fields.now : null},
          state = CASE WHEN ${fields.reason === null} AND state = 'pending' THEN 'active' ELSE state END
        WHERE id = ${id}`)

    /** A new secret; the old one keeps signing until `until`. Rotation revives a disabled endpoint. */
    const rotate = (id: string, fields: { secret: string; previous: string; until: number }) =>
      Effect.orDie(sql`
        UPDATE webhook_endpoints SET secret = ${fields.secret}, previous_secret = ${fields.previous},
          previous_secret_until = ${iso(fields.until)},
          state = CASE WHEN state = 'disabled' THEN 'active' ELSE state END,
          consecutive_failures = CASE WHEN state = 'disabled' THEN 0 ELSE consecutive_failures END,
          failing_since = CASE WHEN state = 'disabled' THEN NULL ELSE failing_since END
        WHERE id = ${id}`)

    const remove = (id: string, now: string) =>
      Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        yield* sql`UPDATE webhook_endpoints SET deleted_at = ${now} WHERE id = ${id}`
        yield* sql`UPDATE webhook_deliveries SET state = 'cancelled', next_attempt_at = NULL WHERE endpoint_id = ${id} AND state = 'pending'`
      })))

    /** Only a test delivery's outcome: it does not count towards the endpoint's health. */
    const lastDelivery = (id: string, last: LastDelivery) =>
      Effect.orDie(sql`UPDATE webhook_endpoints SET last_delivery = ${json(last)}::jsonb WHERE id = ${id}`)

    /**
     * Disables an active endpoint, gives up what it still owes, and mails the person who registered
     * it; false if it was no longer active (another failure got there first).
     */
    const disable = (endpoint: EndpointRow, mail: { to: string; subject: string; text: string }, now: string) =>
      Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const rows = yield* sql`UPDATE webhook_endpoints SET state = 'disabled' WHERE id = ${endpoint.id} AND state = 'active' RETURNING id`
        if (rows.length === 0) return false
        yield* sql`UPDATE webhook_deliveries SET state = 'abandoned', next_attempt_at = NULL WHERE endpoint_id = ${endpoint.id} AND state = 'pending'`
        yield* sql`
          INSERT INTO outbox (id, mode, contract_id, org_id, to_email, to_org, subject, text, link, created_at)
          VALUES (${makeId("msg")}, ${endpoint.mode}, NULL, ${endpoint.org_id}, ${mail.to}, ${endpoint.org_id}, ${mail.subject}, ${mail.text}, NULL, ${now})`
        return true
      })))

    return { insert, find, byId, disabledAt, page, reregister, handshake, rotate, remove, lastDelivery, disable } as const
  })
}) {}
