import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Marks } from "../Marks.js"

export const MarksHttp = HttpApiBuilder.group(Api, "marks", (handlers) =>
  Effect.map(Marks, (marks) =>
    handlers
      .handle("get", ({ path }) => marks.get(path.id))
      .handle("put", ({ path, payload }) => marks.put(path.id, payload))
      .handle("remove", ({ path }) => marks.remove(path.id))))
