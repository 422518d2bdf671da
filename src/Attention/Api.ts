import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { attentionKinds } from "../Domain/Views/Attention.js"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"

export const AttentionRow = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literal(...attentionKinds),
  contract: Schema.String,
  title: Schema.String,
  state: Schema.String,
  since: Schema.String,
  why_you: Schema.String,
  letter: Schema.NullOr(Schema.String),
  asks: Schema.optional(Schema.Int),
  unsent: Schema.optional(Schema.Boolean),
  words_hash: Schema.optional(Schema.String),
  required_signers: Schema.optional(Schema.Array(Schema.Struct({ party: Schema.String, person: Schema.String, name: Schema.String, signed: Schema.Boolean }))),
  signature: Schema.optional(Schema.String),
  decision: Schema.optional(Schema.String),
  requested_by: Schema.optional(Schema.String),
  /** `deadline` rows (additive): the last day to give notice against the renewal, and the day the term ends. */
  notice_deadline: Schema.optional(Schema.String),
  expiration_date: Schema.optional(Schema.String)
}).annotations({ identifier: "AttentionRow" })

export const AttentionFeed = Schema.Struct({
  data: Schema.Array(Schema.Struct({ relationship: Schema.NullOr(Schema.String), counterparty: Schema.String, rows: Schema.Array(AttentionRow) })),
  has_more: Schema.Boolean,
  next_cursor: Schema.NullOr(Schema.String),
  waiting_on_them: Schema.Array(Schema.Struct({
    relationship: Schema.NullOr(Schema.String),
    counterparty: Schema.String,
    contract: Schema.String,
    since: Schema.String
  })),
  mail: Schema.Array(Schema.Struct({
    ingress: Schema.String,
    from: Schema.NullOr(Schema.Struct({ address: Schema.String, name: Schema.NullOr(Schema.String) })),
    subject: Schema.String,
    attachments: Schema.Int,
    since: Schema.String
  })).annotations({
    description: "Forwarded mail waiting for you to accept or reject (`ingress.detected`), oldest first: what you forwarded, and what nobody in your org did."
  })
}).annotations({ identifier: "AttentionFeed" })

export class AttentionApi extends HttpApiGroup.make("attention")
  .add(
    HttpApiEndpoint.get("feed", "/attention")
      .setUrlParams(Schema.Struct({ limit: Schema.optional(Schema.String), starting_after: Schema.optional(Schema.String) }))
      .addSuccess(AttentionFeed)
      .annotate(Policy, Policy.read("contracts:read", { actingPerson: true, guest: "anywhere" }))
      .annotate(OpenApi.Summary, "Read what waits on you")
      .annotate(
        OpenApi.Description,
        "One person's feed: rows grouped by relationship and counterparty, most urgent first (re-sign, approval, sign, letter, then a notice deadline within its warning window, 60 days unless the drafting org set another), and what waits on the other side. Read-only; rows clear when their condition resolves."
      )
  )
  .middleware(Authenticated)
{}
