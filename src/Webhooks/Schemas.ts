import { Schema } from "effect"
import { Body } from "../Http/Schemas.js"

export const EndpointRequest = Body({
  url: Schema.String,
  events: Schema.Array(Schema.String)
}).annotations({ identifier: "WebhookEndpointRequest" })

export const ReplayRequest = Body({
  since: Schema.String,
  include_delivered: Schema.optionalWith(Schema.Boolean, { default: () => false }).annotations({
    description: "Also re-send the events the endpoint already acknowledged with a 2xx; by default only those it did not."
  })
}).annotations({ identifier: "WebhookReplayRequest" })

const LastDelivery = Schema.Struct({
  event: Schema.String,
  type: Schema.String,
  attempted_at: Schema.String,
  status: Schema.NullOr(Schema.Int),
  outcome: Schema.Literal("delivered", "failed"),
  error: Schema.NullOr(Schema.String)
})

const endpointFields = {
  id: Schema.String,
  object: Schema.Literal("webhook_endpoint"),
  livemode: Schema.Boolean,
  url: Schema.String,
  events: Schema.Array(Schema.String),
  state: Schema.Literal("pending", "active", "disabled"),
  acting_person: Schema.String,
  created: Schema.String,
  verification: Schema.Struct({ reason: Schema.NullOr(Schema.String), verified_at: Schema.NullOr(Schema.String) }),
  /** While a rotation's overlap lasts, when the replaced secret stops signing. */
  previous_secret_expires_at: Schema.NullOr(Schema.String),
  last_delivery: Schema.NullOr(LastDelivery),
  consecutive_failures: Schema.Int
}

export const Endpoint = Schema.Struct(endpointFields).annotations({ identifier: "WebhookEndpoint" })

/** Create and rotate answer the secret, once. */
export const EndpointWithSecret = Schema.Struct({ ...endpointFields, secret: Schema.String }).annotations({ identifier: "WebhookEndpointWithSecret" })

export const EndpointPage = Schema.Struct({ data: Schema.Array(Endpoint), has_more: Schema.Boolean, next_cursor: Schema.NullOr(Schema.String) })

export const EndpointPageQuery = Schema.Struct({ limit: Schema.optional(Schema.String), starting_after: Schema.optional(Schema.String) })

export const TestDelivery = Schema.Struct({
  object: Schema.Literal("webhook_test"),
  endpoint: Schema.String,
  event: Schema.String,
  delivered: Schema.Boolean,
  status: Schema.NullOr(Schema.Int),
  error: Schema.NullOr(Schema.String)
}).annotations({ identifier: "WebhookTestDelivery" })

export const ReplayQueued = Schema.Struct({ queued: Schema.Int, has_more: Schema.Boolean }).annotations({ identifier: "WebhookReplay" })
