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

    const writeParties = (contract: Contract) =>
      Effect.forEach(contract.parties, (party) =>
        Effect.zipRight(
          party.org === null
            ? Effect.asVoid(sql`INSERT INTO people (id, org_id, mode, name, email, created_at)
                VALUES (${party.person}, NULL, ${contract.mode}, ${party.name}, ${party.email}, ${contract.updated_at})
                ON CONFLICT (id) DO NOTHING`)
            : Effect.void,
          sql`
          INSERT INTO contract_parties (party_id, contract_id, person_id, org_id, mode, side, capacity, removed_at, guest_token_hash)
          VALUES (${party.id}, ${contract.id}, ${party.person}, ${party.org}, ${contract.mode}, ${party.side},
                  ${json(party.capacity)}::jsonb, ${party.removed_at}, ${party.guest_token_hash})
          ON CONFLICT (party_id) DO UPDATE SET capacity = excluded.capacity, removed_at = excluded.removed_at`
        ), { discard: true })

    const writeMail = (contract: Contract, mail: ReadonlyArray<Mail>) =>
      Effect.forEach(mail, (message) =>
        sql`
          INSERT INTO outbox (id, mode, contract_id, org_id, to_email, to_org, subject, text, link, created_at)
          VALUES (${makeId("evt").replace("evt_", "msg_")}, ${contract.mode}, ${contract.id}, ${contract.org}, ${message.to},
                  ${contract.parties.find((p) => p.email === message.to)?.org ?? null}, ${message.subject}, ${message.text},
                  ${message.link}, ${contract.updated_at})`, { discard: true })

    const indexAsks = (previous: Contract | null, next: Contract) =>
      Effect.forEach(next.asks.filter((ask) => !(previous?.asks ?? []).some((a) => a.id === ask.id)), (ask) =>
        sql`INSERT INTO ask_index (ask_id, contract_id) VALUES (${ask.id}, ${next.id}) ON CONFLICT (ask_id) DO NOTHING`, { discard: true })

    const indexSignatures = (previous: Contract | null, next: Contract) =>
      Effect.forEach(next.signatures.filter((s) => !(previous?.signatures ?? []).some((p) => p.id === s.id)), (signature) =>
        sql`INSERT INTO signature_index (signature_id, contract_id) VALUES (${signature.id}, ${next.id}) ON CONFLICT (signature_id) DO NOTHING`, { discard: true })

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
      Effect.forEach(events, (event, position) =>
        sql`
          INSERT INTO contract_events (id, contract_id, sequence, position, type, data, created_at)
          VALUES (${makeId("evt")}, ${contract.id}, ${contract.head_sequence}, ${position}, ${event.type},
                  ${json(event.data)}::jsonb, ${now})`, { discard: true })

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
          yield* writeParties(next)
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

    return { load, save, list, events, partiesOf, contractOfAsk, contractOfSignature } as const
  })
}) {}
