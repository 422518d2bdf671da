import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import Stripe from "stripe"
import { signatureHeader, toleranceSeconds, verifySignature } from "../../../src/Domain/Webhooks/Signature.js"

const t = 1_750_000_000
const body = JSON.stringify({ id: "evt_1", type: "contract.drafted", data: { contract: "con_1" } })
const secret = "whsec_current"
const previous = "whsec_previous"

const v1s = (header: string) => header.split(",").filter((p) => p.startsWith("v1=")).map((p) => p.slice(3))

describe("signatureHeader", () => {
  it("is t=<unix seconds> then one v1=<64 hex> per secret, in order", () => {
    expect(signatureHeader([secret], t, body)).toMatch(/^t=1750000000,v1=[0-9a-f]{64}$/)
    const both = signatureHeader([secret, previous], t, body)
    expect(both).toMatch(/^t=1750000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/)
    expect(v1s(both)).toEqual([...v1s(signatureHeader([secret], t, body)), ...v1s(signatureHeader([previous], t, body))])
    expect(v1s(both)[0]).not.toBe(v1s(both)[1])
  })

  it("depends on the secret, the timestamp and every byte of the body", () => {
    const base = v1s(signatureHeader([secret], t, body))[0]
    expect(v1s(signatureHeader([secret], t + 1, body))[0]).not.toBe(base)
    expect(v1s(signatureHeader([previous], t, body))[0]).not.toBe(base)
    expect(v1s(signatureHeader([secret], t, body + " "))[0]).not.toBe(base)
  })
})

