import { describe, expect, it } from "@effect/vitest"
import { factsOf, plan } from "./support.js"

const partiesOf = (prompt: string, self?: string) =>
  Object.fromEntries(Object.entries(factsOf(prompt, self)).filter(([key]) => plan(prompt, self).template.blanks.find((b) => b.key === key)?.kind === "party"))

describe("party names", () => {
  const table: ReadonlyArray<readonly [string, string]> = [
    ["Mutual NDA with Globex Inc.", "Globex Inc."],
    ["Mutual NDA with Globex Inc, English law.", "Globex Inc"],
    ["Mutual NDA with Hooli Inc. for a security review.", "Hooli Inc."],
    ["Mutual NDA with Stark Industries GmbH.", "Stark Industries GmbH"],
    ["Mutual NDA with Wonka Industries plc; French law.", "Wonka Industries plc"],
    ["Mutual NDA with ACME-Rival S.A., Belgian law.", "ACME-Rival S.A."],
    ["Mutual NDA with Ng & Partners Pte. Ltd., Singapore law.", "Ng & Partners Pte. Ltd."],
    ["Mutual NDA with Fabrikam, Inc.? Soon.", "Fabrikam, Inc."],
    ["Mutual NDA with Margie's Travel Consulting Ltd please.", "Margie's Travel Consulting Ltd"],
    ["Mutual NDA with The Boring Company.", "The Boring Company"],
    ["Mutual NDA with Black Mesa LLC. Effective today.", "Black Mesa LLC"],
    ["Mutual NDA with Globex please.", "Globex"],
    ["Mutual NDA between us and Initech LLC.", "Initech LLC"]
  ]
  for (const [prompt, name] of table) {
    it(`${JSON.stringify(prompt)} names ${JSON.stringify(name)}`, () => {
      expect(partiesOf(prompt)).toEqual({ party_a: "Acme Ltd", party_b: name })
    })
  }

  it("takes the caller's own name as the caller, not as a second party", () => {
    expect(partiesOf("Mutual NDA: Acme Ltd and Black Mesa LLC.")).toEqual({ party_a: "Acme Ltd", party_b: "Black Mesa LLC" })
    expect(partiesOf("Mutual NDA with ACME-Rival S.A.")).toEqual({ party_a: "Acme Ltd", party_b: "ACME-Rival S.A." })
  })

  it("keeps two named parties that are not the caller in the order given", () => {
    expect(partiesOf("Please draft a mutual NDA between Globex Inc and Initech LLC.")).toEqual({ party_a: "Globex Inc", party_b: "Initech LLC" })
  })

  it("does not take capitalised words, digits or places for parties", () => {
    expect(partiesOf("Mutual NDA, English law, effective 1 March 2027. Rate is fine. Series B next.")).toEqual({ party_a: "Acme Ltd" })
  })

  it("reads a prompt that names dozens of companies without failing", () => {
    const names = Array.from({ length: 30 }, (_, i) => `Company${String.fromCharCode(65 + i % 26)}${i} Ltd`).join(", ")
    const result = plan(`Mutual NDA with ${names}.`)
    expect(result.facts).toEqual({ party_a: "Acme Ltd" })
    expect(result.forks.length).toBeLessThanOrEqual(3)
  })

  it("asks which counterparty when the prompt names more than the template has room for", () => {
    const result = plan("Mutual NDA with Globex Inc and Initech LLC.")
    expect(result.facts).toEqual({ party_a: "Acme Ltd" })
    expect(result.forks.some((fork) => fork.includes("Globex Inc, Initech LLC"))).toBe(true)
  })
})

