import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Actor } from "../Domain/Contract/Actor.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { NewAsset } from "../Assets/Rows.js"
import type { FailureReason } from "./Schemas.js"
import { OrgEventRow, StoredSummary } from "./StoredRows.js"
import { Appended } from "../Doorbells/Appended.js"
import { decodeRows, JsonColumn } from "../Sql/Rows.js"
import { iso } from "../Sql/Values.js"

export type ImportState = "queued" | "parsing" | "parsed" | "failed"

export interface ImportRow {
  readonly id: string
  readonly batch_id: string
  readonly position: number
  readonly org_id: string
  readonly mode: Mode
  readonly person_id: string
  readonly asset_id: string
  readonly filename: string
  readonly format: string
  readonly checksum: string
  readonly bytes: number
  readonly already_signed: boolean
  /** `email` when the document came by mail (src/Ingress.ts); null for an upload. */
  readonly origin: "email" | null
  readonly state: ImportState
  readonly planned_contract_id: string
  readonly contract_id: string | null
  readonly reason: FailureReason | null
  readonly attempts: number
  readonly summary: StoredSummary | null
  readonly actor: Actor
  readonly created_at: string
  readonly updated_at: string
}

/** A worker's claim on an import: who (a runner's address, or `alone`), now, and until when; ISO 8601 times. */
export interface Claim {
  readonly holder: string
  readonly now: string
  readonly until: string
}

export interface NewImport {
  readonly id: string
  readonly position: number
  readonly asset: NewAsset
  readonly planned_contract_id: string
}

const selectImports = `
  SELECT i.id, i.batch_id, i.position, i.org_id, i.mode, i.person_id, i.asset_id, a.filename, a.format, a.checksum, a.bytes::float8 AS bytes,
    i.already_signed, i.origin, i.state, i.planned_contract_id, i.contract_id, i.reason, i.attempts, i.summary, b.actor, i.created_at, i.updated_at
  FROM imports i JOIN assets a ON a.id = i.asset_id JOIN import_batches b ON b.id = i.batch_id`

// These run inside Effect.map, so a row that does not decode throws there and is a defect.
const actorOf = Schema.decodeUnknownSync(JsonColumn(Actor))
const summaryOf = Schema.decodeUnknownSync(Schema.NullOr(JsonColumn(StoredSummary)))

const fromRow = (row: ImportRow): ImportRow => ({
  ...row,
  summary: summaryOf(row.summary),
  actor: actorOf(row.actor),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at)
})

