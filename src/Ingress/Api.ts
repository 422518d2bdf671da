import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { AcceptRequest, IngressAddress, IngressMessage, IngressPage, IngressQuery, RejectRequest } from "./Schemas.js"

const idPath = Schema.Struct({ id: Schema.String })

/** Mail ingress: forward a thread to the org's address, then accept it into a contract or reject it. */
export class IngressApi extends HttpApiGroup.make("ingress")
  .add(
    HttpApiEndpoint.get("address", "/ingress/address")
      .addSuccess(IngressAddress)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "Read the org's ingress address")
      .annotate(
        OpenApi.Description,
        "The address to forward mail threads to, one per org and mode (a test key's address receives into the sandbox). Made on first ask and fixed from then on."
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/ingress")
      .setUrlParams(IngressQuery)
      .addSuccess(IngressPage)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "List received mail")
      .annotate(
        OpenApi.Description,
        "The messages the org's address received, newest first, each with its sender, subject, attachments and the thread it quotes; `state` filters (`detected` waits for a person). Paged by `limit` and `starting_after` (a message id)."
      )
  )
  .add(
    HttpApiEndpoint.get("get", "/ingress/:id")
      .setPath(idPath)
      .addSuccess(IngressMessage)
      .annotate(Policy, Policy.read("contracts:read"))
      .annotate(OpenApi.Summary, "Read a received message")
      .annotate(OpenApi.Description, "One received message, as listed.")
  )
  .add(
    HttpApiEndpoint.post("accept", "/ingress/:id/accept")
      .setPath(idPath)
      .setPayload(AcceptRequest)
      .addSuccess(IngressMessage)
      .annotate(Policy, Policy.write("imports:write", { idempotent: true }))
      // The import path's refusal of the attachment; a contract cancelled while the letter was being recorded.
      .annotate(Refusals, ["unsupported_format", "contract_cancelled"])
      .annotate(OpenApi.Summary, "Accept a received message")
      .annotate(
        OpenApi.Description,
        "Where the thread names a contract you negotiate, records the counterparty's mail on it as an imported letter (`letter.imported`; no tally, no reply owed). Otherwise sends the attachment through the import path, as `POST /imports` does, and the contract's `origin` is `email`; read the import until it is parsed. A message is decided once: accepting or rejecting it again is `400`."
      )
  )
  .add(
    HttpApiEndpoint.post("reject", "/ingress/:id/reject")
      .setPath(idPath)
      .setPayload(RejectRequest)
      .addSuccess(IngressMessage)
      .annotate(Policy, Policy.write("imports:write", { idempotent: true }))
      .annotate(OpenApi.Summary, "Reject a received message")
      .annotate(OpenApi.Description, "Discards the message: nothing is imported and it leaves the attention feed. Its bytes stay on record as received.")
  )
  .middleware(Authenticated)
{}
