import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Contract } from "../Domain/Contract/Contract.js"
import type { Decided } from "../Domain/Contract/Decided.js"
import type { DomainEvent } from "../Domain/Contract/Events.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import { type ListFilter, listConditions } from "./ListConditions.js"
import { rowsOfSave, type TableRows } from "./SaveRows.js"
import { currentTraceParent } from "../Operations/Tracing.js"
import { decodeFirst, decodeRows } from "../Sql/Rows.js"
import { ContractIdRow, EventRow, type RecentWrite, SavedRow, SeatRow, StoredContract, StoredForWriter, StoredRevision } from "./StoredRows.js"
import { answerOnClaim, type RequestOfWrite, writeOnClaim } from "../Idempotency/ClaimOfWrite.js"

const json = (value: unknown) => JSON.stringify(value)

export type { RecentWrite } from "./StoredRows.js"

/** The contract's document as stored: everything but its letters. */
const documentOf = ({ letters: _letters, ...document }: Contract) => document

export interface StoredEvent {
  readonly id: string
  readonly sequence: number
  readonly type: string
  readonly created: string
  readonly data: Record<string, unknown>
}

export class ContractsRepo extends Effect.Service<ContractsRepo>()("Contracts/ContractsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    // A contract is stored as its document without the letters, which are rows of their own
    // (append-only, written once each); a read puts them back in order.
    const lettersOfRow = sql`(
      SELECT coalesce(jsonb_agg(l.letter ORDER BY l.ordinal), '[]'::jsonb) FROM contract_letters l WHERE l.contract_id = c.id
    )`
    const lettersOf = sql`${lettersOfRow} AS letters`
    // cast: the aggregate has no schema to decode with (types only, src/Domain/Contract/Contract.ts); its
    // columns hold only what save() wrote from the same type, under the entity's lock. Row and columns are decoded.
    const assemble = ({ doc, letters }: StoredContract): Contract => ({ ...doc, letters }) as unknown as Contract

    const load = Effect.fnUntraced(function*(id: string) {
      const row = yield* decodeFirst(StoredContract)(yield* sql`SELECT c.doc, ${lettersOf} FROM contracts c WHERE c.id = ${id}`)
      return Option.map(Option.fromNullable(row), assemble)
    }, Effect.orDie)

    /**
     * The contract's revision and stored size, and the contract too unless its revision is `known`:
     * one round trip that sends and parses a document only when the caller's copy is not the stored one.
     */
    const loadIfChanged = Effect.fnUntraced(function*(id: string, known: number) {
      const rows = yield* sql`
        SELECT c.revision, pg_column_size(c.doc) AS size, CASE WHEN c.revision = ${known} THEN NULL ELSE c.doc END AS doc,
          CASE WHEN c.revision = ${known} THEN NULL ELSE ${lettersOfRow} END AS letters
        FROM contracts c WHERE c.id = ${id}`
      return Option.map(Option.fromNullable(yield* decodeFirst(StoredRevision)(rows)), ({ doc, letters, revision, size }) => ({
        revision,
        storedBytes: size,
        contract: doc === null ? null : assemble({ doc, letters: letters ?? [] })
      }))
    }, Effect.orDie)

    /** Several contracts in one statement, for work over many of them (the feed rows' backfill). */
    const loadMany = Effect.fnUntraced(function*(ids: ReadonlyArray<string>) {
      const rows = yield* sql`SELECT c.doc, ${lettersOf} FROM contracts c WHERE c.id IN ${sql.in(ids)}`
      return (yield* decodeRows(StoredContract)(rows)).map(assemble)
    }, Effect.orDie)

    /** The contract and its last writes, for its writer. */
    const loadForWriter = Effect.fnUntraced(function*(id: string) {
      const rows = yield* sql`SELECT c.doc, c.recent_writes, ${lettersOf} FROM contracts c WHERE c.id = ${id}`
      return Option.map(Option.fromNullable(yield* decodeFirst(StoredForWriter)(rows)), (row) => ({
        contract: assemble(row),
        recentWrites: row.recent_writes
      }))
    }, Effect.orDie)

    /** The contract a signature belongs to, for routes that name only the signature. */
    const contractOfSignature = Effect.fnUntraced(function*(signatureId: string) {
      const row = yield* decodeFirst(ContractIdRow)(yield* sql`SELECT contract_id FROM signature_index WHERE signature_id = ${signatureId}`)
      return Option.fromNullable(row?.contract_id)
    }, Effect.orDie)

    /** The contract an ask belongs to, for routes that name only the ask. */
    const contractOfAsk = Effect.fnUntraced(function*(askId: string) {
      const row = yield* decodeFirst(ContractIdRow)(yield* sql`SELECT contract_id FROM ask_index WHERE ask_id = ${askId}`)
      return Option.fromNullable(row?.contract_id)
    }, Effect.orDie)

    /** Adds one table's rows, only if the contract's own row was written (`saved` holds it). */
    const addRows = ({ columns, onConflict, rows, table }: TableRows, index: number) => {
      const names = columns.map(([name]) => name).join(", ")
      const types = columns.map(([name, type]) => `${name} ${type}`).join(", ")
      return sql`${sql.literal(`added_${index}`)} AS (
        INSERT INTO ${sql(table)} (${sql.literal(names)})
        SELECT ${sql.literal(names)} FROM jsonb_to_recordset(${json(rows)}::jsonb) AS r(${sql.literal(types)})
        WHERE EXISTS (SELECT 1 FROM saved) ${sql.literal(onConflict)})`
    }

    /**
     * Stores one decided write, the aggregate, its party rows, letters, events and mail, and the result (and
     * answer) on the request's idempotency claim, as one statement: all or nothing, one round trip. The sequence
     * check is a second lock behind the entity's: a write decided on a stale copy matches no row, so nothing is written.
     */
    const save = Effect.fnUntraced(
      function*(
        previous: Contract | null,
        next: Contract,
        events: ReadonlyArray<DomainEvent>,
        effects: Partial<Pick<Decided<unknown>, "mail" | "relationship" | "result">> = {},
        request: RequestOfWrite | null = null,
        recentWrites: ReadonlyArray<RecentWrite> = []
      ) {
        // Nothing to store but, perhaps, the request's answer (a write that changed nothing).
        if (previous === next) {
          if (request !== null && request.answer !== null) yield* answerOnClaim(sql, request, request.answer)
          return
        }
        const contractRow = previous === null
          ? sql`
            INSERT INTO contracts (id, mode, org_id, state, origin, title, relationship_id, words_hash, head_sequence, created_at, updated_at, doc, recent_writes)
            VALUES (${next.id}, ${next.mode}, ${next.org}, ${next.state}, ${next.origin}, ${next.title}, ${next.relationship},
                    ${next.words_hash}, ${next.head_sequence}, ${next.created_at}, ${next.updated_at}, ${json(documentOf(next))}::jsonb,
                    ${json(recentWrites)}::jsonb)
            RETURNING id`
          : sql`
            UPDATE contracts SET state = ${next.state}, relationship_id = ${next.relationship}, words_hash = ${next.words_hash},
              head_sequence = ${next.head_sequence}, updated_at = ${next.updated_at}, doc = ${json(documentOf(next))}::jsonb,
              recent_writes = ${json(recentWrites)}::jsonb, revision = revision + 1
            WHERE id = ${next.id} AND head_sequence = ${previous.head_sequence}
            RETURNING id`
        const added = rowsOfSave(previous, next, events, effects, yield* currentTraceParent).map(addRows)
        // The write's idempotency claim learns, in the same statement, that the write is stored.
        if (request !== null) added.push(writeOnClaim(sql, request, next.id, json(effects.result ?? null)))
        const row = yield* decodeFirst(SavedRow)(
          yield* sql`
          WITH saved AS (${contractRow})${added.length === 0 ? sql`` : sql`, ${sql.csv(added)}`}
          SELECT count(*)::int AS saved FROM saved`
        )
        if (row?.saved !== 1) return yield* Effect.dieMessage(`contract ${next.id} changed under its writer`)
      },
      Effect.catchTag("SqlError", Effect.die)
    )

    /**
     * An org's contracts, newest first: its own, and those it holds a live seat on elsewhere. Each
     * half is its own index walk, newest first and cut at the page, so a page reads about a page
     * of rows however many contracts the org has (`contracts_by_org`; the seats on other orgs'
     * contracts, `contract_parties_seated_elsewhere`). One OR over both made PostgreSQL walk and
     * filter every contract of the mode: a second a page at 100,000 contracts.
     */
    const list = Effect.fnUntraced(function*(filter: ListFilter) {
      const conditions = listConditions(sql, filter)
      const page = sql`ORDER BY c.created_at DESC, c.id DESC LIMIT ${filter.limit + 1}`
      const own = sql`SELECT c.id FROM contracts c WHERE c.org_id = ${filter.org} AND ${sql.and(conditions)} ${page}`
      // Walked newest first along the seat's copy of its contract's time; an org with two seats on
      // one contract lists it once (DISTINCT ON follows the walk's order, so the cut stays early).
      const elsewhere = sql`SELECT DISTINCT ON (p.contract_created_at, p.contract_id) c.id
        FROM contract_parties p JOIN contracts c ON c.id = p.contract_id
        WHERE p.org_id = ${filter.org} AND p.mode = ${filter.mode} AND p.removed_at IS NULL AND p.org_id <> p.contract_org
          ${
        filter.after === undefined ? sql`` : sql`AND (p.contract_created_at, p.contract_id) < (${filter.after.created_at}::timestamptz, ${filter.after.id})`
      }
          AND ${sql.and(conditions)}
        ORDER BY p.contract_created_at DESC, p.contract_id DESC LIMIT ${filter.limit + 1}`
      const rows = yield* sql`
        WITH visible AS ((${own}) UNION ALL (${elsewhere}))
        SELECT c.doc, ${lettersOf} FROM contracts c JOIN visible v ON v.id = c.id ${page}`
      return (yield* decodeRows(StoredContract)(rows)).map(assemble)
    }, Effect.orDie)

    const eventsBetween = (contractId: string, after: number, upTo: number, limit: number) =>
      sql`
        SELECT id, sequence, type, created_at, data FROM contract_events
        WHERE contract_id = ${contractId} AND sequence > ${after} AND sequence <= ${upTo}
        ORDER BY sequence, position LIMIT ${limit}`.pipe(
        Effect.flatMap(decodeRows(EventRow)),
        Effect.map((rows) => rows.map(({ created_at, ...row }): StoredEvent => ({ ...row, created: created_at })))
      )

    /** Oldest first; a page never splits the events of one sequence, so a cursor never skips one. */
    const events = Effect.fnUntraced(function*(contractId: string, after: number, limit: number) {
      const head = yield* eventsBetween(contractId, after, 2_147_483_647, limit + 1)
      if (head.length <= limit) return { data: head, has_more: false }
      const last = head[limit - 1]!.sequence
      const data = yield* eventsBetween(contractId, after, last, 1_000_000)
      const beyond = yield* eventsBetween(contractId, last, 2_147_483_647, 1)
      return { data, has_more: beyond.length > 0 }
    }, Effect.orDie)

    /** A person's live seats by party id; `only`: the one seat a guest link reaches. */
    const partiesOf = Effect.fnUntraced(
      function*(person: string, mode: Mode, after: string | undefined, limit: number, only?: string) {
        const rows = yield* sql`
          SELECT contract_id, party_id, capacity FROM contract_parties
          WHERE person_id = ${person} AND mode = ${mode} AND removed_at IS NULL
            ${after === undefined ? sql`` : sql`AND party_id > ${after}`} ${only === undefined ? sql`` : sql`AND party_id = ${only}`}
          ORDER BY party_id LIMIT ${limit + 1}`
        return (yield* decodeRows(SeatRow)(rows)).map((row) => ({ contract: row.contract_id, party: row.party_id, capacity: row.capacity }))
      },
      Effect.orDie
    )

    return {
      load,
      loadIfChanged,
      loadMany,
      loadForWriter,
      save,
      list,
      events,
      partiesOf,
      contractOfAsk,
      contractOfSignature
    } as const
  })
}) {}
