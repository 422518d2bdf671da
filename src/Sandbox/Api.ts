import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Body } from "../Http/Schemas.js"

export const SandboxClock = Schema.Struct({
  object: Schema.Literal("sandbox_clock"),
  livemode: Schema.Literal(false),
  /** The org's test-mode time. */
  now: Schema.String,
  /** How far it runs ahead of the service's own time. */
  offset_seconds: Schema.Int
}).annotations({ identifier: "SandboxClock" })

export const AdvanceClock = Body({
  advance_to: Schema.optional(Schema.String).annotations({ description: "An ISO 8601 timestamp after the clock's `now`." }),
  advance_by: Schema.optional(Schema.Number).annotations({ description: "Whole seconds, more than zero." })
}).annotations({ identifier: "AdvanceClock" })

export class SandboxApi extends HttpApiGroup.make("sandbox")
  .add(
    HttpApiEndpoint.get("clock", "/sandbox/clock")
      .addSuccess(SandboxClock)
      .annotate(Policy, Policy.read("contracts:read", { guest: "never" }))
      .annotate(OpenApi.Summary, "Read the sandbox clock")
      .annotate(OpenApi.Description, "A test key's org's test-mode time (Stripe's test clocks). Live keys get `404`.")
  )
  .add(
    HttpApiEndpoint.post("advanceClock", "/sandbox/clock")
      .setPayload(AdvanceClock)
      .addSuccess(SandboxClock)
      .annotate(Policy, Policy.write("contracts:write", { guest: "never" }))
      .annotate(OpenApi.Summary, "Move the sandbox clock forward")
      .annotate(
        OpenApi.Description,
        "Moves the org's test-mode time forward, never back, by `advance_by` seconds or to `advance_to` (exactly one; at most 366 days a call). Everything time-driven in the org's test mode follows: deadlines, renewals and expiries fire, webhook retries run their schedule, idempotency keys and certificate links expire. Live mode is never touched; live keys get `404`."
      )
  )
  .middleware(Authenticated)
{}
