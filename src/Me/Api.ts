import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { capacities } from "../Domain/Contract/Contract.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"

export const MeView = Schema.Struct({
  person_id: Schema.NullOr(Schema.String),
  name: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  org_id: Schema.NullOr(Schema.String),
  org_name: Schema.NullOr(Schema.String),
  livemode: Schema.Boolean,
  parties: Schema.Array(Schema.Struct({
    contract: Schema.String,
    party: Schema.String,
    capacity: Schema.Array(Schema.Literal(...capacities))
  })),
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Schema.String),
  person_rung: Schema.Int,
  org_ceiling: Schema.Int,
  effective_rung: Schema.Int,
  scopes: Schema.Array(Schema.String),
  pinned_version: Schema.String,
  version: Schema.String,
  credential: Schema.Literal("org_key", "person_token", "guest_token"),
  is_guest: Schema.Boolean
}).annotations({ identifier: "Me" })

export class MeApi extends HttpApiGroup.make("me")
  .add(
    HttpApiEndpoint.get("me", "/me")
      .setUrlParams(Schema.Struct({ starting_after: Schema.optional(Schema.String) }))
      .addSuccess(MeView)
      .annotate(Policy, Policy.read(null))
      .annotate(OpenApi.Summary, "Who am I")
      .annotate(
        OpenApi.Description,
        "The credential's identity: the acting person (if any), the org, the seats (at most 50 `parties` rows a page), scopes, rungs and the version in force. Any working credential may call it."
      )
  )
  .middleware(Authenticated)
{}
