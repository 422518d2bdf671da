import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Relationships } from "../Relationships.js"

export const RelationshipsHttp = HttpApiBuilder.group(Api, "relationships", (handlers) =>
  Effect.map(Relationships, (relationships) =>
    handlers
      .handle("get", ({ path }) => relationships.get(path.id))
      .handle("assets", ({ path }) => relationships.assetsOf(path.id))))
