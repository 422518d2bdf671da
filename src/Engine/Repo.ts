import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Contract } from "../Domain/Contract/Contract.js"
import type { Decided } from "../Domain/Contract/Decided.js"
import type { DomainEvent } from "../Domain/Contract/Events.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import { type ListFilter, listConditions } from "./ListConditions.js"
import { rowsOfSave, type TableRows } from "./SaveRows.js"
import { changedParts, partsOfRow, restOf, storedParts } from "./StoredParts.js"
import { currentTraceParent } from "../Operations/Tracing.js"
import { decodeFirst, decodeRows } from "../Sql/Rows.js"
import { ContractIdRow, EventRow, type RecentWrite, SavedRow, SeatRow, StoredContract, StoredForWriter, StoredRevision } from "./StoredRows.js"
import { answerOnClaim, type RequestOfWrite, writeOnClaim } from "../Idempotency/ClaimOfWrite.js"

const json = (value: unknown) => JSON.stringify(value)

export type { RecentWrite } from "./StoredRows.js"

/** How many of a contract's last writes are kept to answer a copy of their message (a row each). */
export const recentWritesKept = 16

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
    // The document's parts as text (./StoredParts.ts), so a missing field and a null one stay apart.
    const partsOf = sql.literal(storedParts.map((part) => `c.${part}::text AS ${part}`).join(", "))
    const documentOf = sql`c.doc, ${partsOf}, ${lettersOf}`
    // What a contract takes in storage (compressed), for the copies a runner keeps of others' contracts.
    const storedSize = sql.literal(["pg_column_size(c.doc)", ...storedParts.map((part) => `coalesce(pg_column_size(c.${part}), 0)`)].join(" + "))
    // cast: the aggregate has no schema to decode with (types only, src/Domain/Contract/Contract.ts); its
    // columns hold only what save() wrote from the same type, under the entity's lock. Row and columns are decoded.
    const assemble = (row: StoredContract): Contract => ({ ...row.doc, ...partsOfRow(row), letters: row.letters }) as unknown as Contract

    const load = Effect.fnUntraced(function*(id: string) {
      const row = yield* decodeFirst(StoredContract)(yield* sql`SELECT ${documentOf} FROM contracts c WHERE c.id = ${id}`)
      return Option.map(Option.fromNullable(row), assemble)
    }, Effect.orDie)

    /**
     * The contract's revision and stored size, and the contract too unless its revision is `known`:
     * one round trip that sends and parses a document only when the caller's copy is not the stored one.
     */
    const loadIfChanged = Effect.fnUntraced(function*(id: string, known: number) {
      const unlessKnown = (column: Statement.Fragment, name: string) =>
        sql`CASE WHEN c.revision = ${known} THEN NULL ELSE ${column} END AS ${sql.literal(name)}`
      const rows = yield* sql`
        SELECT c.revision, ${storedSize} AS size, ${
        sql.csv([
          unlessKnown(sql`c.doc`, "doc"),
          unlessKnown(lettersOfRow, "letters"),
          ...storedParts.map((part) => unlessKnown(sql.literal(`c.${part}::text`), part))
        ])
      }
        FROM contracts c WHERE c.id = ${id}`
      return Option.map(Option.fromNullable(yield* decodeFirst(StoredRevision)(rows)), (row) => ({
        revision: row.revision,
        storedBytes: row.size,
        contract: row.doc === null ? null : assemble({ ...row, doc: row.doc, letters: row.letters ?? [] })
      }))
    }, Effect.orDie)

    /** Several contracts in one statement, for work over many of them (the feed rows' backfill). */
    const loadMany = Effect.fnUntraced(function*(ids: ReadonlyArray<string>) {
      const rows = yield* sql`SELECT ${documentOf} FROM contracts c WHERE c.id IN ${sql.in(ids)}`
      return (yield* decodeRows(StoredContract)(rows)).map(assemble)
    }, Effect.orDie)

    /** The contract and its last writes, for its writer. */
    const loadForWriter = Effect.fnUntraced(function*(id: string) {
      const rows = yield* sql`SELECT ${documentOf}, (
          SELECT coalesce(jsonb_agg(jsonb_build_object('id', w.write_id, 'result', w.result) ORDER BY w.revision), '[]'::jsonb)
          FROM contract_writes w WHERE w.contract_id = c.id
        ) AS recent_writes
        FROM contracts c WHERE c.id = ${id}`
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
        /** The write's id and result, kept to answer a copy of its message; the oldest beyond the last few goes. */
        write: RecentWrite | null = null
      ) {
        // Nothing to store but, perhaps, the request's answer (a write that changed nothing).
        if (previous === next) {
          if (request !== null && request.answer !== null) yield* answerOnClaim(sql, request, request.answer)
          return
        }
        // Only the parts this write made anew travel and are stored (./StoredParts.ts).
        const parts = changedParts(previous, next)
        const partValues = parts.map((part) => sql`${json(next[part])}::jsonb`)
        const setParts = parts.length === 0 ? sql`` : sql`, ${sql.csv(parts.map((part, index) => sql`${sql.literal(part)} = ${partValues[index]!}`))}`
        const contractRow = previous === null
          ? sql`
            INSERT INTO contracts (id, mode, org_id, state, origin, title, relationship_id, words_hash, head_sequence, created_at, updated_at, doc, ${
            sql.literal(parts.join(", "))
          })
            VALUES (${next.id}, ${next.mode}, ${next.org}, ${next.state}, ${next.origin}, ${next.title}, ${next.relationship},
                    ${next.words_hash}, ${next.head_sequence}, ${next.created_at}, ${next.updated_at}, ${json(restOf(next))}::jsonb,
                    ${sql.csv(partValues)})
            RETURNING id, revision`
          : sql`
            UPDATE contracts SET state = ${next.state}, relationship_id = ${next.relationship}, words_hash = ${next.words_hash},
              head_sequence = ${next.head_sequence}, updated_at = ${next.updated_at}, doc = ${json(restOf(next))}::jsonb,
              revision = revision + 1${setParts}
            WHERE id = ${next.id} AND head_sequence = ${previous.head_sequence}
            RETURNING id, revision`
        const added = rowsOfSave(previous, next, events, effects, yield* currentTraceParent).map(addRows)
        // The write's idempotency claim learns, in the same statement, that the write is stored.
        if (request !== null) added.push(writeOnClaim(sql, request, next.id, json(effects.result ?? null)))
        if (write !== null) {
          added.push(
            sql`kept_write AS (INSERT INTO contract_writes (contract_id, revision, write_id, result)
              SELECT id, revision, ${write.id}, ${json(write.result)}::jsonb FROM saved)`,
            sql`dropped_writes AS (DELETE FROM contract_writes w USING saved s
              WHERE w.contract_id = s.id AND w.revision <= s.revision - ${recentWritesKept})`
          )
        }
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
        SELECT ${documentOf} FROM contracts c JOIN visible v ON v.id = c.id ${page}`
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
