import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"

export const CertificateLink = Schema.Struct({
  object: Schema.Literal("certificate"),
  contract: Schema.String,
  url: Schema.String,
  signature_url: Schema.String,
  pdf_url: Schema.String.annotations({
    description:
      "The executed PDF (application/pdf), signed like `url` and valid as long; it carries the certificate, its signature and the public key as attached files."
  }),
  expires_at: Schema.String,
  algorithm: Schema.Literal("Ed25519"),
  key_id: Schema.String,
  public_key: Schema.String,
  public_key_url: Schema.String,
  document_sha256: Schema.String,
  recipe: Schema.Array(Schema.String)
}).annotations({ identifier: "CertificateLink" })

export const ContractPdfLink = Schema.Struct({
  object: Schema.Literal("contract_pdf"),
  contract: Schema.String,
  kind: Schema.Literal("executed", "filed").annotations({
    description:
      "`executed`: the executed PDF, carrying the signed certificate. `filed`: a filed contract's PDF, carrying a signed filed record (words, facts, the signed-elsewhere claim, the source's hash); not a certificate of signing."
  }),
  url: Schema.String.annotations({ description: "The PDF (application/pdf), valid until `expires_at`." }),
  expires_at: Schema.String,
  algorithm: Schema.Literal("Ed25519"),
  key_id: Schema.String,
  public_key: Schema.String,
  public_key_url: Schema.String,
  document: Schema.Literal("certificate.json", "filed-record.json").annotations({ description: "The signed document the PDF carries." }),
  document_sha256: Schema.String,
  recipe: Schema.Array(Schema.String)
}).annotations({ identifier: "ContractPdfLink" })

export class CertificatesApi extends HttpApiGroup.make("certificates")
  .add(
    HttpApiEndpoint.get("certificate", "/contracts/:id/certificate")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(CertificateLink)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Get an executed contract's certificate")
      .annotate(
        OpenApi.Description,
        "Signed links (valid 15 minutes) to the certificate document and its detached Ed25519 signature, the executed PDF, the public key, and the commands that verify them offline. Only an executed contract has one."
      )
  )
  .add(
    HttpApiEndpoint.get("pdf", "/contracts/:id/pdf")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(ContractPdfLink)
      .annotate(Policy, Policy.read("contracts:read", { guest: "own_contract" }))
      .annotate(OpenApi.Summary, "Get an executed or filed contract's PDF")
      .annotate(
        OpenApi.Description,
        "A signed link (valid 15 minutes) to the contract's PDF, with the public key and the command that verifies it offline. An executed contract's PDF carries its certificate; a filed contract's carries a signed record of what was filed, and is not a certificate of signing. Other states have none."
      )
  )
  .middleware(Authenticated)
{}
