import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { ifMatched } from "../Http/IfMatch.js"
import { Playbooks } from "../Playbooks.js"

export const PlaybooksHttp = HttpApiBuilder.group(Api, "playbooks", (handlers) =>
  Effect.map(Playbooks, (playbooks) =>
    handlers
      .handle("list", ({ urlParams }) => playbooks.list(urlParams.topic))
      .handle("apply", ({ path, payload }) => Effect.flatMap(ifMatched, (hash) => playbooks.apply(path.id, payload, hash)))))
