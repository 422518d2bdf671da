import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"

export const CertificateLink = Schema.Struct({
  object: Schema.Literal("certificate"),
  contract: Schema.String,
  url: Schema.String,
  signature_url: Schema.String,
  expires_at: Schema.String,
  algorithm: Schema.Literal("Ed25519"),
  key_id: Schema.String,
  public_key: Schema.String,
  public_key_url: Schema.String,
  document_sha256: Schema.String,
  recipe: Schema.Array(Schema.String)
}).annotations({ identifier: "CertificateLink" })

export class CertificatesApi extends HttpApiGroup.make("certificates")
  .add(
    HttpApiEndpoint.get("certificate", "/contracts/:id/certificate")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(CertificateLink)
      .annotate(Policy, Policy.read("contracts:read"))
  )
  .middleware(Authenticated)
{}
