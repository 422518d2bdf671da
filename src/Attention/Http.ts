import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Attention } from "../Attention.js"

export const AttentionHttp = HttpApiBuilder.group(
  Api,
  "attention",
  (handlers) => Effect.map(Attention, (attention) => handlers.handle("feed", ({ urlParams }) => attention.feed(urlParams)))
)
