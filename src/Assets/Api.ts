import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { maxAssetFileBytes } from "../Imports/Limits.js"
import { Asset, AssetList, AssetUpload } from "./Schemas.js"

export const assetUpload = {
  fileField: "file",
  fileAliases: [],
  maxFiles: 1,
  maxFileBytes: maxAssetFileBytes,
  tooMany: "invalid_request",
  fields: ["contract_id", "relationship_id", "role"]
} as const

export class AssetsApi extends HttpApiGroup.make("assets")
  .add(
    HttpApiEndpoint.post("create", "/assets")
      .setPayload(HttpApiSchema.Multipart(AssetUpload))
      .addSuccess(Asset, { status: 201 })
      .annotate(Policy, Policy.write("assets:write", { idempotent: true, upload: assetUpload }))
      .annotate(OpenApi.Summary, "Store an asset")
      .annotate(
        OpenApi.Description,
        "Stores one file (`file`: docx, pdf, txt, md, eml, png, jpg, csv or xlsx, judged by its bytes; 25 MB) bound to exactly one of `contract_id` and `relationship_id`, with a `role`. It stores only and never parses: documents become contracts through `POST /imports`."
      )
      .annotate(Refusals, ["unsupported_format"])
  )
  .add(
    HttpApiEndpoint.get("ofContract", "/contracts/:id/assets")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(AssetList)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "List a contract's assets")
      .annotate(OpenApi.Description, "The files bound to the contract, oldest first: its provenance document if imported, and any stored since.")
  )
  .middleware(Authenticated)
{}
