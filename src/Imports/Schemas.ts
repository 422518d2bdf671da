import { Multipart } from "@effect/platform"
import { Schema } from "effect"
import { Body } from "../Http/Schemas.js"
import { blockKinds } from "../Domain/Words/Blocks.js"

const Id = Schema.String
const Count = Schema.Number

export const BlockConfirmRequest = Body({
  text: Schema.optional(Schema.String)
}).annotations({ identifier: "BlockConfirmRequest" })

export const SourceSpan = Schema.Struct({ asset: Id, page: Count, offset_start: Count, offset_end: Count })

export const UnverifiedBlock = Schema.Struct({
  block: Id,
  kind: Schema.Literal(...blockKinds),
  confidence: Schema.Number,
  extracted_text: Schema.String,
  source: SourceSpan,
  /** The readings a confirm before Send may choose among (`text`), the block's own first. */
  candidates: Schema.Array(Schema.String)
}).annotations({ identifier: "UnverifiedBlock" })

export const importStates = ["queued", "parsing", "parsed", "failed"] as const
export const failureReasons = ["unsupported_format", "file_too_large", "extraction_empty", "not_a_contract", "parser_error", "virus_detected"] as const
export type FailureReason = (typeof failureReasons)[number]

export const Import = Schema.Struct({
  id: Id,
  object: Schema.Literal("import"),
  batch: Id,
  state: Schema.Literal(...importStates),
  asset: Id,
  filename: Schema.String,
  contract: Schema.NullOr(Id),
  blocks: Count,
  unverified_count: Count,
  unverified: Schema.Array(Id),
  fields: Count,
  signature_blocks: Count,
  outside_playbook: Schema.Array(Schema.Struct({ block: Id, rule: Schema.NullOr(Id), term: Schema.String })),
  facts_inferred: Count,
  parser: Schema.NullOr(Schema.Struct({ model: Schema.String, prompt_hash: Schema.String })),
  failure: Schema.NullOr(Schema.Struct({ reason: Schema.Literal(...failureReasons), message: Schema.String })),
  created_at: Schema.String,
  updated_at: Schema.String
}).annotations({ identifier: "Import" })

export const ImportBatch = Schema.Struct({
  batch: Id,
  imports: Schema.Array(Schema.Struct({ id: Id, asset: Id, filename: Schema.String, state: Schema.Literal(...importStates) }))
}).annotations({ identifier: "ImportBatch" })

export const ImportPage = Schema.Struct({
  object: Schema.Literal("list"),
  data: Schema.Array(Import),
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Id)
})
  .annotations({ identifier: "ImportPage" })

export const ImportUpload = Schema.Struct({
  "files[]": Multipart.FilesSchema.annotations({
    description: "The documents (docx, pdf, txt, md); repeat the part for each file, at most 100, 25 MB each."
  }),
  already_signed: Schema.optional(Schema.Literal("true", "false")).annotations({
    description: "`true`: each document was signed elsewhere; its contract is `filed`."
  })
})

export const BatchQuery = Schema.Struct({
  batch: Schema.String,
  limit: Schema.optional(Schema.String),
  starting_after: Schema.optional(Schema.String)
})

export const OrgEvent = Schema.Struct({
  id: Id,
  type: Schema.String,
  created: Schema.String,
  data: Schema.Record({ key: Schema.String, value: Schema.Unknown })
})
  .annotations({ identifier: "OrgEvent" })

export const OrgEventPage = Schema.Struct({ data: Schema.Array(OrgEvent), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Id) })
  .annotations({ identifier: "OrgEventPage" })

export const OrgEventsQuery = Schema.Struct({ limit: Schema.optional(Schema.String), starting_after: Schema.optional(Schema.String) })
