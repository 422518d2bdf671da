import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { makeId } from "../RandomIds.js"
import { decodeFirst, decodeRows, JsonColumn, Missing, TimestampMillis } from "../Sql/Rows.js"
import { iso } from "../Sql/Values.js"
import { claims } from "./Claims.js"
import { type DeliveryRow, DeliveryStream, type EndpointRow, type LastDelivery, type NewDelivery } from "./Rows.js"

export type { Claimed } from "./Claims.js"

/** A logged event not yet turned into deliveries, with each active endpoint that may be owed it. */
export interface Candidate {
  readonly event_id: string
  readonly stream: DeliveryStream
  readonly contract_id: string | null
  readonly type: string
  readonly from_side: string | null
  /** The org that drafted the contract: an endpoint of another org reads it from the counterparty's side. */
  readonly drafter_org: string | null
  readonly endpoint_id: string | null
  readonly endpoint_org: string | null
  readonly events: ReadonlyArray<string>
}

/** A candidate as both logs' queries select it; the org log's has no contract, side or drafter. */
const CandidateColumns = Schema.Struct({
  event_id: Schema.String,
  contract_id: Missing(Schema.String),
  type: Schema.String,
  from_side: Missing(Schema.String),
  drafter_org: Missing(Schema.String),
  endpoint_id: Schema.NullOr(Schema.String),
  endpoint_org: Schema.NullOr(Schema.String),
  events: Schema.NullOr(JsonColumn(Schema.Array(Schema.String)))
})

/** A replay's candidate names its own log. */
const ReplayColumns = Schema.Struct({ ...CandidateColumns.fields, stream: DeliveryStream })

const candidateOf = (stream: DeliveryStream) => (row: typeof CandidateColumns.Type): Candidate => ({ ...row, stream, events: row.events ?? [] })

const candidates = (stream: DeliveryStream) => (rows: ReadonlyArray<unknown>) =>
  Effect.map(decodeRows(CandidateColumns)(rows), (decoded) => decoded.map(candidateOf(stream)))

/** The endpoint's run of failures as `recordAttempt` answers it. */
const FailingSince = Schema.Struct({ failing_since: Schema.NullOr(TimestampMillis) })

/** What one attempt came to: still `pending` with its next due time, or finished. */
export interface Attempted {
  readonly state: "pending" | "delivered" | "failed"
  readonly first: number
  readonly next: number | null
  readonly last: LastDelivery
}

