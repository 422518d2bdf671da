import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { ifMatched } from "../Http/IfMatch.js"
import { Contracts } from "../Contracts.js"

export const ContractsHttp = HttpApiBuilder.group(Api, "contracts", (handlers) =>
  Effect.map(Contracts, (contracts) =>
    handlers
      .handle("draft", ({ payload }) => contracts.draft(payload))
      .handle("amend", ({ path, payload }) => contracts.amend(path.id, payload))
      .handle("list", ({ urlParams }) => contracts.list(urlParams))
      .handle("sheet", ({ path }) => contracts.sheet(path.id))
      .handle("state", ({ path }) => contracts.state(path.id))
      .handle("setFact", ({ path, payload }) => Effect.flatMap(ifMatched, (hash) => contracts.setFact(path.id, path.fact_id, payload.value, hash)))
      .handle("confirmFact", ({ path }) => contracts.confirmFact(path.id, path.fact_id))
      .handle("events", ({ path, urlParams }) => contracts.events(path.id, urlParams))))
