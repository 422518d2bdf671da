import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { type Envelope, envelopeBody } from "../../../src/Domain/Webhooks/Envelope.js"

const envelope: Envelope = {
  id: "evt_01",
  type: "contract.drafted",
  created: "2025-06-15T12:00:00.000Z",
  sequence: 7,
  data: { contract: "con_1", nested: { list: [1, "two", null, true] }, quote: "\"é\u2028" },
  endpoint: "whe_1"
}

describe("envelopeBody", () => {
  it("orders the keys id, type, created, sequence, data, endpoint", () => {
    expect(Object.keys(JSON.parse(envelopeBody(envelope)))).toEqual(["id", "type", "created", "sequence", "data", "endpoint"])
    expect(envelopeBody(envelope).startsWith("{\"id\":\"evt_01\",\"type\":\"contract.drafted\",\"created\":")).toBe(true)
  })

  it("leaves sequence out when it is null, and keeps a sequence of 0", () => {
    const off = envelopeBody({ ...envelope, sequence: null })
    expect(Object.keys(JSON.parse(off))).toEqual(["id", "type", "created", "data", "endpoint"])
    expect(off).not.toContain("\"sequence\"")
    expect(JSON.parse(envelopeBody({ ...envelope, sequence: 0 })).sequence).toBe(0)
  })

  it("round-trips through JSON", () => {
    expect(JSON.parse(envelopeBody(envelope))).toEqual(envelope)
    const { sequence: _, ...rest } = envelope
    expect(JSON.parse(envelopeBody({ ...envelope, sequence: null }))).toEqual(rest)
  })

  it("round-trips any envelope, with its key order", () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null))
    const data = fc.dictionary(
      fc.string().filter((k) => k !== "__proto__"),
      fc.oneof(value, fc.array(value), fc.dictionary(fc.string().filter((k) => k !== "__proto__"), value))
    )
    const arbitrary = fc.record({
      id: fc.string(),
      type: fc.string(),
      created: fc.string(),
      sequence: fc.option(fc.nat(), { nil: null }),
      data,
      endpoint: fc.string()
    })
    fc.assert(
      fc.property(arbitrary, (e) => {
        const parsed = JSON.parse(envelopeBody(e))
        const { sequence, ...rest } = e
        expect(parsed).toEqual(sequence === null ? rest : e)
        expect(Object.keys(parsed)).toEqual(
          sequence === null ? ["id", "type", "created", "data", "endpoint"] : ["id", "type", "created", "sequence", "data", "endpoint"]
        )
      }),
      { numRuns: 300 }
    )
  })
})