/** Batches, imports and the org stream: an import's progress, stored so a restart resumes it. */
export class ImportsRepo extends Effect.Service<ImportsRepo>()("Imports/ImportsRepo", {
  dependencies: [Appended.Default],
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const appended = yield* Appended
    const select = sql.literal(selectImports)

    /** A batch with its assets and imports, all or nothing; false when the batch already exists (a retried request). */
    const createBatch = (
      batch: {
        readonly id: string
        readonly org: string
        readonly mode: Mode
        readonly actor: Actor
        readonly alreadySigned: boolean
        readonly origin: "email" | null
        readonly now: string
      },
      imports: ReadonlyArray<NewImport>
    ) =>
      Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const made = yield* sql<{ id: string }>`
          INSERT INTO import_batches (id, org_id, mode, person_id, actor, already_signed, created_at)
          VALUES (${batch.id}, ${batch.org}, ${batch.mode}, ${batch.actor.person!.id}, ${
          JSON.stringify(batch.actor)
        }::jsonb, ${batch.alreadySigned}, ${batch.now})
          ON CONFLICT (id) DO NOTHING RETURNING id`
        if (made.length === 0) return false
        for (const item of imports) {
          yield* sql`INSERT INTO assets ${sql.insert({ ...item.asset, pages: null, text_layer: null })}`
          yield* sql`INSERT INTO imports ${
            sql.insert({
              id: item.id,
              batch_id: batch.id,
              position: item.position,
              org_id: batch.org,
              mode: batch.mode,
              person_id: batch.actor.person!.id,
              asset_id: item.asset.id,
              already_signed: batch.alreadySigned,
              origin: batch.origin,
              state: "parsing",
              planned_contract_id: item.planned_contract_id,
              attempts: 0,
              created_at: batch.now,
              updated_at: batch.now
            })
          }`
        }
        return true
      })))

    const find = (id: string) => Effect.map(Effect.orDie(sql<ImportRow>`${select} WHERE i.id = ${id}`), (rows) => rows[0] && fromRow(rows[0]))

    const ofBatch = (batchId: string, afterPosition: number, limit: number) =>
      Effect.map(
        Effect.orDie(sql<ImportRow>`${select} WHERE i.batch_id = ${batchId} AND i.position > ${afterPosition} ORDER BY i.position LIMIT ${limit + 1}`),
        (rows) => rows.map(fromRow)
      )

    const batchOf = (id: string) =>
      Effect.map(
        Effect.orDie(sql<{ id: string; org_id: string; mode: Mode }>`SELECT id, org_id, mode FROM import_batches WHERE id = ${id}`),
        (rows) => rows[0]
      )

    /**
     * A worker takes an import: `queued`, or `parsing` under no live lease (not taken yet, or its
     * holder died). One statement claims it and leases it, so of two takers one gets the attempt
     * number and the other nothing. The attempt number fences the finish: once another worker took
     * the import, the first one's `parsed` or `failed` no longer lands.
     */
    const take = (id: string, claim: Claim) =>
      Effect.map(
        Effect.orDie(sql<{ attempts: number }>`
          UPDATE imports SET state = 'parsing', attempts = attempts + 1, lease_holder = ${claim.holder}, lease_until = ${claim.until},
            updated_at = ${claim.now}
          WHERE id = ${id} AND (state = 'queued' OR (state = 'parsing' AND (lease_until IS NULL OR lease_until <= ${claim.now})))
          RETURNING attempts`),
        (rows) => rows[0]?.attempts
      )

    /** True when it landed: only the worker holding `attempt` finishes an import, and only once. */
    const parsed = (id: string, attempt: number, contractId: string, summary: NonNullable<ImportRow["summary"]>, now: string) =>
      Effect.map(
        Effect.orDie(sql`
          UPDATE imports SET state = 'parsed', contract_id = ${contractId}, summary = ${JSON.stringify(summary)}::jsonb, lease_until = NULL,
            updated_at = ${now}
          WHERE id = ${id} AND state = 'parsing' AND attempts = ${attempt} RETURNING id`),
        (rows) => rows.length > 0
      )

    /** A failed import and its `import.failed` on the org stream, together. */
    const failed = (
      row: ImportRow,
      attempt: number,
      reason: FailureReason,
      message: string,
      parser: { model: string; prompt_hash: string },
      event: { id: string; now: string }
    ) =>
      Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const summary = { parser, message }
        const updated = yield* sql`
          UPDATE imports SET state = 'failed', reason = ${reason}, summary = ${JSON.stringify(summary)}::jsonb, lease_until = NULL,
            updated_at = ${event.now}
          WHERE id = ${row.id} AND state = 'parsing' AND attempts = ${attempt} RETURNING id`
        if (updated.length === 0) return
        const data = { import: row.id, batch: row.batch_id, asset: row.asset_id, filename: row.filename, reason, message }
        yield* sql`
          INSERT INTO org_events (id, org_id, mode, type, data, created_at)
          VALUES (${event.id}, ${row.org_id}, ${row.mode}, 'import.failed', ${JSON.stringify(data)}::jsonb, ${event.now})`
      }))).pipe(Effect.zipLeft(appended.ring))

    /**
     * At start, what this process's previous life left: its leases run out at once and its imports
     * go back to `queued`. `holder` null: every lease, for a process serving alone (no other can be
     * parsing); else a runner's own address, unique among live runners.
     */
    const reclaim = (holder: string | null, now: string) =>
      Effect.orDie(sql`
        UPDATE imports SET state = 'queued', lease_holder = NULL, lease_until = NULL, updated_at = ${now}
        WHERE state = 'parsing' AND attempts > 0 ${holder === null ? sql`` : sql`AND lease_holder = ${holder}`}`)

    /**
     * At shutdown, once this runner's workers have stopped: the imports they were parsing go back to
     * `queued` for any runner to take at once, instead of when the lease runs out. The attempt is
     * not counted: the parse was stopped, not failed. A lease another runner took since is left alone.
     */
    const handBack = (holder: string, now: string) =>
      Effect.orDie(sql`
        UPDATE imports SET state = 'queued', attempts = attempts - 1, lease_holder = NULL, lease_until = NULL, updated_at = ${now}
        WHERE state = 'parsing' AND lease_holder = ${holder}`)

    /** Imports any worker may take now, oldest first: `queued`, or `parsing` under no live lease. */
    const unfinished = (now: string) =>
      Effect.map(
        Effect.orDie(sql<{ id: string }>`
          SELECT id FROM imports WHERE state IN ('queued', 'parsing') AND (state = 'queued' OR lease_until IS NULL OR lease_until <= ${now})
          ORDER BY created_at, batch_id, position`),
        (rows) => rows.map((row) => row.id)
      )

    const orgEvents = (org: string, mode: Mode, afterPosition: number, limit: number) =>
      Effect.flatMap(
        Effect.orDie(sql`
          SELECT id, position::text AS position, type, data, created_at FROM org_events
          WHERE org_id = ${org} AND mode = ${mode} AND position > ${afterPosition} ORDER BY position LIMIT ${limit + 1}`),
        (rows) =>
          Effect.map(decodeRows(OrgEventRow)(rows), (events) =>
            events.map((row) => ({ id: row.id, position: row.position, type: row.type, data: row.data, created: row.created_at })))
      )

    const orgEventPosition = (org: string, mode: Mode, id: string) =>
      Effect.map(
        Effect.orDie(sql<{ position: string }>`SELECT position::text AS position FROM org_events WHERE id = ${id} AND org_id = ${org} AND mode = ${mode}`),
        (rows) => rows[0] === undefined ? undefined : Number(rows[0].position)
      )

    return { createBatch, find, ofBatch, batchOf, take, parsed, failed, reclaim, handBack, unfinished, orgEvents, orgEventPosition } as const
  })
}) {}
