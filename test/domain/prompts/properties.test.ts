import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { asId } from "../../../src/Domain/Contract/Ids.js"
import { Rejection } from "../../../src/Domain/Contract/Rejection.js"
import { maxPromptLength } from "../../../src/Domain/Prompts/CleanText.js"
import type { PromptPlan, Unplaceable } from "../../../src/Domain/Prompts/ReadPrompt.js"
import { draftFromTemplate, maxFactLength } from "../../../src/Domain/Templates/Drafting.js"
import { ada, now, sequentialIds } from "../fixtures.js"
import { read } from "./support.js"
import { expectNoHang } from "../../support/hangGuard.js"

/** Any UTF-16 code unit: NUL, controls, lone surrogates, BOM, bidi overrides all included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))
const hostile = fc.constantFrom(
  "\u0000",
  "\u0007",
  "\u001b",
  "\u007f",
  "\u0085",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\uDFFF",
  "\uFEFF",
  "\u202E",
  "\u2028",
  "\uFFFF"
)

const name = fc.tuple(
  fc.constantFrom("Globex", "Initech", "Zoë Ümlaut", "O'Brien", "ACME-Rival", "Ng &", "Margie's Travel", "Blue Sun", "Acme"),
  fc.constantFrom("Inc", "Inc.", "Ltd", "LLC", "GmbH", "S.A.", "plc", "Corp.", "Pte. Ltd.")
).map(([word, suffix]) => `${word} ${suffix}`)

const money = fc.tuple(fc.constantFrom("$", "£", "€", "USD ", "CHF ", "US$"), fc.integer({ min: 1, max: 50_000_000 }), fc.boolean()).map((
  [currency, n, grouped]
) => `${currency}${grouped ? n.toLocaleString("en-US") : n}`)

const clause = fc.oneof(
  name.map((n) => `with ${n}`),
  name.map((n) => `${n} will provide services to us`),
  name.map((n) => `we will share our code with ${n}`),
  name.map((n) => `between ${n} and Initech LLC`),
  fc.constantFrom("effective 1 March 2027", "starting tomorrow", "effective 31 February 2027", "from next Monday", "effective 2027-02-29"),
  fc.constantFrom("under English law", "Delaware law", "governed by the laws of the State of New York", "UK law"),
  fc.tuple(money, fc.constantFrom(" per day", " a year", " total", "", " a month")).map(([amount, per]) => `fees of ${amount}${per}`),
  money.map((amount) => `liability capped at ${amount}`),
  fc.tuple(
    fc.integer({ min: 1, max: 400 }),
    fc.constantFrom("days", "weeks", "months", "years", "business days"),
    fc.constantFrom(" notice", " term", "", " payment terms")
  )
    .map(([n, unit, what]) => `${n} ${unit}${what}`),
  fc.emailAddress().map((email) => `send to ${email} to sign`),
  fc.string({ unit: anyUnit, maxLength: 30 })
)

const kind = fc.constantFrom("mutual NDA", "one-way NDA", "NDA", "MSA", "statement of work", "consulting agreement", "SaaS subscription", "lease")

/** A sentence built from the phrases the drafter reads, with hostile characters dropped in anywhere. */
const sentence = fc.tuple(kind, fc.array(clause, { maxLength: 8 }), fc.array(fc.tuple(fc.nat(), hostile), { maxLength: 4 })).map(([k, clauses, insertions]) => {
  let text = `Draft a ${k} ${clauses.join(", ")}.`
  for (const [at, unit] of insertions) text = text.slice(0, at % (text.length + 1)) + unit + text.slice(at % (text.length + 1))
  return text
})

const long = fc.tuple(fc.string({ unit: anyUnit, minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 200_000 })).map(([piece, length]) =>
  piece.repeat(Math.ceil(length / piece.length)).slice(0, length)
)

const wellFormedPlan = (result: PromptPlan | Unplaceable) => {
  if ("_tag" in result) {
    expect(result.reason.length).toBeGreaterThan(0)
    return
  }
  for (const [key, value] of Object.entries(result.facts)) {
    expect(result.template.blanks.some((blank) => blank.key === key)).toBe(true)
    expect(value.trim().length).toBeGreaterThan(0)
    expect(value.length).toBeLessThanOrEqual(maxFactLength)
    expect(value.isWellFormed()).toBe(true)
    expect(value).not.toMatch(/\p{Cc}/u)
  }
  expect(result.forks.length).toBeLessThanOrEqual(3)
  expect(result.recipients.length).toBeLessThanOrEqual(10)
  for (const recipient of result.recipients) {
    expect(recipient.email).toMatch(/^[^\s@]{1,64}@[^\s@]{3,255}$/)
    expect(recipient.capacity.length).toBeGreaterThan(0)
  }
}

const timed = (prompt: string) => {
  const started = performance.now()
  const result = read(prompt)
  expectNoHang(performance.now() - started, 5_000)
  return result
}

describe("reading any prompt", () => {
  it("returns a well-formed plan or a reason for any string, quickly", () => {
    fc.assert(
      fc.property(fc.string({ unit: anyUnit, maxLength: 2000 }), (prompt) => {
        wellFormedPlan(timed(prompt))
      }),
      { numRuns: 300 }
    )
  })

  it("copes with strings of up to 200,000 characters", () => {
    fc.assert(
      fc.property(long, (prompt) => {
        wellFormedPlan(timed(prompt))
      }),
      { numRuns: 25 }
    )
    wellFormedPlan(timed("a".repeat(200_000)))
    wellFormedPlan(timed("Mutual NDA with Globex Inc under English law, " + "Initech LLC ".repeat(20_000)))
    wellFormedPlan(timed("\uD800".repeat(100_000) + "\u0000".repeat(100_000)))
  })

  it("reads no further than the first 5,000 characters", () => {
    const plan = read("Mutual NDA with Globex Inc" + " ".repeat(maxPromptLength) + ", under English law")
    expect("_tag" in plan ? {} : plan.facts).toEqual({ party_a: "Acme Ltd", party_b: "Globex Inc" })
  })

  it("is deterministic", () => {
    fc.assert(
      fc.property(sentence, (prompt) => {
        expect(read(prompt)).toEqual(read(prompt))
      }),
      { numRuns: 100 }
    )
  })

  it("plans only values that draft: each fact stands verbatim at its spans in the drafted words", () => {
    fc.assert(
      fc.property(sentence, (prompt) => {
        const result = timed(prompt)
        wellFormedPlan(result)
        if ("_tag" in result) return
        const drafted = draftFromTemplate({
          id: asId("con", "con_1"),
          mode: "test",
          actor: ada,
          template: result.template,
          facts: result.facts,
          now,
          newId: sequentialIds()
        })
        if (drafted instanceof Rejection) throw new Error(`${drafted.code}: ${drafted.message}`)
        for (const [key, value] of Object.entries(result.facts)) {
          const fact = drafted.contract.facts.find((candidate) => candidate.name === key)!
          expect(fact.value).toBe(value)
          expect(fact.spans.length).toBeGreaterThan(0)
          for (const span of fact.spans) {
            const block = drafted.contract.blocks.find((candidate) => candidate.id === span.block)!
            expect(block.text.slice(span.start, span.end)).toBe(value)
          }
        }
      }),
      { numRuns: 300 }
    )
  })
})
