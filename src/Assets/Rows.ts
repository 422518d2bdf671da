import { Schema } from "effect"
import { modes } from "../Domain/Contract/Mode.js"
import { SqlNumber, Timestamp } from "../Sql/Rows.js"
import { assetRoles } from "./Schemas.js"

/** An asset as stored: the row that names bytes in the AssetStore by their checksum, decoded as SQL answers it. */
export const AssetRow = Schema.Struct({
  id: Schema.String,
  org_id: Schema.String,
  mode: Schema.Literal(...modes),
  contract_id: Schema.NullOr(Schema.String),
  relationship_id: Schema.NullOr(Schema.String),
  role: Schema.Literal(...assetRoles),
  filename: Schema.String,
  content_type: Schema.String,
  format: Schema.String,
  pages: Schema.NullOr(SqlNumber),
  bytes: SqlNumber,
  checksum: Schema.String,
  created_by: Schema.String,
  created_at: Timestamp
})
export type AssetRow = typeof AssetRow.Type

export type NewAsset = Omit<AssetRow, "pages">