describe("sides", () => {
  const table: ReadonlyArray<readonly [string, Record<string, string>]> = [
    ["MSA with Globex Ltd as supplier.", { customer: "Acme Ltd", supplier: "Globex Ltd" }],
    ["We supply IT support to our client Soylent Corp under an MSA.", { customer: "Soylent Corp", supplier: "Acme Ltd" }],
    ["Initech LLC will provide services to us under a framework agreement.", { customer: "Acme Ltd", supplier: "Initech LLC" }],
    ["MSA where we buy services from Globex Inc.", { customer: "Acme Ltd", supplier: "Globex Inc." }],
    ["Hire Globex Ltd to do a penetration test; SOW please.", { customer: "Acme Ltd", supplier: "Globex Ltd" }],
    ["SOW: Fourth Coffee Ltd is engaging us to build an app.", { customer: "Fourth Coffee Ltd", supplier: "Acme Ltd" }],
    ["Framework agreement: Acme Ltd as customer and Blue Sun Corp as supplier.", { customer: "Acme Ltd", supplier: "Blue Sun Corp" }],
    ["MSA between Globex Inc and Initech LLC, Initech LLC as supplier.", { customer: "Globex Inc", supplier: "Initech LLC" }],
    ["We're engaging Jane Smith Ltd as a consultant.", { client: "Acme Ltd", consultant: "Jane Smith Ltd" }],
    ["Globex Inc wants to hire us as consultants.", { client: "Globex Inc", consultant: "Acme Ltd" }],
    ["Consulting agreement: we will consult for Stark Industries Inc on pricing.", { client: "Stark Industries Inc", consultant: "Acme Ltd" }],
    ["Consulting agreement: Dr Chen Partners LLP will advise us.", { client: "Acme Ltd", consultant: "Dr Chen Partners LLP" }],
    ["We are subscribing to Hooli Inc's analytics platform.", { provider: "Hooli Inc", customer: "Acme Ltd" }],
    ["Sell our SaaS platform to Initech LLC.", { provider: "Acme Ltd", customer: "Initech LLC" }],
    ["Soylent Corp subscribes to our hosted software.", { provider: "Acme Ltd", customer: "Soylent Corp" }],
    ["We will share our source code with Hooli Inc under an NDA.", { discloser: "Acme Ltd", recipient: "Hooli Inc" }],
    ["Stark Industries GmbH will disclose their designs to us; NDA please.", { discloser: "Stark Industries GmbH", recipient: "Acme Ltd" }],
    ["One-way NDA: Acme Ltd is the recipient, Globex Inc the discloser.", { discloser: "Globex Inc", recipient: "Acme Ltd" }],
    ["NDA with Massive Dynamic Inc: we show them our designs; they will not share anything with us.", {
      discloser: "Acme Ltd",
      recipient: "Massive Dynamic Inc"
    }]
  ]
  for (const [prompt, sides] of table) {
    it(JSON.stringify(prompt), () => {
      expect(partiesOf(prompt)).toEqual(sides)
      expect(plan(prompt).forks).toEqual([])
    })
  }

  const open: ReadonlyArray<readonly [string, RegExp]> = [
    ["Master services agreement with Initech LLC.", /Which side is the customer: Acme Ltd or Initech LLC\?/],
    ["Consulting agreement with Maria Lopez Advisory S.L.", /Which side is the client: Acme Ltd or Maria Lopez Advisory S\.L\.\?/],
    ["Subscription agreement for Globex Ltd.", /Which side is the provider/],
    ["One-way NDA with Tyrell Corporation.", /Which side discloses the confidential information: Acme Ltd or Tyrell Corporation\?/],
    ["MSA between Initech LLC and Globex Inc.", /Which side is the customer: Initech LLC or Globex Inc\.\?/],
    ["Draft an MSA.", /Which side is the customer: Acme Ltd or the other party\?/]
  ]
  for (const [prompt, fork] of open) {
    it(`${JSON.stringify(prompt)} fills no side and asks`, () => {
      const result = plan(prompt)
      expect(partiesOf(prompt)).toEqual({})
      expect(result.forks.join(" ")).toMatch(fork)
    })
  }

  it("fills no side when the prompt says it both ways", () => {
    expect(partiesOf("MSA with Globex Inc as supplier; Globex Inc is our customer.")).toEqual({})
  })
})
