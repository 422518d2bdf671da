import { HttpApi, OpenApi } from "@effect/platform"
import { AdminApi } from "./Admin/Api.js"
import { AskApi } from "./Ask/Api.js"
import { AssetsApi } from "./Assets/Api.js"
import { AttentionApi } from "./Attention/Api.js"
import { CertificatesApi } from "./Certificates/Api.js"
import { ContractsApi } from "./Contracts/Api.js"
import { describeInterface } from "./Http/OpenApiDocument.js"
import { RejectionErrors } from "./Http/Schemas.js"
import { ImportsApi } from "./Imports/Api.js"
import { IngressApi } from "./Ingress/Api.js"
import { MarksApi } from "./Marks/Api.js"
import { MeApi } from "./Me/Api.js"
import { NegotiationApi } from "./Negotiation/Api.js"
import { PartiesApi } from "./Parties/Api.js"
import { PlaybooksApi } from "./Playbooks/Api.js"
import { RelationshipsApi } from "./Relationships/Api.js"
import { SandboxApi } from "./Sandbox/Api.js"
import { SignaturesApi } from "./Signatures/Api.js"
import { TemplatesApi } from "./Templates/Api.js"
import { WebhooksApi } from "./Webhooks/Api.js"

const endpoints = HttpApi.make("contracts-api")
  .add(ContractsApi)
  .add(TemplatesApi)
  .add(MeApi)
  .add(NegotiationApi)
  .add(PlaybooksApi)
  .add(PartiesApi)
  .add(RelationshipsApi)
  .add(SignaturesApi)
  .add(MarksApi)
  .add(CertificatesApi)
  .add(AttentionApi)
  .add(ImportsApi)
  .add(AssetsApi)
  .add(IngressApi)
  .add(WebhooksApi)
  .add(AskApi)
  .add(SandboxApi)
  .add(AdminApi)
  .addError(RejectionErrors[0]!)

// A refusal is declared at every status it can have, so a typed client decodes each one.
const declared = RejectionErrors.slice(1).reduce((api, refusal) => api.addError(refusal), endpoints)
  .annotate(OpenApi.Title, "Contract Negotiation Service")
  .annotate(OpenApi.Version, "2026-08-24")

// Credentials, headers and errors per operation come from each endpoint's policy.
export class Api extends declared.annotate(OpenApi.Transform, describeInterface(declared)) {}