/** The delivery queue, filled from the two logs (the outbox) and emptied by the engine. */
export class DeliveriesRepo extends Effect.Service<DeliveriesRepo>()("Webhooks/DeliveriesRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * Up to `limit` new events of each log, each with its candidate endpoints (one row with a null
     * endpoint when none), marked fanned out by the same statement: the caller's transaction keeps
     * the mark and the deliveries together, and the mark needs no statement of its own.
     */
    const newEvents = (limit: number) =>
      Effect.gen(function*() {
        const contract = yield* sql`
          WITH fresh AS (
            SELECT id FROM contract_events WHERE NOT fanned_out ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
          ), marked AS (
            UPDATE contract_events SET fanned_out = true WHERE id IN (SELECT id FROM fresh)
          )
          SELECT e.id AS event_id, e.contract_id, e.type, e.data->>'from_side' AS from_side, c.org_id AS drafter_org,
                 w.id AS endpoint_id, w.org_id AS endpoint_org, w.events
          FROM fresh JOIN contract_events e ON e.id = fresh.id JOIN contracts c ON c.id = e.contract_id
          LEFT JOIN webhook_endpoints w ON w.mode = c.mode AND w.state = 'active' AND w.deleted_at IS NULL
            AND EXISTS (SELECT 1 FROM contract_parties p
                        WHERE p.contract_id = e.contract_id AND p.org_id = w.org_id AND p.removed_at IS NULL)`
        const org = yield* sql`
          WITH fresh AS (
            SELECT id FROM org_events WHERE NOT fanned_out ORDER BY created_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
          ), marked AS (
            UPDATE org_events SET fanned_out = true WHERE id IN (SELECT id FROM fresh)
          )
          SELECT o.id AS event_id, o.type, w.id AS endpoint_id, w.org_id AS endpoint_org, w.events
          FROM fresh JOIN org_events o ON o.id = fresh.id
          LEFT JOIN webhook_endpoints w ON w.org_id = o.org_id AND w.mode = o.mode AND w.state = 'active' AND w.deleted_at IS NULL`
        return [...yield* candidates("contract")(contract), ...yield* candidates("org")(org)]
      })

    /** Turns up to `limit` new events of each log into the deliveries `owed` picks, and marks them fanned out, in one transaction; answers how many events it took. */
    const fanOut = (owed: (candidates: ReadonlyArray<Candidate>) => ReadonlyArray<NewDelivery>, limit: number, now: number) =>
      Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const candidates = yield* newEvents(limit)
        yield* enqueueRows(owed(candidates), false, now)
        return new Set(candidates.map((c) => `${c.stream} ${c.event_id}`)).size
      })))

    const enqueueRows = (deliveries: ReadonlyArray<NewDelivery>, replay: boolean, now: number) =>
      deliveries.length === 0 ? Effect.void : sql`
        INSERT INTO webhook_deliveries (id, endpoint_id, event_id, stream, contract_id, replay, state, next_attempt_at, created_at)
        SELECT * FROM jsonb_to_recordset(${
        JSON.stringify(deliveries.map((d) => ({ ...d, id: makeId("whd"), replay, state: "pending", next_attempt_at: iso(now), created_at: iso(now) })))
      }::jsonb)
          AS r(id text, endpoint_id text, event_id text, stream text, contract_id text, replay boolean, state text,
               next_attempt_at timestamptz, created_at timestamptz)
        ON CONFLICT DO NOTHING`.pipe(Effect.asVoid)

    /** Replayed deliveries: new rows beside any earlier delivery of the same event. */
    const enqueueReplay = (deliveries: ReadonlyArray<NewDelivery>, now: number) => Effect.orDie(enqueueRows(deliveries, true, now))

    /** Gives a delivery up without an attempt: its endpoint went, was disabled, or may no longer see the event. */
    const finish = (claimed: DeliveryRow, state: "cancelled" | "abandoned" | "withheld") =>
      Effect.orDie(sql`
        UPDATE webhook_deliveries SET state = ${state}, next_attempt_at = NULL
        WHERE id = ${claimed.id} AND attempts = ${claimed.attempts} AND state = 'pending'`)

    /**
     * Records one attempt on the delivery and on its endpoint's health in one statement, only over
     * the attempt it claimed (a stalled attempt whose lease lapsed cannot undo a later one).
     * Answers when the endpoint's run of failures began (null after a success, or a stale claim).
     */
    const recordAttempt = (claimed: DeliveryRow, outcome: Attempted) =>
      Effect.flatMap(
        Effect.orDie(sql`
          WITH settled AS (
            UPDATE webhook_deliveries SET state = ${outcome.state}, attempts = ${claimed.attempts + 1},
              first_attempt_at = ${iso(outcome.first)}, next_attempt_at = ${outcome.next === null ? null : iso(outcome.next)},
              last_status = ${outcome.last.status}, last_error = ${outcome.last.error}
            WHERE id = ${claimed.id} AND attempts = ${claimed.attempts} AND state = 'pending'
            RETURNING id
          )
          UPDATE webhook_endpoints SET last_delivery = ${JSON.stringify(outcome.last)}::jsonb,
            consecutive_failures = ${outcome.last.error === null ? sql`0` : sql`consecutive_failures + 1`},
            failing_since = ${outcome.last.error === null ? null : sql`coalesce(failing_since, ${outcome.last.attempted_at}::timestamptz)`}
          WHERE id = ${claimed.endpoint_id} AND EXISTS (SELECT 1 FROM settled)
          RETURNING failing_since`),
        (rows) => Effect.map(decodeFirst(FailingSince)(rows), (row) => row?.failing_since ?? null)
      )

    /**
     * What a replay from `since` may re-send to an endpoint, oldest first: its org's stream and the
     * events of every contract the org holds a party row on, `limit + 1` to tell whether more remain.
     * Unless `includeDelivered`, only the events the endpoint has not acknowledged: no delivery of
     * it to this endpoint, first or replayed, was answered with a 2xx.
     */
    const since = (endpoint: EndpointRow, from: string, limit: number, includeDelivered: boolean) => {
      const missed = (event: Statement.Fragment) =>
        includeDelivered ? sql`` : sql`AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
          WHERE d.endpoint_id = ${endpoint.id} AND d.event_id = ${event} AND d.state = 'delivered')`
      return Effect.flatMap(
        Effect.orDie(sql`
          SELECT * FROM (
            SELECT e.id AS event_id, 'contract' AS stream, e.contract_id, e.type, e.data->>'from_side' AS from_side,
                   c.org_id AS drafter_org, e.created_at
            FROM contract_events e JOIN contracts c ON c.id = e.contract_id
            WHERE e.created_at >= ${from} AND c.mode = ${endpoint.mode}
              AND EXISTS (SELECT 1 FROM contract_parties p
                          WHERE p.contract_id = e.contract_id AND p.org_id = ${endpoint.org_id} AND p.removed_at IS NULL)
              ${missed(sql`e.id`)}
            UNION ALL
            SELECT o.id, 'org', NULL, o.type, NULL, NULL, o.created_at FROM org_events o
            WHERE o.org_id = ${endpoint.org_id} AND o.mode = ${endpoint.mode} AND o.created_at >= ${from} ${missed(sql`o.id`)}
          ) events ORDER BY created_at, event_id LIMIT ${limit + 1}`),
        (rows) =>
          Effect.map(
            decodeRows(ReplayColumns)(rows.map((row) => ({ ...row, endpoint_id: endpoint.id, endpoint_org: endpoint.org_id, events: endpoint.events }))),
            (decoded) => decoded.map(({ stream, ...row }) => candidateOf(stream)(row))
          )
      )
    }

    return { fanOut, enqueueReplay, ...claims(sql), finish, recordAttempt, since } as const
  })
}) {}
