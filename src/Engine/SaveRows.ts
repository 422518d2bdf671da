import type { Contract } from "../Domain/Contract/Contract.js"
import type { Decided } from "../Domain/Contract/Decided.js"
import type { DomainEvent } from "../Domain/Contract/Events.js"
import { makeId } from "../RandomIds.js"
import { factColumns, factIndexRows, factsChanged } from "../Domain/Ask/FactIndex.js"
import { amendmentExecuted, changedDeadlineRow, deadlineColumns } from "../Domain/Deadlines/DeadlineRow.js"
import { attentionColumns, attentionOnConflict, changedAttentionItems } from "./AttentionRows.js"

/**
 * The rows one save adds beside the contract's own row (new letters among them: letters are
 * append-only, so each is written once), table by table, in an order that satisfies
 * the foreign keys. Each table's columns carry their SQL types, so the rows can travel as one JSON
 * parameter through `jsonb_to_recordset`.
 */
export interface TableRows {
  readonly table: string
  readonly columns: ReadonlyArray<readonly [name: string, type: string]>
  readonly rows: ReadonlyArray<Record<string, unknown>>
  readonly onConflict: string
}

type Row = Record<string, unknown>

const table = (name: string, columns: string, rows: ReadonlyArray<Row>, onConflict = ""): TableRows => ({
  table: name,
  columns: columns.split(",").map((column): readonly [string, string] => {
    const [name = "", type = ""] = column.trim().split(" ")
    return [name, type]
  }),
  rows,
  onConflict
})

const isNew = <A extends { readonly id: string }>(before: ReadonlyArray<A> | undefined) => {
  const ids = new Set((before ?? []).map((item) => item.id))
  return (item: A) => !ids.has(item.id)
}

const searchedLength = 50_000

/** The blocks a save must (re)index: new ones, and those whose words changed. */
const changedBlocks = (previous: Contract | null, next: Contract) => {
  const before = new Map((previous?.blocks ?? []).map((block) => [block.id, block.text]))
  return next.blocks.filter((block) => before.get(block.id) !== block.text)
}

