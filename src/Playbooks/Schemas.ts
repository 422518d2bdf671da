import { Schema } from "effect"
import { ruleSources } from "../Domain/Playbooks/Rule.js"
import { Body } from "../Http/Schemas.js"
import { Amount } from "../Engine/Payloads.js"
import { PlaybookOutcome } from "../Engine/Results.js"

export const PlaybookRuleView = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("playbook_rule"),
  term: Schema.String,
  rule_text: Schema.String,
  floor: Schema.NullOr(Amount),
  ceiling: Schema.NullOr(Amount),
  preferred: Schema.NullOr(Amount),
  source: Schema.Literal(...ruleSources)
}).annotations({ identifier: "PlaybookRule" })

export const RuleInput = Body({
  id: Schema.optional(Schema.String.pipe(Schema.maxLength(64))).annotations({ description: "A rule of this playbook to keep under its id." }),
  term: Schema.String.pipe(Schema.maxLength(100)),
  rule_text: Schema.String,
  floor: Schema.optional(Schema.NullOr(Amount)),
  ceiling: Schema.optional(Schema.NullOr(Amount)),
  preferred: Schema.optional(Schema.NullOr(Amount))
}).annotations({ identifier: "PlaybookRuleInput" })

export const maxRules = 200

export const PlaybookInput = Body({
  rules: Schema.Array(RuleInput).pipe(Schema.maxItems(maxRules))
}).annotations({ identifier: "PlaybookInput" })

export const Playbook = Schema.Struct({ org_id: Schema.String, rules: Schema.Array(PlaybookRuleView) }).annotations({ identifier: "Playbook" })

export const PlaybookList = Schema.Struct({ data: Schema.Array(PlaybookRuleView), has_more: Schema.Boolean })
  .annotations({ identifier: "PlaybookList" })

export const PlaybookQuery = Schema.Struct({ topic: Schema.optional(Schema.String) })

const Id = Schema.String.pipe(Schema.maxLength(64))

export const ApplyRequest = Body({
  ask_ids: Schema.optional(Schema.Array(Id).pipe(Schema.maxItems(1000))),
  playbook_ids: Schema.optional(Schema.Array(Id).pipe(Schema.maxItems(maxRules))),
  dry_run: Schema.optional(Schema.Boolean)
}).annotations({ identifier: "ApplyPlaybookRequest" })

export const PlaybookApplied = Schema.Struct({
  object: Schema.Literal("playbook_application"),
  dry_run: Schema.Boolean,
  staged: Schema.Array(Schema.Struct({
    decision: Schema.NullOr(Schema.String).annotations({ description: "The staged decision's id; null on a dry run, which stages nothing." }),
    ask: Schema.String,
    type: Schema.Literal("accept", "counter"),
    rule: Schema.String,
    why: Schema.String.annotations({
      description: "The rule this follows, quoted for you; the decision's own `why`, which the other side reads once sent, never quotes it."
    })
  })),
  skipped: PlaybookOutcome.fields.skipped,
  words_hash: Schema.String
}).annotations({ identifier: "PlaybookApplied" })
