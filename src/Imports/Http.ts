import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { ifMatched } from "../Http/IfMatch.js"
import { uploaded } from "../Http/Uploaded.js"
import { Imports } from "../Imports.js"

export const ImportsHttp = HttpApiBuilder.group(Api, "imports", (handlers) =>
  Effect.map(Imports, (imports) =>
    handlers
      .handle("create", () => Effect.flatMap(uploaded, imports.create))
      .handle("list", ({ urlParams }) => imports.ofBatch(urlParams))
      .handle("get", ({ path }) => imports.get(path.id))
      .handle("unverified", ({ path }) => imports.unverified(path.id))
      .handle("confirmBlock", ({ path, payload }) => Effect.flatMap(ifMatched, (hash) => imports.confirmBlock(path.id, path.block_id, payload.text, hash)))
      .handle("orgEvents", ({ urlParams }) => imports.orgEvents(urlParams))))
