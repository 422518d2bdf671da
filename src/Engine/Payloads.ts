import { Schema } from "effect"
import { factKinds } from "../Domain/Words/Fact.js"
import { blockKinds } from "../Domain/Words/Blocks.js"
import { playbookTerms, ruleSources } from "../Domain/Playbooks/Rule.js"

// What the engine's messages carry besides ids and hashes (src/Engine/Entity.ts). They live
// here, below the capabilities whose HTTP schemas reuse them, so the engine imports none of them.

const Count = Schema.Number

export const FactValue = Schema.Union(Schema.String, Schema.Number)

/** A parse as the import worker hands it to the contract entity (src/Domain/Imports/Parsed.ts). */
export const ParseMessage = Schema.Struct({
  title: Schema.String,
  blocks: Schema.Array(Schema.Struct({
    kind: Schema.Literal(...blockKinds),
    text: Schema.String,
    confidence: Schema.Number,
    candidates: Schema.Array(Schema.String),
    source: Schema.Struct({ page: Count, start: Count, end: Count })
  })),
  facts: Schema.Array(Schema.Struct({
    name: Schema.String,
    label: Schema.String,
    kind: Schema.Literal(...factKinds),
    value: Schema.String,
    spans: Schema.Array(Schema.Struct({ block: Count, start: Count, end: Count }))
  })),
  missing: Schema.Array(Schema.String)
})

export const Amount = Schema.Struct({
  value: Schema.Union(Schema.Number, Schema.String.pipe(Schema.maxLength(200))),
  unit: Schema.NullOr(Schema.String.pipe(Schema.maxLength(40)))
}).annotations({ identifier: "PlaybookAmount" })

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
