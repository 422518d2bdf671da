import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Parties } from "../Parties.js"

export const PartiesHttp = HttpApiBuilder.group(Api, "parties", (handlers) =>
  Effect.map(Parties, (parties) =>
    handlers
      .handle("invite", ({ path, payload }) =>
        // Someone already listed is answered 200 with nothing sent; a new party is 201.
        Effect.map(parties.invite(path.id, payload), (invited) => HttpServerResponse.unsafeJson(invited, { status: invited.invited ? 201 : 200 })))
      .handle("remove", ({ path }) => parties.remove(path.id, path.party_id))
      .handle("cancel", ({ path, payload }) => parties.cancel(path.id, payload.reason))
      .handle("withdrawAsk", ({ path }) => parties.withdrawAsk(path.ask_id))))
