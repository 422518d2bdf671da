import { Context, Effect, Layer } from "effect"
import { drafterIdentity, type PromptPlan, readPrompt, type Unplaceable } from "../Domain/Prompts/ReadPrompt.js"
import type { ParserIdentity } from "../Imports/Parser.js"
import { templates } from "../Templates/Catalog.js"

/**
 * What reads a sentence into a template, facts, open forks and proposed recipients. The rule-based
 * drafter is the default: offline and deterministic. A hosted model replaces this layer and
 * nothing else, behind the same kind of interface as the import parser; whatever it plans is
 * drafted and checked by the same core as a template draft, so a value it invents that fits no
 * blank is refused like any other.
 */
export class PromptDrafter extends Context.Tag("Contracts/PromptDrafter")<PromptDrafter, {
  readonly identity: ParserIdentity
  readonly plan: (prompt: string, context: { readonly self: string; readonly today: string }) => Effect.Effect<PromptPlan | Unplaceable>
}>() {
  static readonly rules = Layer.succeed(PromptDrafter, {
    identity: drafterIdentity,
    plan: (prompt, context) => Effect.sync(() => readPrompt(prompt, { ...context, templates }))
  })
}
