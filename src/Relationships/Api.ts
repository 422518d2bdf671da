import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { contractStates, origins } from "../Domain/Contract/Contract.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { AssetList } from "../Assets/Schemas.js"

export const Relationship = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("relationship"),
  contracts: Schema.Array(Schema.Struct({ id: Schema.String, state: Schema.Literal(...contractStates), origin: Schema.Literal(...origins) })),
  people: Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String })),
  assets: Schema.Array(Schema.Struct({ id: Schema.String, filename: Schema.String })),
  created: Schema.String
}).annotations({ identifier: "Relationship" })

export class RelationshipsApi extends HttpApiGroup.make("relationships")
  .add(
    HttpApiEndpoint.get("get", "/relationships/:id")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(Relationship)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "Read a relationship")
      .annotate(OpenApi.Description, "The contracts, people and assets shared with one counterparty, derived at the first Send. Read-only.")
  )
  .add(
    HttpApiEndpoint.get("assets", "/relationships/:id/assets")
      .setPath(Schema.Struct({ id: Schema.String }))
      .addSuccess(AssetList)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "List a relationship's assets")
      .annotate(OpenApi.Description, "The assets of the relationship's contracts you can see, plus the relationship's own, oldest first.")
  )
  .middleware(Authenticated)
{}
