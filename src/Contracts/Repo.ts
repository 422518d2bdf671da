import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Contract, Decided, DomainEvent, Mail } from "../Domain/Contract.js"
import { makeId } from "../Domain/Ids.js"
import type { Mode } from "../Domain/Mode.js"

const json = (value: unknown) => JSON.stringify(value)
const parse = <A>(value: unknown): A => (typeof value === "string" ? JSON.parse(value) : value) as A
export const iso = (value: Date | string) => new Date(value).toISOString()

export interface ListFilter {
  readonly org: string
  readonly mode: Mode
  readonly states: ReadonlyArray<string> | undefined
  readonly origins: ReadonlyArray<string> | undefined
  readonly relationship: string | undefined
  readonly updatedSince: Date | undefined
  readonly after: { readonly created_at: string; readonly id: string } | undefined
  readonly limit: number
}

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

    const load = Effect.fn("ContractsRepo.load")(function*(id: string) {
      const rows = yield* sql<{ doc: unknown }>`SELECT doc FROM contracts WHERE id = ${id}`
      return Option.map(Option.fromNullable(rows[0]), (row) => parse<Contract>(row.doc))
    }, Effect.orDie)

    // The copies held by live Contract entities. An entity is its contract's only writer and puts
    // its copy here after each commit, so a read of a live contract needs no SQL and no parse.
    const live = new Map<string, Contract>()

    /** The contract as last committed: the live entity's copy, else the database's. */
    const read = (id: string) => {
      const copy = live.get(id)
      return copy === undefined ? load(id) : Effect.succeed(Option.some(copy))
    }

    // Each write below is one statement whatever the number of rows, and skipped when there are none:
    // every statement is a round trip inside the contract's transaction, and the entity waits on each.
    const insertRows = (table: string, rows: ReadonlyArray<Record<string, unknown>>, onConflict = sql``) =>
      rows.length === 0 ? Effect.void : Effect.asVoid(sql`INSERT INTO ${sql(table)} ${sql.insert(rows as Array<Record<string, unknown>>)} ${onConflict}`)

    /** Party rows that are new or whose capacity or removal changed; guests also get their people row. */
    const writeParties = (previous: Contract | null, contract: Contract) => {
      const before = new Map((previous?.parties ?? []).map((party) => [party.id, party]))
      const changed = contract.parties.filter((party) => {
        const old = before.get(party.id)
        return old === undefined || old.removed_at !== party.removed_at || json(old.capacity) !== json(party.capacity)
      })
      const newGuests = changed.filter((party) => party.org === null && !before.has(party.id))
      return Effect.zipRight(
        insertRows(
          "people",
          newGuests.map((party) => ({ id: party.person, org_id: null, mode: contract.mode, name: party.name, email: party.email, created_at: contract.updated_at })),
          sql`ON CONFLICT (id) DO NOTHING`
        ),
        insertRows(
          "contract_parties",
          changed.map((party) => ({
            party_id: party.id,
            contract_id: contract.id,
            person_id: party.person,
            org_id: party.org,
            mode: contract.mode,
            side: party.side,
            capacity: json(party.capacity),
            removed_at: party.removed_at,
            guest_token_hash: party.guest_token_hash
          })),
          sql`ON CONFLICT (party_id) DO UPDATE SET capacity = excluded.capacity, removed_at = excluded.removed_at`
        )
      )
    }

    const writeMail = (contract: Contract, mail: ReadonlyArray<Mail>) =>
      insertRows("outbox", mail.map((message) => ({
        id: makeId("evt").replace("evt_", "msg_"),
        mode: contract.mode,
        contract_id: contract.id,
        org_id: contract.org,
        to_email: message.to,
        to_org: contract.parties.find((p) => p.email === message.to)?.org ?? null,
        subject: message.subject,
        text: message.text,
        link: message.link,
        created_at: contract.updated_at
      })))

    const indexAsks = (previous: Contract | null, next: Contract) =>
      insertRows(
        "ask_index",
        next.asks.filter((ask) => !(previous?.asks ?? []).some((a) => a.id === ask.id)).map((ask) => ({ ask_id: ask.id, contract_id: next.id })),
        sql`ON CONFLICT (ask_id) DO NOTHING`
      )

    const indexSignatures = (previous: Contract | null, next: Contract) =>
      insertRows(
        "signature_index",
        next.signatures.filter((s) => !(previous?.signatures ?? []).some((p) => p.id === s.id))
          .map((signature) => ({ signature_id: signature.id, contract_id: next.id })),
        sql`ON CONFLICT (signature_id) DO NOTHING`
      )

    /** The contract a signature belongs to, for routes that name only the signature. */
    const contractOfSignature = Effect.fn("ContractsRepo.contractOfSignature")(function*(signatureId: string) {
      const rows = yield* sql<{ contract_id: string }>`SELECT contract_id FROM signature_index WHERE signature_id = ${signatureId}`
      return Option.fromNullable(rows[0]?.contract_id)
    }, Effect.orDie)

    /** The contract an ask belongs to, for routes that name only the ask. */
    const contractOfAsk = Effect.fn("ContractsRepo.contractOfAsk")(function*(askId: string) {
      const rows = yield* sql<{ contract_id: string }>`SELECT contract_id FROM ask_index WHERE ask_id = ${askId}`
      return Option.fromNullable(rows[0]?.contract_id)
    }, Effect.orDie)

    const writeRelationship = (contract: Contract, relationship: Decided<unknown>["relationship"]) =>
      relationship === undefined
        ? Effect.void
        : sql`
          INSERT INTO relationships (id, mode, org_id, counterparty_key, counterparty_org, created_at)
          VALUES (${relationship.id}, ${contract.mode}, ${contract.org}, ${relationship.key}, ${relationship.org}, ${contract.updated_at})
          ON CONFLICT (id) DO NOTHING`

    const appendEvents = (contract: Contract, events: ReadonlyArray<DomainEvent>, now: string) =>
      insertRows("contract_events", events.map((event, position) => ({
        id: makeId("evt"),
        contract_id: contract.id,
        sequence: contract.head_sequence,
        position,
        type: event.type,
        data: json(event.data),
        created_at: now
      })))

    /**
     * Stores one decided write: the aggregate, its party rows and its events, all or nothing. The
     * sequence check is a second lock behind the entity's: a write decided on a stale copy fails.
     */
    const save = Effect.fn("ContractsRepo.save")(
      function*(
        previous: Contract | null,
        next: Contract,
        events: ReadonlyArray<DomainEvent>,
        effects: Pick<Decided<unknown>, "mail" | "relationship"> = {}
      ) {
        if (previous === next) return
        yield* sql.withTransaction(Effect.gen(function*() {
          if (previous === null) {
            yield* sql`
              INSERT INTO contracts (id, mode, org_id, state, origin, title, relationship_id, words_hash, head_sequence, created_at, updated_at, doc)
              VALUES (${next.id}, ${next.mode}, ${next.org}, ${next.state}, ${next.origin}, ${next.title}, ${next.relationship},
                      ${next.words_hash}, ${next.head_sequence}, ${next.created_at}, ${next.updated_at}, ${json(next)}::jsonb)`
          } else {
            const updated = yield* sql`
              UPDATE contracts SET state = ${next.state}, relationship_id = ${next.relationship}, words_hash = ${next.words_hash},
                head_sequence = ${next.head_sequence}, updated_at = ${next.updated_at}, doc = ${json(next)}::jsonb
              WHERE id = ${next.id} AND head_sequence = ${previous.head_sequence}
              RETURNING id`
            if (updated.length !== 1) return yield* Effect.dieMessage(`contract ${next.id} changed under its writer`)
          }
          yield* writeRelationship(next, effects.relationship)
          yield* indexAsks(previous, next)
          yield* indexSignatures(previous, next)
          yield* writeParties(previous, next)
          yield* appendEvents(next, events, next.updated_at)
          yield* writeMail(next, effects.mail ?? [])
        }))
      },
      Effect.catchTag("SqlError", Effect.die)
    )

    const list = Effect.fn("ContractsRepo.list")(function*(filter: ListFilter) {
      const conditions = [
        sql`(c.org_id = ${filter.org} OR EXISTS (
          SELECT 1 FROM contract_parties p
          WHERE p.contract_id = c.id AND p.org_id = ${filter.org} AND p.removed_at IS NULL))`,
        sql`c.mode = ${filter.mode}`
      ]
      if (filter.states !== undefined) conditions.push(sql`c.state IN ${sql.in(filter.states)}`)
      if (filter.origins !== undefined) conditions.push(sql`c.origin IN ${sql.in(filter.origins)}`)
      if (filter.relationship !== undefined) conditions.push(sql`c.relationship_id = ${filter.relationship}`)
      if (filter.updatedSince !== undefined) conditions.push(sql`c.updated_at >= ${filter.updatedSince}`)
      if (filter.after !== undefined) {
        conditions.push(sql`(c.created_at, c.id) < (${filter.after.created_at}::timestamptz, ${filter.after.id})`)
      }
      const rows = yield* sql<{ doc: unknown }>`
        SELECT c.doc FROM contracts c WHERE ${sql.and(conditions)}
        ORDER BY c.created_at DESC, c.id DESC LIMIT ${filter.limit + 1}`
      return rows.map((row) => parse<Contract>(row.doc))
    }, Effect.orDie)

    const eventsBetween = (contractId: string, after: number, upTo: number, limit: number) =>
      sql<{ id: string; sequence: number; type: string; created_at: Date; data: unknown }>`
        SELECT id, sequence, type, created_at, data FROM contract_events
        WHERE contract_id = ${contractId} AND sequence > ${after} AND sequence <= ${upTo}
        ORDER BY sequence, position LIMIT ${limit}`.pipe(
        Effect.map((rows) =>
          rows.map((row): StoredEvent => ({
            id: row.id,
            sequence: Number(row.sequence),
            type: row.type,
            created: iso(row.created_at),
            data: parse(row.data)
          }))
        )
      )

    /** Oldest first; a page never splits the events of one sequence, so a cursor never skips one. */
    const events = Effect.fn("ContractsRepo.events")(function*(contractId: string, after: number, limit: number) {
      const head = yield* eventsBetween(contractId, after, 2_147_483_647, limit + 1)
      if (head.length <= limit) return { data: head, has_more: false }
      const last = head[limit - 1]!.sequence
      const data = yield* eventsBetween(contractId, after, last, 1_000_000)
      const beyond = yield* eventsBetween(contractId, last, 2_147_483_647, 1)
      return { data, has_more: beyond.length > 0 }
    }, Effect.orDie)

    const partiesOf = Effect.fn("ContractsRepo.partiesOf")(
      function*(person: string, mode: Mode, after: string | undefined, limit: number) {
        const rows = yield* sql<{ contract_id: string; party_id: string; capacity: unknown }>`
          SELECT contract_id, party_id, capacity FROM contract_parties
          WHERE person_id = ${person} AND mode = ${mode} AND removed_at IS NULL
            ${after === undefined ? sql`` : sql`AND party_id > ${after}`}
          ORDER BY party_id LIMIT ${limit + 1}`
        return rows.map((row) => ({ contract: row.contract_id, party: row.party_id, capacity: parse<Array<"negotiator" | "signer">>(row.capacity) }))
      },
      Effect.orDie
    )

    return {
      load,
      read,
      /** Called by the contract's entity only, with a copy that is committed. */
      keepLive: (contract: Contract) => void live.set(contract.id, contract),
      /** Called by the contract's entity when it passivates. */
      dropLive: (id: string) => void live.delete(id),
      save,
      list,
      events,
      partiesOf,
      contractOfAsk,
      contractOfSignature
    } as const
  })
}) {}
