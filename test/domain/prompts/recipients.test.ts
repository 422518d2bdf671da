import { describe, expect, it } from "@effect/vitest"
import { plan } from "./support.js"

const recipientsOf = (tail: string) => plan(`Mutual NDA with Globex Inc; ${tail}`).recipients

describe("recipients", () => {
  const table: ReadonlyArray<readonly [string, ReadonlyArray<{ email: string; capacity: ReadonlyArray<string> }>]> = [
    ["send it to jane@globex.com", [{ email: "jane@globex.com", capacity: ["negotiator", "signer"] }]],
    ["jane@globex.com will sign", [{ email: "jane@globex.com", capacity: ["signer"] }]],
    ["our signatory is bob@acme.co.uk", [{ email: "bob@acme.co.uk", capacity: ["signer"] }]],
    ["legal review by anna@globex.com", [{ email: "anna@globex.com", capacity: ["negotiator"] }]],
    ["jane@globex.com (legal) and bob@globex.com (CEO, signs)", [
      { email: "jane@globex.com", capacity: ["negotiator"] },
      { email: "bob@globex.com", capacity: ["signer"] }
    ]],
    ["send to charlie@wonka.co.uk for review and willy@wonka.co.uk to sign", [
      { email: "charlie@wonka.co.uk", capacity: ["negotiator"] },
      { email: "willy@wonka.co.uk", capacity: ["signer"] }
    ]],
    ["jane@globex.com will review and sign", [{ email: "jane@globex.com", capacity: ["negotiator", "signer"] }]],
    ["Jane@GLOBEX.com signs; jane@globex.com negotiates", [{ email: "Jane@globex.com", capacity: ["negotiator", "signer"] }]],
    ["no address here, not even jane@ or @globex.com or jane@globex", []],
    ["jane..doe@globex.com", []]
  ]
  for (const [tail, expected] of table) {
    it(JSON.stringify(tail), () => {
      expect(recipientsOf(tail)).toEqual(expected)
    })
  }

  it("proposes at most ten", () => {
    const many = Array.from({ length: 25 }, (_, i) => `person${i}@globex.com`).join(", ")
    const recipients = recipientsOf(`send to ${many}`)
    expect(recipients).toHaveLength(10)
    expect(recipients[0]!.email).toBe("person0@globex.com")
  })

  it("does not read an address as a party or a fact", () => {
    const result = plan("Mutual NDA with Globex Inc; contact Legal@Globex.com, English law.")
    expect(result.facts).toEqual({ party_a: "Acme Ltd", party_b: "Globex Inc", governing_law: "England and Wales" })
  })
})
