import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { Endpoint, EndpointPage, EndpointPageQuery, EndpointRequest, EndpointWithSecret, ReplayQueued, ReplayRequest, TestDelivery } from "./Schemas.js"

const path = Schema.Struct({ id: Schema.String })
// Every call of the group, reads too, names the acting person the endpoint keeps.
const manage = { read: Policy.read("webhooks:manage", { actingPerson: true }), write: Policy.write("webhooks:manage") }

export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.post("create", "/webhooks/endpoints")
      .setPayload(EndpointRequest)
      .addSuccess(EndpointWithSecret, { status: 201 })
      .annotate(Policy, manage.write)
      .annotate(OpenApi.Summary, "Register a webhook endpoint")
      .annotate(
        OpenApi.Description,
        "Registers `url` for `events` (`[\"*\"]` for every type) and, before answering, sends it a signed `endpoint.verification` ping carrying a nonce: a 2xx echoing the nonce makes the endpoint `active`, anything else leaves it `pending` with `verification.reason`. The secret is in this answer only. A live endpoint must be https on a public address; a test endpoint may also be http on loopback. Registering a disabled endpoint's URL again revives it."
      )
  )
  .add(
    HttpApiEndpoint.get("list", "/webhooks/endpoints")
      .setUrlParams(EndpointPageQuery)
      .addSuccess(EndpointPage)
      .annotate(Policy, manage.read)
      .annotate(OpenApi.Summary, "List webhook endpoints")
      .annotate(OpenApi.Description, "The org's endpoints in this mode, oldest first, paged by `limit` and `starting_after` (an endpoint id). No secrets.")
  )
  .add(
    HttpApiEndpoint.get("get", "/webhooks/endpoints/:id")
      .setPath(path)
      .addSuccess(Endpoint)
      .annotate(Policy, manage.read)
      .annotate(OpenApi.Summary, "Read a webhook endpoint")
      .annotate(OpenApi.Description, "The endpoint without its secret, with `last_delivery` and `consecutive_failures`.")
  )
  .add(
    HttpApiEndpoint.del("remove", "/webhooks/endpoints/:id")
      .setPath(path)
      .addSuccess(HttpApiSchema.NoContent)
      .annotate(Policy, manage.write)
      .annotate(OpenApi.Summary, "Delete a webhook endpoint")
      .annotate(OpenApi.Description, "Deletes the endpoint; what it was still owed is not delivered. Answers 204.")
  )
  .add(
    HttpApiEndpoint.post("rotate", "/webhooks/endpoints/:id/rotate")
      .setPath(path)
      .addSuccess(EndpointWithSecret)
      .annotate(Policy, manage.write)
      .annotate(OpenApi.Summary, "Rotate a webhook endpoint's secret")
      .annotate(
        OpenApi.Description,
        "Makes a new secret (in this answer only). For 24 hours every delivery carries a `v1` signature by each secret; then the old one stops. Revives a disabled endpoint."
      )
  )
  .add(
    HttpApiEndpoint.post("verify", "/webhooks/endpoints/:id/verify")
      .setPath(path)
      .addSuccess(Endpoint)
      .annotate(Policy, manage.write)
      .annotate(OpenApi.Summary, "Retry a webhook endpoint's handshake")
      .annotate(OpenApi.Description, "Sends a fresh `endpoint.verification` ping with a new nonce; `verification.reason` says why it failed, if it did.")
  )
  .add(
    HttpApiEndpoint.post("test", "/webhooks/endpoints/:id/test")
      .setPath(path)
      .addSuccess(TestDelivery)
      .annotate(Policy, manage.write)
      .annotate(OpenApi.Summary, "Send a test delivery")
      .annotate(
        OpenApi.Description,
        "Sends one signed `endpoint.test` delivery now and answers how it went. `409 endpoint_pending` before the endpoint is verified."
      )
      .annotate(Refusals, ["endpoint_pending"])
  )
  .add(
    HttpApiEndpoint.post("replay", "/webhooks/endpoints/:id/replay")
      .setPath(path)
      .setPayload(ReplayRequest)
      .addSuccess(ReplayQueued, { status: 202 })
      .annotate(Policy, manage.write)
      .annotate(OpenApi.Summary, "Replay deliveries")
      .annotate(
        OpenApi.Description,
        "Re-sends what the endpoint missed from `since` (an ISO 8601 time within the last 7 days): the events it has not acknowledged with a 2xx, or every one with `include_delivered: true`; oldest first, at most 1,000 a call (`has_more` says whether to call again from the last one's `created`); each is signed afresh when sent. Not a substitute for `GET /contracts/{id}/events`."
      )
      .annotate(Refusals, ["endpoint_pending", "endpoint_disabled"])
  )
  .middleware(Authenticated)
{}
