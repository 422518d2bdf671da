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
        "Searches the words of every contract your org can see (filed ones included) with full-text search, and answers from the best block of each, quoting it with a citation (`contract`, `block`, `quote`). A citation never reaches a block your `GET /contracts/{id}` would not show. By default the answer streams as Server-Sent Events (`text/event-stream`): `citation` (a Citation), `answer` (`{ delta }`), then `done` (the whole Answer); an answer that stops partway ends with an `error` event whose data is the error envelope with `generation_failed`, and nothing is kept. `stream: false` answers the Answer as JSON. Never available to a guest link."
      )
  )
  .middleware(Authenticated)
{}
