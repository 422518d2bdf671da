import { SqlClient } from "@effect/sql"
import { Effect, Option, Schema } from "effect"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { MailReading } from "../Domain/Ingress/ReadMail.js"
import { Appended } from "../Doorbells/Appended.js"
import { JsonColumn } from "../Sql/Rows.js"
import { iso } from "../Sql/Values.js"
import type { NewAsset } from "../Assets/Rows.js"

export type IngressState = "detected" | "accepted" | "rejected"

/** A message as stored: what reached an ingress address, read once when it arrived. */
export interface IngressRow {
  readonly id: string
  readonly org_id: string
  readonly mode: Mode
  readonly recipient: string
  readonly envelope_from: string | null
  readonly asset_id: string
  /** The `eml` asset's checksum (`sha256:…`), which names its bytes in the AssetStore. */
  readonly checksum: string
  readonly reading: MailReading
  readonly state: IngressState
  readonly decided_by: string | null
  readonly decided_at: string | null
  readonly decided_key: string | null
  readonly import_id: string | null
  /** The contract the message became or continues: its own, or the one its import made once parsed. */
  readonly contract_id: string | null
  readonly letter_id: string | null
  readonly received_at: string
}

const selectRows = `
  SELECT m.id, m.org_id, m.mode, m.recipient, m.envelope_from, m.asset_id, a.checksum, m.reading, m.state, m.decided_by, m.decided_at,
    m.decided_key, m.import_id, COALESCE(m.contract_id, i.contract_id) AS contract_id, m.letter_id, m.received_at
  FROM ingress_messages m JOIN assets a ON a.id = m.asset_id LEFT JOIN imports i ON i.id = m.import_id`

/** A message's reading as `insert` stores it: the `MailReading` made when it arrived. */
const StoredReading = JsonColumn(Schema.Struct({
  sender: Schema.NullOr(Schema.Struct({ address: Schema.String, name: Schema.NullOr(Schema.String) })),
  subject: Schema.String,
  forwarded: Schema.Array(Schema.Struct({
    author: Schema.String,
    authorName: Schema.NullOr(Schema.String),
    authoredAt: Schema.NullOr(Schema.String),
    subject: Schema.NullOr(Schema.String),
    text: Schema.String
  })),
  contractIds: Schema.Array(Schema.String),
  attachments: Schema.Array(Schema.Struct({
    index: Schema.Number,
    filename: Schema.String,
    contentType: Schema.String,
    size: Schema.Number,
    importable: Schema.Boolean
  })),
  note: Schema.NullOr(Schema.String)
}))

// Runs inside Effect.map, so a reading that does not decode throws there and is a defect.
const readingOf: (value: unknown) => MailReading = Schema.decodeUnknownSync(StoredReading)

const fromRow = (row: IngressRow): IngressRow => ({
  ...row,
  reading: readingOf(row.reading),
  decided_at: row.decided_at === null ? null : iso(row.decided_at),
  received_at: iso(row.received_at)
})

