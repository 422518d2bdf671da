import { Multipart } from "@effect/platform"
import { Schema } from "effect"

export const assetRoles = ["provenance", "exhibit", "rate_card", "attachment"] as const

export const Asset = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("asset"),
  state: Schema.Literal("stored"),
  role: Schema.Literal(...assetRoles),
  contract: Schema.NullOr(Schema.String),
  relationship: Schema.NullOr(Schema.String),
  filename: Schema.String,
  content_type: Schema.String,
  pages: Schema.NullOr(Schema.Number),
  bytes: Schema.Number,
  checksum: Schema.String,
  created_at: Schema.String
}).annotations({ identifier: "Asset" })

export const AssetList = Schema.Struct({ data: Schema.Array(Asset) }).annotations({ identifier: "AssetList" })

export const AssetUpload = Schema.Struct({
  file: Multipart.FilesSchema.annotations({ description: "One file: docx, pdf, txt, md, eml, png, jpg, csv or xlsx; 25 MB at most." }),
  contract_id: Schema.optional(Schema.String),
  relationship_id: Schema.optional(Schema.String),
  role: Schema.optional(Schema.Literal(...assetRoles)).annotations({ description: "Default `attachment`." })
})
