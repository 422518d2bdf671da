import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import path from "node:path"
import { readPrompt } from "../../../src/Domain/Prompts/ReadPrompt.js"
import { templates } from "../../../src/Domain/Templates/index.js"

interface PromptCase {
  readonly prompt: string
  readonly self: string
  readonly today: string
  readonly expect: { readonly template: string | null; readonly facts: Readonly<Record<string, string>> }
}

const cases: ReadonlyArray<PromptCase> = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../../eval/prompts/cases.json"), "utf8"))

const run = (c: PromptCase) => readPrompt(c.prompt, { self: c.self, today: c.today, templates })

describe("the prompt evaluation set", () => {
  it("is a real set: at least 45 cases, at least 5 unplaceable, every expected fact a blank of its template", () => {
    expect(cases.length).toBeGreaterThanOrEqual(45)
    expect(cases.filter((c) => c.expect.template === null).length).toBeGreaterThanOrEqual(5)
    for (const c of cases) {
      const template = templates.find((t) => t.id === c.expect.template)
      if (c.expect.template === null) expect(c.expect.facts).toEqual({})
      else expect(template, c.prompt).toBeDefined()
      for (const key of Object.keys(c.expect.facts)) expect(template?.blanks.some((blank) => blank.key === key), `${c.prompt}: ${key}`).toBe(true)
    }
  })

  it("never produces a fact the case does not expect", () => {
    const guesses = cases.flatMap((c) => {
      const plan = run(c)
      if ("_tag" in plan) return []
      return Object.entries(plan.facts).filter(([key]) => !(key in c.expect.facts)).map(([key, value]) => `${c.prompt} → ${key}: ${value}`)
    })
    expect(guesses).toEqual([])
  })

  it("chooses the expected template (or none) for at least 90% of the cases", () => {
    const right = cases.filter((c) => {
      const plan = run(c)
      return ("_tag" in plan ? null : plan.template.id) === c.expect.template
    })
    expect(right.length / cases.length).toBeGreaterThanOrEqual(0.9)
  })
})