/** Ingress addresses, the messages they received, and `ingress.detected` on the org stream. */
export class IngressRepo extends Effect.Service<IngressRepo>()("Ingress/IngressRepo", {
  dependencies: [Appended.Default],
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const appended = yield* Appended
    const select = sql.literal(selectRows)

    /** The org's address for a mode, made on first ask; a race between two first asks keeps one. */
    const addressOf = Effect.fnUntraced(function*(org: string, mode: Mode, fresh: string, now: string) {
      yield* sql`
        INSERT INTO ingress_addresses (org_id, mode, local_part, created_at) VALUES (${org}, ${mode}, ${fresh}, ${now})
        ON CONFLICT (org_id, mode) DO NOTHING`
      const rows = yield* sql<{ local_part: string }>`SELECT local_part FROM ingress_addresses WHERE org_id = ${org} AND mode = ${mode}`
      return rows[0]!.local_part
    }, Effect.orDie)

    /** Whose address a local part is, if anyone's. */
    const ownerOf = Effect.fnUntraced(function*(localPart: string) {
      const rows = yield* sql<{ org_id: string; mode: Mode }>`SELECT org_id, mode FROM ingress_addresses WHERE local_part = ${localPart}`
      return Option.fromNullable(rows[0])
    }, Effect.orDie)

    /** A received message, its `eml` asset and its `ingress.detected`, together. */
    const received = (
      message: Omit<IngressRow, "checksum" | "state" | "decided_by" | "decided_at" | "decided_key" | "import_id" | "contract_id" | "letter_id">,
      asset: NewAsset,
      event: { readonly id: string; readonly data: unknown }
    ) =>
      Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO assets ${sql.insert({ ...asset, pages: null, text_layer: null })}`
        yield* sql`INSERT INTO ingress_messages ${sql.insert({ ...message, reading: JSON.stringify(message.reading), state: "detected" })}`
        yield* sql`
          INSERT INTO org_events (id, org_id, mode, type, data, created_at)
          VALUES (${event.id}, ${message.org_id}, ${message.mode}, 'ingress.detected', ${JSON.stringify(event.data)}::jsonb, ${message.received_at})`
      }))).pipe(Effect.zipLeft(appended.ring))

    const find = (id: string) => Effect.map(Effect.orDie(sql<IngressRow>`${select} WHERE m.id = ${id}`), (rows) => rows[0] && fromRow(rows[0]))

    /** The org's messages newest first, after the one `after` names; one row more than `limit` tells there is more. */
    const list = (org: string, mode: Mode, state: IngressState | undefined, after: IngressRow | undefined, limit: number) =>
      Effect.map(
        Effect.orDie(sql<IngressRow>`${select}
          WHERE m.org_id = ${org} AND m.mode = ${mode} AND ${state === undefined ? sql`TRUE` : sql`m.state = ${state}`}
            AND ${after === undefined ? sql`TRUE` : sql`(m.received_at, m.id) < (${after.received_at}, ${after.id})`}
          ORDER BY m.received_at DESC, m.id DESC LIMIT ${limit + 1}`),
        (rows) => rows.map(fromRow)
      )

    /**
     * The undecided messages that wait on one person, oldest first: the ones they forwarded, and
     * the ones nobody of the org forwarded (those wait on everyone in it).
     */
    const waitingOn = (org: string, mode: Mode, email: string, limit: number) =>
      Effect.map(
        Effect.orDie(sql<IngressRow>`${select}
          WHERE m.org_id = ${org} AND m.mode = ${mode} AND m.state = 'detected'
            AND (lower(m.reading->'sender'->>'address') = lower(${email}) OR NOT EXISTS (
              SELECT 1 FROM people p WHERE p.org_id = m.org_id AND lower(p.email) = lower(m.reading->'sender'->>'address')))
          ORDER BY m.received_at, m.id LIMIT ${limit}`),
        (rows) => rows.map(fromRow)
      )

    /**
     * Claims a detected message for a decision under one idempotency key: true when it is this
     * key's to decide (now, or already, so a retried request finishes what a crash left).
     */
    const claim = Effect.fnUntraced(function*(id: string, state: "accepted" | "rejected", person: string, key: string, now: string) {
      const rows = yield* sql<{ id: string }>`
        UPDATE ingress_messages SET state = ${state}, decided_by = ${person}, decided_at = ${now}, decided_key = ${key}
        WHERE id = ${id} AND (state = 'detected' OR (state = ${state} AND decided_key = ${key})) RETURNING id`
      return rows.length === 1
    }, Effect.orDie)

    /** Undoes a claim whose work was refused (an attachment no import takes): the message waits again. */
    const release = (id: string, key: string) =>
      Effect.orDie(sql`
        UPDATE ingress_messages SET state = 'detected', decided_by = NULL, decided_at = NULL, decided_key = NULL
        WHERE id = ${id} AND decided_key = ${key} AND import_id IS NULL AND letter_id IS NULL`)

    const settled = (id: string, outcome: { readonly import_id?: string; readonly contract_id?: string; readonly letter_id?: string }) =>
      Effect.orDie(sql`
        UPDATE ingress_messages SET import_id = COALESCE(${outcome.import_id ?? null}, import_id),
          contract_id = COALESCE(${outcome.contract_id ?? null}, contract_id), letter_id = COALESCE(${outcome.letter_id ?? null}, letter_id)
        WHERE id = ${id}`)

    return { addressOf, ownerOf, received, find, list, waitingOn, claim, release, settled } as const
  })
}) {}
