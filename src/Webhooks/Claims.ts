import type { SqlClient, Statement } from "@effect/sql"
import { Effect, Option, Schema } from "effect"
import type { LoggedEvent } from "../Domain/Views/EventViews.js"
import { decodeFirst, decodeRows, JsonColumn, SqlNumber, Timestamp, TimestampMillis } from "../Sql/Rows.js"
import { iso } from "../Sql/Values.js"
import { DeliveryRow, EndpointRow } from "./Rows.js"

/** A claimed delivery with what its attempt needs: the endpoint, the person it acts as, the event as logged. */
export interface Claimed {
  readonly delivery: DeliveryRow
  readonly endpoint: EndpointRow
  readonly person: { readonly name: string; readonly email: string } | null
  readonly event: LoggedEvent | null
  /** The traceparent of the write that logged the event, when it was traced; and whether this is a replay of it. */
  readonly traceParent: string | null
  readonly replay: boolean
}

/** A claim as `claimDue` selects it: the delivery's columns, the endpoint as `to_jsonb`, and the joined person and event (null when gone). */
const ClaimedRow = Schema.Struct({
  ...DeliveryRow.fields,
  replay: Schema.Boolean,
  endpoint: JsonColumn(EndpointRow),
  person_name: Schema.NullOr(Schema.String),
  person_email: Schema.NullOr(Schema.String),
  event_type: Schema.NullOr(Schema.String),
  event_data: Schema.NullOr(JsonColumn(Schema.Record({ key: Schema.String, value: Schema.Unknown }))),
  event_created: Schema.NullOr(Timestamp),
  event_sequence: Schema.NullOr(SqlNumber),
  trace_parent: Schema.NullOr(Schema.String)
})

const claimedOf = (row: typeof ClaimedRow.Type): Claimed => ({
  delivery: {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    stream: row.stream,
    contract_id: row.contract_id,
    attempts: row.attempts,
    first_attempt_at: row.first_attempt_at
  },
  endpoint: row.endpoint,
  person: row.person_email === null || row.person_name === null ? null : { name: row.person_name, email: row.person_email },
  event: row.event_type === null || row.event_created === null
    ? null
    : {
      id: row.event_id,
      sequence: row.event_sequence ?? 0,
      type: row.event_type,
      created: row.event_created,
      data: row.event_data ?? {}
    },
  traceParent: row.trace_parent,
  replay: row.replay
})

/** The earliest due time, null when nothing is pending. */
const NextDue = Schema.Struct({ due: Schema.NullOr(TimestampMillis) })

/**
 * Claiming due deliveries. A test-mode endpoint's times (`next_attempt_at`, `first_attempt_at`)
 * are kept in its org's sandbox time, `sandbox_clocks.offset_ms` ahead of the engine's: such a
 * delivery is due once `now + offset_ms` passes it. Each question is the plain one (every row on
 * the engine's time, by `webhook_deliveries_due`) beside the one for orgs with an offset (few,
 * through their endpoints), as the deadline scheduler asks it, so the plain one keeps its index.
 */
