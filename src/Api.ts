import { HttpApi, OpenApi } from "@effect/platform"
import { AdminApi } from "./Admin/Api.js"
import { AttentionApi } from "./Attention/Api.js"
import { CertificatesApi } from "./Certificates/Api.js"
import { ContractsApi } from "./Contracts/Api.js"
import { documentedError } from "./Http/Schemas.js"
import { MarksApi } from "./Marks/Api.js"
import { MeApi } from "./Me/Api.js"
import { NegotiationApi } from "./Negotiation/Api.js"
import { PartiesApi } from "./Parties/Api.js"
import { RelationshipsApi } from "./Relationships/Api.js"
import { SignaturesApi } from "./Signatures/Api.js"
import { TemplatesApi } from "./Templates/Api.js"

export class Api extends HttpApi.make("contracts-api")
  .add(ContractsApi)
  .add(TemplatesApi)
  .add(MeApi)
  .add(NegotiationApi)
  .add(PartiesApi)
  .add(RelationshipsApi)
  .add(SignaturesApi)
  .add(MarksApi)
  .add(CertificatesApi)
  .add(AttentionApi)
  .add(AdminApi)
  .addError(documentedError(400, "Invalid request"))
  .addError(documentedError(401, "Unauthorized"))
  .addError(documentedError(403, "Forbidden"))
  .addError(documentedError(404, "Not found"))
  .addError(documentedError(409, "Conflict"))
  .addError(documentedError(428, "If-Match required"))
  .addError(documentedError(429, "Rate limited"))
  .addError(documentedError(500, "Internal error"))
  .annotate(OpenApi.Title, "Contract Negotiation Service")
  .annotate(OpenApi.Version, "2026-08-24")
{}
