import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Ingress } from "../Ingress.js"

export const IngressHttp = HttpApiBuilder.group(Api, "ingress", (handlers) =>
  Effect.map(Ingress, (ingress) =>
    handlers
      .handle("address", () => ingress.address)
      .handle("list", ({ urlParams }) => ingress.list(urlParams))
      .handle("get", ({ path }) => ingress.get(path.id))
      .handle("accept", ({ path, payload }) => ingress.accept(path.id, payload))
      .handle("reject", ({ path }) => ingress.discard(path.id))))
