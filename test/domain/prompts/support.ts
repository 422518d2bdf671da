import { type PromptContext, type PromptPlan, readPrompt, type Unplaceable } from "../../../src/Domain/Prompts/ReadPrompt.js"
import { templates } from "../../../src/Domain/Templates/index.js"

export const context = (self = "Acme Ltd", today = "2026-11-23"): PromptContext => ({ self, today, templates })

export const read = (prompt: string, self?: string, today?: string): PromptPlan | Unplaceable => readPrompt(prompt, context(self, today))

/** The plan for a prompt the drafter must place; fails the test with the reason when it cannot. */
export const plan = (prompt: string, self?: string, today?: string): PromptPlan => {
  const result = read(prompt, self, today)
  if ("_tag" in result) throw new Error(`expected a plan, got: ${result.reason}`)
  return result
}

export const factsOf = (prompt: string, self?: string, today?: string): Readonly<Record<string, string>> => plan(prompt, self, today).facts
