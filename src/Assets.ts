import { Clock, Effect } from "effect"
import { AssetStore } from "./Assets/AssetStore.js"
import { AssetsRepo } from "./Assets/Repo.js"
import type { AssetRow } from "./Assets/Rows.js"
import { assetRoles } from "./Assets/Schemas.js"
import { Actor, domainActor, orgOf } from "./Auth/Actor.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { excerpt, reject } from "./Domain/Contract/Rejection.js"
import type { Upload } from "./Http/Upload.js"
import { assetFormats, contentTypeOf, sniffFormat } from "./Imports/Formats.js"
import { makeId } from "./RandomIds.js"

export const renderAsset = (row: AssetRow, relationship: string | null) => ({
  id: row.id,
  object: "asset" as const,
  state: "stored" as const,
  role: row.role,
  contract: row.contract_id,
  // A contract's asset belongs to the contract's relationship too (implied by the contract).
  relationship: row.relationship_id ?? relationship,
  filename: row.filename,
  content_type: row.content_type,
  pages: row.pages,
  bytes: Number(row.bytes),
  checksum: row.checksum,
  created_at: row.created_at
})

/**
 * Assets: immutable, checksummed files bound to a contract or a relationship. POST /assets stores
 * only, never parses; an import's provenance asset comes through here too, with its text layer.
 */
export class Assets extends Effect.Service<Assets>()("Assets", {
  dependencies: [ContractStore.Default, AssetStore.Default, AssetsRepo.Default],
  effect: Effect.gen(function*() {
    const repo = yield* AssetsRepo
    const files = yield* AssetStore
    const store = yield* ContractStore

    const create = Effect.fnUntraced(function*(upload: Upload, relationshipVisible: (id: string) => Effect.Effect<unknown, unknown, Actor>) {
      const caller = yield* Actor
      const contractId = upload.fields.get("contract_id")
      const relationshipId = upload.fields.get("relationship_id")
      if ((contractId === undefined) === (relationshipId === undefined)) {
        return yield* reject("invalid_request", "Bind the asset to exactly one of contract_id and relationship_id.", {
          param: contractId === undefined ? "contract_id" : "relationship_id"
        })
      }
      const declaredRole = upload.fields.get("role")
      const role = assetRoles.find((known) => known === (declaredRole ?? "attachment"))
      if (role === undefined) {
        return yield* reject("invalid_request", `role must be one of ${assetRoles.join(", ")}.`, { param: "role" })
      }
      const file = upload.files[0]
      if (file === undefined) return yield* reject("invalid_request", "Send the asset's bytes as the part 'file'.", { param: "file" })
      let relationship: string | null = relationshipId ?? null
      if (contractId !== undefined) relationship = (yield* store.visible(contractId)).contract.relationship
      else {yield* Effect.mapError(relationshipVisible(relationshipId!), () =>
          reject("not_found", `No such relationship: '${excerpt(relationshipId!)}'`, { param: "relationship_id" }))}
      const format = yield* Effect.promise(() => sniffFormat(file.path, file.filename))
      if (format === null) {
        return yield* reject("unsupported_format", `'${excerpt(file.filename)}' is not a format assets take (${assetFormats.join(", ")}).`, { param: "file" })
      }
      // "A mail thread (eml) is stored as an asset with role provenance": it is the record of what was said.
      if (format === "eml" && declaredRole !== undefined && declaredRole !== "provenance") {
        return yield* reject("invalid_request", "A mail thread (eml) is stored with role provenance.", { param: "role" })
      }
      yield* files.keep(file.path, file.sha256)
      const row: AssetRow = {
        id: makeId("ast"),
        org_id: orgOf(caller).id,
        mode: caller.mode,
        contract_id: contractId ?? null,
        relationship_id: relationshipId ?? null,
        role: format === "eml" ? "provenance" : role,
        filename: file.filename,
        content_type: contentTypeOf(format),
        format,
        pages: null,
        bytes: file.bytes,
        checksum: `sha256:${file.sha256}`,
        created_by: domainActor(caller).person!.id,
        created_at: new Date(yield* Clock.currentTimeMillis).toISOString()
      }
      yield* repo.insert(row)
      return renderAsset(row, relationship)
    })

    const ofContract = Effect.fnUntraced(function*(id: string) {
      const { contract } = yield* store.visible(id)
      const rows = yield* repo.ofContract(contract.id)
      return { data: rows.map((row) => renderAsset(row, contract.relationship)) }
    })

    /** A relationship's own assets and its contracts' (the caller has already been shown the contracts). */
    const ofRelationship = (id: string, contractIds: ReadonlyArray<string>) =>
      Effect.map(repo.ofRelationship(id, contractIds), (rows) => rows.map((row) => renderAsset(row, id)))

    /** One asset's checksum, read for a contract already shown (a filed contract's source); null if it has no row. */
    const checksumOf = (contractId: string, assetId: string) =>
      Effect.map(repo.ofContract(contractId), (rows) => rows.find((row) => row.id === assetId)?.checksum ?? null)

    return {
      create,
      ofContract,
      checksumOf,
      ofRelationship,
      keepTextLayer: repo.keepTextLayer,
      textLayer: repo.textLayer,
      bind: repo.bind,
      isNamed: repo.isNamed
    } as const
  })
}) {}
