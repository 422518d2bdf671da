import { Schema } from "effect"
import { occurrenceKinds } from "../Domain/Deadlines/Schedule.js"
import { Body } from "../Http/Schemas.js"

const Source = Schema.Union(
  Schema.Struct({ fact: Schema.String, name: Schema.String, value: Schema.Union(Schema.String, Schema.Number) }),
  Schema.Struct({ block: Schema.String, words: Schema.String })
).annotations({
  identifier: "DeadlineSource",
  description: "A fact the date was read from (its id, name and value), or the clause whose words set it (its block)."
})

const Day = Schema.NullOr(Schema.String)

/** The `deadlines` object of a contract (docs/after-signing.md): additive. */
export const Deadlines = Schema.Struct({
  start_date: Day,
  expiration_date: Day,
  perpetual: Schema.Boolean,
  renews: Schema.Boolean,
  renewal_term: Schema.NullOr(Schema.String),
  notice_period: Schema.NullOr(Schema.String),
  notice_deadline: Day,
  term: Schema.Int,
  expired: Schema.Boolean,
  window_days: Schema.Int.annotations({ description: "Days before the notice deadline the first warning comes: the drafting org's setting (60 unless set)." }),
  amended_by: Schema.NullOr(Schema.String).annotations({
    description: "The executed amendment that took this contract's place: its dates are acted on no more."
  }),
  live: Schema.Boolean,
  next: Schema.NullOr(Schema.Struct({ kind: Schema.Literal(...occurrenceKinds), due_at: Schema.String })),
  from: Schema.Struct({
    start_date: Schema.Array(Source),
    expiration_date: Schema.Array(Source),
    renewal_term: Schema.Array(Source),
    notice_period: Schema.Array(Source)
  })
}).annotations({
  identifier: "Deadlines",
  description:
    "The contract's key dates, read from its facts: the term it is in (0 is the initial term, n after n renewals), when that term ends, and the last day to give notice against the renewal. Executed and filed contracts are acted on (`live`): deadline, renewal and expiry events fire at `next.due_at`."
})

export const OrgSettingsView = Schema.Struct({
  object: Schema.Literal("org_settings"),
  org_id: Schema.String,
  deadline_window_days: Schema.Int.annotations({
    description: "Days before a notice deadline that the first warning comes (`contract.deadline_approaching`, the feed's `deadline` row): 60 unless set."
  })
}).annotations({ identifier: "AdminOrgSettings" })

export const OrgSettingsInput = Body({
  deadline_window_days: Schema.optional(Schema.Number).annotations({
    description: "Whole days, from 8 to 365. Applies to the org's contracts from their next moment on, both modes."
  })
}).annotations({ identifier: "AdminOrgSettingsInput" })
