import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Ask } from "../Ask.js"
import { ServerConfig } from "../Config.js"
import { serverSentEvents } from "./ServerSentEvents.js"

export const AskHttp = HttpApiBuilder.group(Api, "ask", (handlers) =>
  Effect.gen(function*() {
    const ask = yield* Ask
    const { docsUrl } = yield* ServerConfig
    return handlers.handle("ask", ({ payload }) =>
      payload.stream === false
        ? ask.answer(payload)
        : Effect.map(ask.ask(payload), ({ model, pieces }) => serverSentEvents(payload.question, pieces, model, docsUrl)))
  }))
