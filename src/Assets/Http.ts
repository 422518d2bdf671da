import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Assets } from "../Assets.js"
import { uploaded } from "../Http/Uploaded.js"
import { Relationships } from "../Relationships.js"

export const AssetsHttp = HttpApiBuilder.group(Api, "assets", (handlers) =>
  Effect.gen(function*() {
    const assets = yield* Assets
    const relationships = yield* Relationships
    return handlers
      .handle("create", () => Effect.flatMap(uploaded, (upload) => assets.create(upload, relationships.get)))
      .handle("ofContract", ({ path }) => assets.ofContract(path.id))
  }))
