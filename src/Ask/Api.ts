import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { Answer, AskRequest } from "./Schemas.js"

export class AskApi extends HttpApiGroup.make("ask")
  .add(
    HttpApiEndpoint.post("ask", "/ask")
      .setPayload(AskRequest)
      .addSuccess(Answer)
      .annotate(Policy, Policy.read("ask:read", { guest: "never" }))
      .annotate(Refusals, ["generation_failed"])
      .annotate(OpenApi.Summary, "Ask a question across your contracts")
      .annotate(
        OpenApi.Description,
        "Answers a question across every contract your org can see (filed ones included), citing each contract with a verbatim quote (`contract`, `block`, `quote`). A question about a fact (a governing law, automatic renewal, the notice that stops a renewal, a date before, after or in a year, an amount over or under a sum, a kind of agreement) is answered from the contracts' facts: the answer counts every contract that meets it and names them by title (`limit` caps how many are named and quoted, never the count), quoting the block each fact stands in; `model.model` is `facts-v1`. A question that names one contract by its title (\"who is the counterparty in the Supply Agreement?\", \"when does the Supply Agreement expire?\") is answered about it, naming the party or the date. Any other question is answered by full-text search: the best block of each contract whose blocks hold every content word of the question, cut where the ranks fall below half the best, quoted by the `Answerer`. A citation never reaches a block your `GET /contracts/{id}` would not show. By default the answer streams as Server-Sent Events (`text/event-stream`): `citation` (a Citation), `answer` (`{ delta }`), then `done` (the whole Answer); an answer that stops partway ends with an `error` event whose data is the error envelope with `generation_failed`, and nothing is kept. `stream: false` answers the Answer as JSON. Never available to a guest link."
      )
  )
  .middleware(Authenticated)
{}
