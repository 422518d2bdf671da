import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Webhooks } from "../Webhooks.js"

export const WebhooksHttp = HttpApiBuilder.group(Api, "webhooks", (handlers) =>
  Effect.map(Webhooks, (webhooks) =>
    handlers
      .handle("create", ({ payload }) => webhooks.create(payload))
      .handle("list", ({ urlParams }) => webhooks.list(urlParams))
      .handle("get", ({ path }) => webhooks.get(path.id))
      .handle("remove", ({ path }) => webhooks.remove(path.id))
      .handle("rotate", ({ path }) => webhooks.rotate(path.id))
      .handle("verify", ({ path }) => webhooks.verify(path.id))
      .handle("test", ({ path }) => webhooks.test(path.id))
      .handle("replay", ({ path, payload }) => webhooks.replay(path.id, payload.since, payload.include_delivered))))