describe("verifySignature", () => {
  it("accepts each secret of a rotation's header", () => {
    const header = signatureHeader([secret, previous], t, body)
    expect(verifySignature(header, body, secret, t)).toBe(true)
    expect(verifySignature(header, body, previous, t)).toBe(true)
    expect(verifySignature(header, body, "whsec_other", t)).toBe(false)
  })

  it("refuses a wrong secret, a changed body and a tampered timestamp", () => {
    const header = signatureHeader([secret], t, body)
    expect(verifySignature(header, body, previous, t)).toBe(false)
    expect(verifySignature(header, body, "", t)).toBe(false)
    expect(verifySignature(header, body.replace("con_1", "con_2"), secret, t)).toBe(false)
    expect(verifySignature(header, body + "\n", secret, t)).toBe(false)
    expect(verifySignature(header, body.slice(1), secret, t)).toBe(false)
    expect(verifySignature(header.replace(`t=${t}`, `t=${t + 1}`), body, secret, t)).toBe(false)
    expect(verifySignature(header.replace(`t=${t}`, `t=${t - 60}`), body, secret, t)).toBe(false)
    // The timestamp is signed: moving it and the clock together does not help either.
    expect(verifySignature(header.replace(`t=${t}`, `t=${t + 3600}`), body, secret, t + 3600)).toBe(false)
  })

  it("refuses a body changed in any one position", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 0xffff }), (text, at, delta) => {
        const signed = signatureHeader([secret], t, text)
        const i = at % text.length
        const changed = text.slice(0, i) + String.fromCharCode((text.charCodeAt(i) + delta) % 0x10000) + text.slice(i + 1)
        expect(verifySignature(signed, text, secret, t)).toBe(true)
        if (Buffer.from(changed, "utf8").equals(Buffer.from(text, "utf8"))) return
        expect(verifySignature(signed, changed, secret, t)).toBe(false)
      }),
      { numRuns: 500 }
    )
  })

  it("trusts a timestamp up to 300 seconds either side of the clock, inclusive", () => {
    expect(toleranceSeconds).toBe(300)
    const header = signatureHeader([secret], t, body)
    expect(verifySignature(header, body, secret, t + 299)).toBe(true)
    expect(verifySignature(header, body, secret, t + 300)).toBe(true)
    expect(verifySignature(header, body, secret, t + 301)).toBe(false)
    expect(verifySignature(header, body, secret, t - 300)).toBe(true)
    expect(verifySignature(header, body, secret, t - 301)).toBe(false)
    expect(verifySignature(header, body, secret, t + 86_400)).toBe(false)
  })

  it("verifies whatever was signed with any of the secrets, within the tolerance", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 40 }), { minLength: 1, maxLength: 3 }),
        fc.string({ maxLength: 300 }),
        fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
        fc.integer({ min: -toleranceSeconds, max: toleranceSeconds }),
        (secrets, text, at, skew) => {
          const header = signatureHeader(secrets, at, text)
          for (const s of secrets) expect(verifySignature(header, text, s, at + skew)).toBe(true)
          expect(verifySignature(header, text, secrets.join("|") + "x", at)).toBe(false)
        }
      ),
      { numRuns: 300 }
    )
  })

  it.each([
    ["empty", ""],
    ["t=", "t="],
    ["v1=zz", "v1=zz"],
    ["t and v1 empty", "t=,v1="],
    ["only a timestamp", `t=${t}`],
    ["a timestamp and a bad v1", `t=${t},v1=zz`],
    ["a short v1", `t=${t},v1=${"a".repeat(63)}`],
    ["a long v1", `t=${t},v1=${"a".repeat(65)}`],
    ["a v1 of the right shape", `t=${t},v1=${"0".repeat(64)}`],
    ["a non-numeric timestamp", `t=soon,v1=${"0".repeat(64)}`],
    ["an infinite timestamp", `t=1e999,v1=${"0".repeat(64)}`],
    ["commas and equals only", ",,,=,==,t==,v1=="],
    ["NUL", "\u0000"],
    ["NULs in place", `t=${t}\u0000,v1=\u0000${"0".repeat(63)}`],
    ["a lone surrogate", `t=${t},v1=\uD800`],
    ["huge", "v1=" + "a".repeat(1_000_000)],
    ["huge timestamp", "t=" + "9".repeat(100_000)],
    ["many pairs", `t=${t},` + "v1=zz,".repeat(100_000)]
  ])("refuses a hostile header (%s) without throwing", (_, header) => {
    expect(() => verifySignature(header, body, secret, t)).not.toThrow()
    expect(verifySignature(header, body, secret, t)).toBe(false)
  })

  it("never throws on arbitrary headers, and accepts none of them", () => {
    const piece = fc.oneof(fc.constantFrom("t=", `t=${t}`, "v1=", ",", "=", "\u0000", "\uD800"), fc.string(), fc.string({ unit: "binary" }))
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }).map((parts) => parts.join("")), (header) => {
        expect(verifySignature(header, body, secret, t)).toBe(false)
      }),
      { numRuns: 1000 }
    )
  })
})

describe("Stripe's verifier", () => {
  const stripe = new Stripe("sk_test_x")

  it("accepts a header made now for a JSON body", () => {
    const now = Math.floor(Date.now() / 1000)
    const event = stripe.webhooks.constructEvent(body, signatureHeader([secret], now, body), secret)
    expect(event.id).toBe("evt_1")
  })

  it("accepts a two-secret header with either secret, and refuses another secret or a changed body", () => {
    const now = Math.floor(Date.now() / 1000)
    const header = signatureHeader([secret, previous], now, body)
    expect(stripe.webhooks.constructEvent(body, header, secret).id).toBe("evt_1")
    expect(stripe.webhooks.constructEvent(body, header, previous).id).toBe("evt_1")
    expect(() => stripe.webhooks.constructEvent(body, header, "whsec_other")).toThrow()
    expect(() => stripe.webhooks.constructEvent(body.replace("con_1", "con_2"), header, secret)).toThrow()
  })

  it("and ours accepts a header Stripe's test helper makes", () => {
    const now = Math.floor(Date.now() / 1000)
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now })
    expect(header).toBe(signatureHeader([secret], now, body))
    expect(verifySignature(header, body, secret, now)).toBe(true)
  })
})
