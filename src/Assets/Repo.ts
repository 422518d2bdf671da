import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { decodeRows } from "../Sql/Rows.js"
import { AssetRow, type NewAsset } from "./Rows.js"

const columns =
  "id, org_id, mode, contract_id, relationship_id, role, filename, content_type, format, pages, bytes::float8 AS bytes, checksum, created_by, created_at"

/** Asset rows: what names the bytes in the AssetStore, and what a contract or relationship holds. */
export class AssetsRepo extends Effect.Service<AssetsRepo>()("Assets/AssetsRepo", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const fields = sql.literal(columns)
    const decoded = decodeRows(AssetRow)

    const insert = (asset: NewAsset | AssetRow) => Effect.orDie(sql`INSERT INTO assets ${sql.insert({ pages: null, ...asset, text_layer: null })}`)

    const ofContract = (contractId: string) =>
      Effect.flatMap(Effect.orDie(sql`SELECT ${fields} FROM assets WHERE contract_id = ${contractId} ORDER BY created_at, id`), decoded)

    /** The contracts' assets plus the relationship's own, oldest first. */
    const ofRelationship = (relationshipId: string, contractIds: ReadonlyArray<string>) =>
      Effect.flatMap(
        Effect.orDie(sql`
          SELECT ${fields} FROM assets
          WHERE relationship_id = ${relationshipId} OR contract_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(contractIds)}::jsonb))
          ORDER BY created_at, id`),
        decoded
      )

    /** The text layer the parse read, kept with the asset, and its page count. */
    const keepTextLayer = (id: string, text: string, pages: number) =>
      Effect.orDie(sql`UPDATE assets SET text_layer = ${text}, pages = ${pages} WHERE id = ${id}`)

    const textLayer = (id: string) =>
      Effect.map(Effect.orDie(sql<{ text_layer: string | null }>`SELECT text_layer FROM assets WHERE id = ${id}`), (rows) => rows[0]?.text_layer ?? null)

    /** A provenance asset joins the contract its import made. */
    const bind = (id: string, contractId: string) => Effect.orDie(sql`UPDATE assets SET contract_id = ${contractId} WHERE id = ${id}`)

    const isNamed = (sha256: string) =>
      Effect.map(Effect.orDie(sql<{ n: number }>`SELECT 1 AS n FROM assets WHERE checksum = ${`sha256:${sha256}`} LIMIT 1`), (rows) => rows.length > 0)

    return { insert, ofContract, ofRelationship, keepTextLayer, textLayer, bind, isNamed } as const
  })
}) {}
