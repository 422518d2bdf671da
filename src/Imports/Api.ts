import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { IfMatchHeader } from "../Contracts/Schemas.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { maxImportFileBytes, maxImportFiles } from "./Limits.js"
import { BatchQuery, BlockConfirmRequest, Import, ImportBatch, ImportPage, ImportUpload, OrgEventPage, OrgEventsQuery, UnverifiedBlock } from "./Schemas.js"
import { BlockConfirmation } from "../Engine/Results.js"

export const importUpload = {
  fileField: "files[]",
  fileAliases: ["files"],
  maxFiles: maxImportFiles,
  maxFileBytes: maxImportFileBytes,
  tooMany: "too_many_files",
  fields: ["already_signed"]
} as const

export class ImportsApi extends HttpApiGroup.make("imports")
  .add(
    HttpApiEndpoint.post("create", "/imports")
      .setPayload(HttpApiSchema.Multipart(ImportUpload))
      .addSuccess(ImportBatch, { status: 202 })
      .annotate(Policy, Policy.write("imports:write", { idempotent: true, upload: importUpload }))
      .annotate(OpenApi.Summary, "Import documents")
      .annotate(
        OpenApi.Description,
        "Uploads documents (`files[]`, repeated: docx, pdf, txt or md, judged by their bytes; 25 MB each, 100 at most) to become contracts. Each file is kept as a provenance asset and parsed in the background: read the import until it is `parsed` (with its contract) or `failed` (with a reason; an `import.failed` goes to `GET /events`). With `already_signed=true` each contract is `filed`. Refused before anything is stored: `415 unsupported_format`, `413 file_too_large`, `400 too_many_files`."
      )
      .annotate(Refusals, ["unsupported_format"])
  )
  .add(
    HttpApiEndpoint.get("list", "/imports")
      .setUrlParams(BatchQuery)
      .addSuccess(ImportPage)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "List a batch's imports")
      .annotate(OpenApi.Description, "The imports of one batch (`batch`), in upload order, paged by `limit` and `starting_after` (an import id).")
  )
  .add(
    HttpApiEndpoint.get("get", "/imports/:id")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Import)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "Read an import")
      .annotate(
        OpenApi.Description,
        "An import's state (`parsing`, `queued`, `parsed`, `failed`), its contract once parsed, what the parse found and which blocks still await a person. Seen by the importing org alone, and once it made a contract only by those of it who see that contract."
      )
  )
  .add(
    HttpApiEndpoint.get("unverified", "/contracts/:id/unverified")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Schema.Array(UnverifiedBlock))
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "List a contract's unverified blocks")
      .annotate(
        OpenApi.Description,
        "The imported blocks nobody has confirmed, ordered by consequence (signature blocks, money, term, liability, then the rest), never by confidence; each with the text as extracted and where it came from."
      )
  )
  .add(
    HttpApiEndpoint.post("confirmBlock", "/contracts/:id/blocks/:block_id/confirm")
      .setPath(Schema.Struct({ id: Schema.String, block_id: Schema.String }))
      .setHeaders(IfMatchHeader)
      .setPayload(BlockConfirmRequest)
      .addSuccess(BlockConfirmation)
      // contracts:write before the first Send, contracts:read after: the core checks which.
      .annotate(Policy, Policy.write("contracts:read", { ifMatch: "required", guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Confirm a block")
      .annotate(
        OpenApi.Description,
        "Records that a person checked an imported block. Before the first Send (scope `contracts:write`) `text` may pick another reading the parse proposed for the span (`400 not_a_parse_candidate` otherwise); after it, or on a filed contract, only the verification is recorded and `text` is refused. Nothing is ever confirmed by confidence."
      )
      .annotate(Refusals, ["not_a_parse_candidate", "words_changed", "not_on_required_party_list"])
  )
  .add(
    HttpApiEndpoint.get("orgEvents", "/events")
      .setUrlParams(OrgEventsQuery)
      .addSuccess(OrgEventPage)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "Read the org stream")
      .annotate(
        OpenApi.Description,
        "Events that belong to no contract (`import.failed`), oldest first, paged by `starting_after` (an event id). They carry no `sequence`; a contract's own events are at `GET /contracts/{id}/events`."
      )
  )
  .middleware(Authenticated)
{}