export const claims = (sql: SqlClient.SqlClient) => {
  const notIn = (column: Statement.Fragment, ids: ReadonlyArray<string>) => ids.length === 0 ? sql`` : sql`AND ${column} NOT IN ${sql.in(ids)}`
  const ahead = sql`s.offset_ms * interval '1 millisecond'`
  const moved = sql`sandbox_clocks s JOIN webhook_endpoints w ON w.org_id = s.org_id AND w.mode = 'test'
    JOIN webhook_deliveries d ON d.endpoint_id = w.id AND d.state = 'pending'`

  /**
   * Claims the deliveries due now, each with its endpoint, its event and the endpoint's acting
   * person (null once they left the org), in one statement. A claim pushes the row's due time out
   * by `leaseMs` (on its org's time): if this process dies mid-attempt the row is simply due again then.
   */
  const claimDue = (now: number, leaseMs: number, limit: number, inFlight: ReadonlyArray<string>) =>
    Effect.flatMap(
      Effect.orDie(sql`
        WITH due AS (
          (SELECT id FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ${iso(now)} ${notIn(sql`id`, inFlight)}
            ORDER BY next_attempt_at LIMIT ${limit})
          UNION
          (SELECT d.id FROM ${moved} AND d.next_attempt_at <= ${iso(now)}::timestamptz + ${ahead} ${notIn(sql`d.id`, inFlight)}
            ORDER BY d.next_attempt_at - ${ahead} LIMIT ${limit})
        ), picked AS (
          SELECT d.id, coalesce(s.offset_ms, 0) AS offset_ms FROM webhook_deliveries d
          JOIN webhook_endpoints w ON w.id = d.endpoint_id
          LEFT JOIN sandbox_clocks s ON s.org_id = w.org_id AND w.mode = 'test'
          WHERE d.id IN (SELECT id FROM due) AND d.state = 'pending'
            AND d.next_attempt_at <= ${iso(now)}::timestamptz + coalesce(${ahead}, interval '0')
          ORDER BY d.next_attempt_at - coalesce(${ahead}, interval '0') LIMIT ${limit} FOR UPDATE OF d SKIP LOCKED
        ), claimed AS (
          UPDATE webhook_deliveries d SET next_attempt_at = ${iso(now + leaseMs)}::timestamptz + picked.offset_ms * interval '1 millisecond'
          FROM picked WHERE d.id = picked.id
          RETURNING d.id, d.endpoint_id, d.event_id, d.stream, d.contract_id, d.attempts, d.first_attempt_at, d.replay
        )
        SELECT c.*, to_jsonb(w.*) AS endpoint, p.name AS person_name, p.email AS person_email,
               coalesce(ce.type, oe.type) AS event_type, coalesce(ce.data, oe.data) AS event_data,
               coalesce(ce.created_at, oe.created_at) AS event_created, ce.sequence AS event_sequence,
               ce.trace_parent
        FROM claimed c JOIN webhook_endpoints w ON w.id = c.endpoint_id
        LEFT JOIN people p ON p.id = w.person_id AND p.org_id = w.org_id
        LEFT JOIN contract_events ce ON c.stream = 'contract' AND ce.id = c.event_id
        LEFT JOIN org_events oe ON c.stream = 'org' AND oe.id = c.event_id`),
      (rows) => Effect.map(decodeRows(ClaimedRow)(rows), (claimed) => claimed.map(claimedOf))
    )

  /** When the next delivery falls due on the engine's clock: a sandbox org's counted back by its offset. */
  const nextDue = (inFlight: ReadonlyArray<string>) =>
    Effect.flatMap(
      Effect.orDie(sql`
        SELECT min(at) AS due FROM (
          SELECT min(next_attempt_at) AS at FROM webhook_deliveries WHERE state = 'pending' ${notIn(sql`id`, inFlight)}
          UNION ALL
          SELECT min(d.next_attempt_at - ${ahead}) FROM ${moved} ${notIn(sql`d.id`, inFlight)}
        ) earliest`),
      (rows) => Effect.map(decodeFirst(NextDue)(rows), (row) => Option.fromNullable(row?.due))
    )

  /**
   * At shutdown, the deliveries whose attempts were stopped are due again at once, for any runner,
   * instead of when their claim runs out. Only over the claim this runner made (its attempt count).
   */
  const handBack = (held: ReadonlyMap<string, number>, now: number) =>
    Effect.forEach(held, ([id, attempts]) =>
      Effect.orDie(sql`
        UPDATE webhook_deliveries SET next_attempt_at = ${iso(now)}
        WHERE id = ${id} AND attempts = ${attempts} AND state = 'pending'`), { discard: true })

  return { claimDue, nextDue, handBack } as const
}
