/*
 * What the imports repository reads back of its own writes, as schemas, so a stored value that
 * does not match is a defect at the repository's edge rather than a wrong value in a response.
 */
import { Schema } from "effect"
import { JsonColumn, SqlNumber, Timestamp } from "../Sql/Rows.js"

const Parser = Schema.Struct({ model: Schema.String, prompt_hash: Schema.String })

/**
 * What an import stores of its parse: the whole `ImportSummary` and the parser once parsed, only
 * the parser and a message once failed (`failed` in ./Repo.ts), so every summary field may be missing.
 */
export const StoredSummary = Schema.Struct({
  contract: Schema.optional(Schema.String),
  state: Schema.optional(Schema.String),
  blocks: Schema.optional(Schema.Number),
  unverified: Schema.optional(Schema.Array(Schema.String)),
  signature_blocks: Schema.optional(Schema.Number),
  facts_inferred: Schema.optional(Schema.Number),
  fields: Schema.optional(Schema.Number),
  parser: Parser,
  message: Schema.optional(Schema.String)
})
export type StoredSummary = typeof StoredSummary.Type

/** An org event as `orgEvents` selects it. */
export const OrgEventRow = Schema.Struct({
  id: Schema.String,
  position: SqlNumber,
  type: Schema.String,
  data: JsonColumn(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
  created_at: Timestamp
})
