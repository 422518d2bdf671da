import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Me } from "../Me.js"

export const MeHttp = HttpApiBuilder.group(
  Api,
  "me",
  (handlers) => Effect.map(Me, (me) => handlers.handle("me", ({ urlParams }) => me.me(urlParams.starting_after)))
)
