import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { factKinds } from "../Domain/Words/Fact.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"

export const TemplateView = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("template"),
  name: Schema.String,
  description: Schema.String,
  blanks: Schema.Array(Schema.Struct({
    key: Schema.String,
    label: Schema.String,
    kind: Schema.Literal(...factKinds),
    required: Schema.Boolean
  }))
}).annotations({ identifier: "Template" })

export class TemplatesApi extends HttpApiGroup.make("templates")
  .add(
    HttpApiEndpoint.get("list", "/templates")
      .addSuccess(Schema.Struct({ data: Schema.Array(TemplateView), has_more: Schema.Boolean }))
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "List templates")
      .annotate(OpenApi.Description, "The templates a contract can be drafted from, each with its blanks (the keys `facts` takes on create).")
  )
  .add(
    HttpApiEndpoint.get("get", "/templates/:id")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(TemplateView)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "Read a template")
      .annotate(OpenApi.Description, "One template with its blanks.")
  )
  .middleware(Authenticated)
{}
