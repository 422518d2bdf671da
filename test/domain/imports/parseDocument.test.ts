import { describe, expect, it } from "@effect/vitest"
import { consequenceRank, consequenceTiers } from "../../../src/Domain/Imports/Consequence.js"
import { parseDocument, parserIdentity } from "../../../src/Domain/Imports/ParseDocument.js"
import { verificationThreshold } from "../../../src/Domain/Imports/Parsed.js"
import { corpusFiles, corpusText, onePage, sampleContract } from "./corpus.js"
import { expectNoHang } from "../../support/hangGuard.js"

describe("parseDocument", () => {
  it("fails extraction_empty on an (almost) empty text layer", () => {
    for (const text of ["", "   \n\n  ", "1\n\n2\n\n3", "\u0000\u0000 page 1"]) {
      const outcome = parseDocument(onePage(text))
      expect(outcome._tag === "Failed" && outcome.reason).toBe("extraction_empty")
    }
  })

  it("fails not_a_contract on text with no contract signals", () => {
    const texts = [
      "Shopping list\n\nEggs\n\nMilk\n\nBread\n\nTwo apples and a bag of flour for the cake on Sunday",
      "The woods are lovely, dark and deep,\nBut I have promises to keep,\nAnd miles to go before I sleep,\nAnd miles to go before I sleep.",
      "id,name,price\n1,widget,3.50\n2,gadget,4.25\n3,doohickey,9.99\n4,thingamajig,1.10"
    ]
    for (const text of texts) {
      const outcome = parseDocument(onePage(text))
      expect(outcome._tag === "Failed" && outcome.reason).toBe("not_a_contract")
    }
  })

  it("parses every corpus contract and a short real-looking agreement", () => {
    for (const file of corpusFiles()) expect(parseDocument(onePage(corpusText(file)))._tag).toBe("Parsed")
    const short = "LOAN AGREEMENT\n\nThis Agreement is made between Ann Lee and Bob Ray. Bob shall repay Ann $500 by June 1, 2024."
    const outcome = parseDocument(onePage(short))
    expect(outcome._tag).toBe("Parsed")
    if (outcome._tag === "Parsed") expect(outcome.parse.title).toBe("LOAN AGREEMENT")
  })

  it("titles the contract by its first agreement heading", () => {
    const outcome = parseDocument(sampleContract())
    expect(outcome._tag === "Parsed" && outcome.parse.title).toBe("SERVICES AGREEMENT")
  })

  it("orders unverified blocks by consequence: payment and signature before severability", () => {
    const outcome = parseDocument(sampleContract())
    if (outcome._tag !== "Parsed") throw new Error("expected a parse")
    const blocks = outcome.parse.blocks
    const payment = blocks.find((block) => block.text.startsWith("1.1 Fees."))!
    const signature = blocks.find((block) => block.kind === "signature_block")!
    const severability = blocks.find((block) => block.text.startsWith("3.1 Severability."))!
    expect(consequenceRank(payment)).toBeLessThan(consequenceRank(severability))
    expect(consequenceRank(signature)).toBeLessThan(consequenceRank(severability))
    const ordered = [severability, payment, signature].sort((a, b) => consequenceRank(a) - consequenceRank(b))
    expect(ordered.map((block) => block.text.slice(0, 8))).toEqual([signature.text.slice(0, 8), "1.1 Fees", "3.1 Seve"])
    expect(consequenceTiers[consequenceRank(severability)]).toBe("boilerplate")
    expect(consequenceRank({ kind: "clause", text: "5. Limitation of Liability. Neither party shall be liable for indirect damages." }))
      .toBeLessThan(consequenceRank({ kind: "clause", text: "9. Counterparts. This Agreement may be signed in counterparts." }))
  })

  it("is deterministic and names its configuration", () => {
    const extracted = onePage(corpusText(corpusFiles()[3]))
    expect(parseDocument(extracted)).toEqual(parseDocument(extracted))
    expect(parserIdentity()).toEqual(parserIdentity())
    expect(parserIdentity().model).toBe("rules-v1")
    expect(parserIdentity().prompt_hash).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it("returns sane output on hostile input, quickly", () => {
    const cases = [
      "This Agreement shall bind the parties hereto. ".repeat(45_000),
      "\u0000\u0001\uFFFD𝒜 agreement \u202E shall hereby ".repeat(20_000),
      Array.from({ length: 50_000 }, (_, index) => (index % 3 === 0 ? "shall" : index % 3 === 1 ? "the agreement" : `${index}`)).join("\n")
    ]
    for (const text of cases) {
      const started = Date.now()
      const outcome = parseDocument(onePage(text))
      expectNoHang(Date.now() - started, 20_000)
      if (outcome._tag === "Parsed") {
        for (const block of outcome.parse.blocks) {
          expect(block.confidence).toBeGreaterThanOrEqual(0)
          expect(block.confidence).toBeLessThanOrEqual(1)
          if (block.text.includes(" ")) expect(block.text.length).toBeLessThanOrEqual(6000)
        }
        expect(outcome.parse.blocks.some((block) => block.confidence < verificationThreshold || block.confidence >= verificationThreshold)).toBe(true)
      }
    }
  })
})
