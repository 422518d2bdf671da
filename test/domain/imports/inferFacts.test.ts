import { describe, expect, it } from "@effect/vitest"
import { inferFacts } from "../../../src/Domain/Imports/InferFacts.js"
import { importFactNames } from "../../../src/Domain/Imports/Parsed.js"
import { segment } from "../../../src/Domain/Imports/Segment.js"
import { expectNoHang } from "../../support/hangGuard.js"
import { corpusFiles, corpusText, onePage, sampleContract } from "./corpus.js"

const lookedFor = ["party_a", "party_b", ...Object.keys(importFactNames)]

describe("inferFacts", () => {
  it("reads the facts of a small contract", () => {
    const { facts, missing } = inferFacts(segment(sampleContract()))
    const value = (name: string) => facts.find((fact) => fact.name === name)?.value
    expect(value("party_a")).toBe("Acme Widgets, Inc.")
    expect(value("party_b")).toBe("Beta Labs LLC")
    expect(value("agreement_date")).toBe("March 3, 2021")
    expect(value("expiration_date")).toBe("March 2, 2022")
    expect(value("renewal_term")).toBe("successive one (1) year periods")
    expect(value("notice_period")).toBe("sixty (60) days")
    expect(value("governing_law")).toBe("State of New York")
    expect(value("amount_1")).toBe("$10,000")
    expect(facts.find((fact) => fact.name === "party_a")?.label).toBe("Party A")
    expect(facts.find((fact) => fact.name === "governing_law")?.kind).toBe("jurisdiction")
    expect(missing).not.toContain("party_a")
  })

  it("places every value verbatim at each of its spans, for every corpus contract", () => {
    for (const file of corpusFiles()) {
      const blocks = segment(onePage(corpusText(file)))
      const { facts, missing } = inferFacts(blocks)
      expect(facts.length).toBeGreaterThan(0)
      for (const fact of facts) {
        expect(fact.spans.length).toBeGreaterThan(0)
        for (const span of fact.spans) expect(blocks[span.block].text.slice(span.start, span.end)).toBe(fact.value)
      }
      const names = new Set(facts.map((fact) => fact.name))
      for (const name of lookedFor) expect(names.has(name) !== missing.includes(name)).toBe(true)
      expect(missing.every((name) => lookedFor.includes(name))).toBe(true)
      expect(facts.filter((fact) => fact.name.startsWith("amount_")).length).toBeLessThanOrEqual(5)
    }
  })

  it("reports every looked-for fact missing when the words hold none", () => {
    const { facts, missing } = inferFacts([{ kind: "clause", text: "The parties shall cooperate in good faith." }])
    expect(facts).toEqual([])
    expect([...missing].sort()).toEqual([...lookedFor].sort())
  })

  it("reads a block of thousands of renewals or laws with no full stop in linear time", () => {
    // Each hit looked for its sentence's full stop through the whole block, and the term length
    // tested the whole block again per length: 800 kB of such words took tens of seconds.
    const renewals =
      "This Agreement shall automatically renew for successive one (1) year periods unless either party gives ninety (90) days prior written notice of non-renewal "
    const laws = "governed by the laws of the State of New York and of the United States of America "
    for (const unit of [renewals, laws]) {
      const text = unit.repeat(Math.ceil(800_000 / unit.length))
      const started = performance.now()
      const { facts } = inferFacts([{ kind: "clause", text }])
      expectNoHang(performance.now() - started, 5_000)
      expect(facts.length).toBeGreaterThan(0)
    }
  })
})
