import type { Mode } from "../Domain/Contract/Mode.js"

/** An asset as stored: the row that names bytes in the AssetStore by their checksum. */
export interface AssetRow {
  readonly id: string
  readonly org_id: string
  readonly mode: Mode
  readonly contract_id: string | null
  readonly relationship_id: string | null
  readonly role: string
  readonly filename: string
  readonly content_type: string
  readonly format: string
  readonly pages: number | null
  readonly bytes: number
  readonly checksum: string
  readonly created_by: string
  readonly created_at: string
}

export type NewAsset = Omit<AssetRow, "pages">
