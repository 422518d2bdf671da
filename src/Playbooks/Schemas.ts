import { Schema } from "effect"
import { skipReasons } from "../Domain/Playbooks/Outcome.js"
import { playbookTerms, ruleSources } from "../Domain/Playbooks/Rule.js"
import { Body } from "../Http/Schemas.js"

export const Amount = Schema.Struct({
  value: Schema.Union(Schema.Number, Schema.String.pipe(Schema.maxLength(200))),
  unit: Schema.NullOr(Schema.String.pipe(Schema.maxLength(40)))
}).annotations({ identifier: "PlaybookAmount" })

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

/** A rule as the entity receives it with the message that applies it. */
export const Rule = Schema.Struct({
  id: Schema.String,
  term: Schema.Literal(...playbookTerms),
  rule_text: Schema.String,
  floor: Schema.NullOr(Amount),
  ceiling: Schema.NullOr(Amount),
  preferred: Schema.NullOr(Amount),
  source: Schema.Literal(...ruleSources)
})

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

/** What the core decided, as the entity answers it. */
export const PlaybookOutcome = Schema.Struct({
  staged: Schema.Array(Schema.Struct({
    decision: Schema.String,
    ask: Schema.String,
    type: Schema.Literal("accept", "counter"),
    rule: Schema.String,
    why: Schema.String
  })),
  skipped: Schema.Array(Schema.Struct({ ask: Schema.String, reason: Schema.Literal(...skipReasons), rule: Schema.NullOr(Schema.String) })),
  words_hash: Schema.String
})

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
