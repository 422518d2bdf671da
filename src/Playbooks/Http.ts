import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Playbooks } from "../Playbooks.js"

export const PlaybooksHttp = HttpApiBuilder.group(Api, "playbooks", (handlers) =>
  Effect.map(Playbooks, (playbooks) =>
    handlers
      .handle("list", ({ urlParams }) => playbooks.list(urlParams.topic))
      .handle("apply", ({ headers, path, payload }) => playbooks.apply(path.id, payload, headers["if-match"]))))
