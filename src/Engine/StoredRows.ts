/*
 * What the contracts repository reads back of its own writes, as schemas, so a row that does not
 * match is a defect at the repository's edge rather than a wrong value in a write or a response.
 */
import { Schema } from "effect"
import { capacities } from "../Domain/Contract/Contract.js"
import { JsonColumn, SqlNumber, Timestamp } from "../Sql/Rows.js"
import type { StoredPart } from "./StoredParts.js"

const JsonObject = Schema.Record({ key: Schema.String, value: Schema.Unknown })

/** Each stored part's column as its JSON text, null when the document has no such field (./StoredParts.ts). */
const PartColumn = Schema.NullOr(Schema.String)
const partColumns = {
  blocks: PartColumn,
  facts: PartColumn,
  baseline: PartColumn,
  asks: PartColumn,
  signatures: PartColumn
} as const satisfies Record<StoredPart, typeof PartColumn>

/**
 * A contract as stored: the rest of its document, its parts, and its letters in order. Checked only
 * as an object, texts and an array: the aggregate has no schema (src/Domain/Contract/Contract.ts
 * declares it as types), so ./Repo.ts's `assemble` holds the one cast of the stored document.
 */
export const StoredContract = Schema.Struct({
  doc: JsonColumn(JsonObject),
  letters: JsonColumn(Schema.Array(JsonObject)),
  ...partColumns
})
export type StoredContract = typeof StoredContract.Type

/** `loadIfChanged`'s row: the document and letters are null when the caller's revision is the stored one. */
export const StoredRevision = Schema.Struct({
  revision: SqlNumber,
  size: SqlNumber,
  doc: Schema.NullOr(JsonColumn(JsonObject)),
  letters: Schema.NullOr(JsonColumn(Schema.Array(JsonObject))),
  ...partColumns
})

/** One of a contract's last writes: the id its message carried, and what it answered. */
export const RecentWrite = Schema.Struct({ id: Schema.String, result: Schema.Unknown })
export type RecentWrite = typeof RecentWrite.Type

export const StoredForWriter = Schema.Struct({ ...StoredContract.fields, recent_writes: JsonColumn(Schema.Array(RecentWrite)) })

export const ContractIdRow = Schema.Struct({ contract_id: Schema.String })

/** What `save`'s one statement answers: 1 when the contract's row was written. */
export const SavedRow = Schema.Struct({ saved: SqlNumber })

/** An event as the log stores it; its data is read by type further in (src/Domain/Contract/Events.ts). */
export const EventRow = Schema.Struct({
  id: Schema.String,
  sequence: SqlNumber,
  type: Schema.String,
  created_at: Timestamp,
  data: JsonColumn(JsonObject)
})

/** A person's seat as `partiesOf` reads it. */
export const SeatRow = Schema.Struct({
  contract_id: Schema.String,
  party_id: Schema.String,
  capacity: JsonColumn(Schema.Array(Schema.Literal(...capacities)))
})