export const rowsOfSave = (
  previous: Contract | null,
  next: Contract,
  events: ReadonlyArray<DomainEvent>,
  effects: Partial<Pick<Decided<unknown>, "mail" | "relationship">>,
  /** The write's W3C traceparent when it is traced: the webhook deliveries its events cause join its trace. */
  traceParent: string | null = null
): ReadonlyArray<TableRows> => {
  const before = new Map((previous?.parties ?? []).map((party) => [party.id, party]))
  // Only parties that are new or whose capacity or removal changed: the rest are already right.
  const parties = next.parties.filter((party) => {
    const old = before.get(party.id)
    return old === undefined || old.removed_at !== party.removed_at || JSON.stringify(old.capacity) !== JSON.stringify(party.capacity)
  })
  const relationship = effects.relationship
  const stored = previous?.letters ?? []
  // Stored letters are never rewritten, so a write that changed one must not be half-stored.
  if (stored.some((letter, index) => next.letters[index] !== letter)) {
    throw new Error(`contract ${next.id}: a write changed a letter that is already stored`)
  }
  return [
    table(
      "relationships",
      "id text, mode text, org_id text, counterparty_key text, counterparty_org text, created_at timestamptz",
      relationship === undefined ? [] : [{
        id: relationship.id,
        mode: next.mode,
        org_id: next.org,
        counterparty_key: relationship.key,
        counterparty_org: relationship.org,
        created_at: next.updated_at
      }],
      "ON CONFLICT (id) DO NOTHING"
    ),
    // A guest is a person of no org, made when their party is.
    table(
      "people",
      "id text, org_id text, mode text, name text, email text, created_at timestamptz",
      parties.filter((party) => party.org === null && !before.has(party.id))
        .map((party) => ({ id: party.person, org_id: null, mode: next.mode, name: party.name, email: party.email, created_at: next.updated_at })),
      "ON CONFLICT (id) DO NOTHING"
    ),
    // A party's name, email and place in the list never change (parties are only appended): the
    // relationship's people are read from them.
    table(
      "contract_parties",
      "party_id text, contract_id text, person_id text, org_id text, mode text, side text, capacity jsonb, removed_at timestamptz, guest_token_hash text, position integer, name text, email text, contract_org text, contract_created_at timestamptz",
      parties.map((party) => ({
        party_id: party.id,
        contract_id: next.id,
        person_id: party.person,
        org_id: party.org,
        mode: next.mode,
        side: party.side,
        capacity: party.capacity,
        removed_at: party.removed_at,
        guest_token_hash: party.guest_token_hash,
        position: next.parties.indexOf(party),
        name: party.name,
        email: party.email,
        contract_org: next.org,
        contract_created_at: next.created_at
      })),
      "ON CONFLICT (party_id) DO UPDATE SET capacity = excluded.capacity, removed_at = excluded.removed_at"
    ),
    // The search index reads only this much of a block: enough for any clause, never enough to fail a save.
    table(
      "block_search",
      "contract_id text, block_id text, mode text, text text",
      changedBlocks(previous, next).map((block) => ({
        contract_id: next.id,
        block_id: block.id,
        mode: next.mode,
        text: block.text.slice(0, searchedLength).toWellFormed()
      })),
      "ON CONFLICT (contract_id, block_id) DO UPDATE SET text = excluded.text"
    ),
    // The fact index of `POST /ask`: every fact again when one changed, since an expiration's reading follows the start
    // dates. A fact is never removed from a contract (values change, ids stay), so rows are only added or updated.
    table(
      "contract_facts",
      factColumns.map(([name, type]) => `${name} ${type}`).join(", "),
      factsChanged(previous, next) ? factIndexRows(next).map((row) => ({ contract_id: next.id, mode: next.mode, ...row })) : [],
      `ON CONFLICT (contract_id, fact_id) DO UPDATE SET ${factColumns.slice(3).map(([name]) => `${name} = excluded.${name}`).join(", ")}`
    ),
    // The key dates `GET /contracts` filters on and the scheduler wakes for (src/Deadlines/Scheduler.ts).
    table(
      "contract_deadlines",
      deadlineColumns.map(([name, type]) => `${name} ${type}`).join(", "),
      [changedDeadlineRow(previous, next)].filter((row) => row !== null),
      "ON CONFLICT (contract_id) DO UPDATE SET expiration_date = excluded.expiration_date, notice_deadline = excluded.notice_deadline, next_due = excluded.next_due, window_days = excluded.window_days"
    ),
    // An amendment executed takes its parent's place: the scheduler tells the parent (the first one executed counts).
    table(
      "contract_amendments",
      "parent_id text, amendment_id text, executed_at timestamptz",
      amendmentExecuted(previous, next)
        ? [{ parent_id: next.amends, amendment_id: next.id, executed_at: next.executed_at }]
        : [],
      "ON CONFLICT (parent_id) DO NOTHING"
    ),
    table(
      "ask_index",
      "ask_id text, contract_id text",
      next.asks.filter(isNew(previous?.asks)).map((ask) => ({ ask_id: ask.id, contract_id: next.id })),
      "ON CONFLICT (ask_id) DO NOTHING"
    ),
    table(
      "signature_index",
      "signature_id text, contract_id text",
      next.signatures.filter(isNew(previous?.signatures)).map((signature) => ({ signature_id: signature.id, contract_id: next.id })),
      "ON CONFLICT (signature_id) DO NOTHING"
    ),
    table(
      "contract_letters",
      "contract_id text, ordinal integer, letter jsonb",
      next.letters.slice(stored.length).map((letter, index) => ({
        contract_id: next.id,
        ordinal: stored.length + index + 1,
        letter
      }))
    ),
    table(
      "contract_events",
      "id text, contract_id text, sequence integer, position smallint, type text, data jsonb, created_at timestamptz, trace_parent text",
      events.map((event, position) => ({
        id: makeId("evt"),
        contract_id: next.id,
        sequence: next.head_sequence,
        position,
        type: event.type,
        data: event.data,
        created_at: next.updated_at,
        trace_parent: traceParent
      }))
    ),
    table("attention_items", attentionColumns, changedAttentionItems(previous, next), attentionOnConflict),
    table(
      "outbox",
      "id text, mode text, contract_id text, org_id text, to_email text, to_org text, subject text, text text, link text, created_at timestamptz",
      (effects.mail ?? []).map((message) => ({
        id: makeId("msg"),
        mode: next.mode,
        contract_id: next.id,
        org_id: next.org,
        to_email: message.to,
        to_org: next.parties.find((p) => p.email === message.to)?.org ?? null,
        subject: message.subject,
        text: message.text,
        link: message.link,
        created_at: next.updated_at
      }))
    )
  ].filter((added) => added.rows.length > 0)
}
