import { describe, expect, it } from "@effect/vitest"
import { draftFromTemplate } from "../../src/Domain/Templates/Drafting.js"
import { Rejection } from "../../src/Domain/Contract/Rejection.js"
import { templates } from "../../src/Domain/Templates/index.js"
import { sequentialIds } from "./fixtures.js"
import { asId } from "../../src/Domain/Contract/Ids.js"

const actor = { mode: "test" as const, org: "org_1", person: { id: "per_1", name: "Ada", email: "ada@acme.test" }, guest: null }

describe("the template catalogue", () => {
  for (const template of templates) {
    it(`${template.id}: every placeholder is a blank and every blank appears`, () => {
      const used = new Set(template.blocks.flatMap((block) => [...block.text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1])))
      expect([...used].sort()).toEqual(template.blanks.map((blank) => blank.key).sort())
      for (const block of template.blocks) expect(block.text.replace(/\{\{\w+\}\}/g, "")).not.toMatch(/[{}]/)
      for (const blank of template.blanks) {
        expect(blank.required ? blank.default : blank.default?.length).toBe(blank.required ? undefined : blank.default?.length)
      }
      for (const blank of template.blanks) if (!blank.required) expect(blank.default!.length).toBeGreaterThan(0)
      expect(template.blocks[0]!.kind).toBe("heading")
      expect(template.blocks.at(-1)!.kind).toBe("signature_block")
    })

    it(`${template.id}: renders with every fact's value standing at each of its spans`, () => {
      const facts = Object.fromEntries(template.blanks.map((blank, i) => [blank.key, `Value ${i} of ${blank.label}`]))
      const drafted = draftFromTemplate({
        id: asId("con", "con_1"),
        mode: "test",
        actor,
        template,
        facts,
        now: "2026-01-01T00:00:00.000Z",
        newId: sequentialIds()
      })
      if (drafted instanceof Rejection) throw drafted
      for (const fact of drafted.contract.facts) {
        expect(fact.spans.length).toBeGreaterThan(0)
        for (const span of fact.spans) {
          const block = drafted.contract.blocks.find((b) => b.id === span.block)!
          expect(block.text.slice(span.start, span.end)).toBe(fact.value)
        }
      }
    })
  }

  it("has a master services agreement of at least twelve clauses", () => {
    const msa = templates.find((t) => t.id === "tpl_master_services")!
    expect(msa.blocks.filter((b) => b.kind === "clause").length).toBeGreaterThanOrEqual(12)
  })
})
