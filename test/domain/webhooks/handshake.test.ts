import { describe, expect, it } from "@effect/vitest"
import { type IssuedNonce, judgeHandshake, keepNonces, nonceWindowMs, type PingAnswer } from "../../../src/Domain/Webhooks/Handshake.js"

const now = 1_750_000_000_000
const nonce = "whn_3f9a1c0b7d2e4a6f"
const issued: ReadonlyArray<IssuedNonce> = [{ nonce, issued_at: now - 1_000 }]
const ok = (body: string, status = 200): PingAnswer => ({ reached: true, status, body })

describe("judgeHandshake", () => {
  it("an endpoint that could not be reached is endpoint_unreachable", () => {
    expect(judgeHandshake({ reached: false }, issued, now)).toBe("endpoint_unreachable")
    expect(judgeHandshake({ reached: false }, [], now)).toBe("endpoint_unreachable")
  })

  it.each([100, 199, 300, 301, 302, 304, 400, 401, 404, 429, 500, 503, 599])("status %d, even echoing the nonce, is endpoint_returned_<status>", (status) => {
    expect(judgeHandshake(ok(nonce, status), issued, now)).toBe(`endpoint_returned_${status}`)
  })

  it.each([200, 201, 202, 204, 299])("status %d echoing the nonce verifies", (status) => {
    expect(judgeHandshake(ok(nonce, status), issued, now)).toBeNull()
  })

  it.each([
    ["the nonce as plain text", nonce],
    ["the nonce with surrounding whitespace", `  \n\t${nonce}\r\n `],
    ["a JSON object with the nonce", JSON.stringify({ nonce })],
    ["a JSON object with the nonce and more", JSON.stringify({ ok: true, nonce, at: 1 })],
    ["a JSON object with the nonce, padded with whitespace", `\n ${JSON.stringify({ nonce })} \n`]
  ])("a 2xx with %s verifies", (_, body) => {
    expect(judgeHandshake(ok(body), issued, now)).toBeNull()
  })

  it.each([
    ["an empty body", ""],
    ["a body of only whitespace", " \n\t "],
    ["another string", "whn_somethingelse"],
    ["the nonce with more text", `${nonce} ok`],
    ["the nonce's prefix", nonce.slice(0, -1)],
    ["the nonce in another case", nonce.toUpperCase()],
    ["malformed JSON", `{"nonce": "${nonce}"`],
    ["malformed JSON that starts like an object", `{${nonce}}`],
    ["JSON without a nonce", JSON.stringify({ ok: true })],
    ["JSON with a numeric nonce", JSON.stringify({ nonce: 12345 })],
    ["JSON with a null nonce", JSON.stringify({ nonce: null })],
    ["JSON with the nonce in an array", JSON.stringify({ nonce: [nonce] })],
    ["JSON with another nonce", JSON.stringify({ nonce: "whn_other" })],
    ["a JSON array holding the nonce", JSON.stringify([nonce])],
    ["a JSON string of the nonce", JSON.stringify(nonce)],
    ["the nonce under another key", JSON.stringify({ data: { nonce } })]
  ])("a 2xx with %s is nonce_not_echoed", (_, body) => {
    expect(judgeHandshake(ok(body), issued, now)).toBe("nonce_not_echoed")
  })

  it("nothing echoes when no nonce was issued", () => {
    expect(judgeHandshake(ok(nonce), [], now)).toBe("nonce_not_echoed")
    expect(judgeHandshake(ok(""), [], now)).toBe("nonce_not_echoed")
  })

  it("a nonce issued within five minutes verifies, exactly five minutes still does, and older is nonce_expired", () => {
    expect(nonceWindowMs).toBe(5 * 60 * 1000)
    const at = (issuedAt: number) => [{ nonce, issued_at: issuedAt }]
    expect(judgeHandshake(ok(nonce), at(now), now)).toBeNull()
    expect(judgeHandshake(ok(nonce), at(now - 60_000), now)).toBeNull()
    expect(judgeHandshake(ok(nonce), at(now - nonceWindowMs + 1), now)).toBeNull()
    expect(judgeHandshake(ok(nonce), at(now - nonceWindowMs), now)).toBeNull()
    expect(judgeHandshake(ok(nonce), at(now - nonceWindowMs - 1), now)).toBe("nonce_expired")
    expect(judgeHandshake(ok(JSON.stringify({ nonce })), at(now - nonceWindowMs - 1), now)).toBe("nonce_expired")
    expect(judgeHandshake(ok(nonce), at(now - 24 * 3_600_000), now)).toBe("nonce_expired")
  })

  it("an older nonce of the list verifies while within the window, and expires after it", () => {
    const list = [
      { nonce: "whn_newest", issued_at: now - 10_000 },
      { nonce: "whn_middle", issued_at: now - 120_000 },
      { nonce: "whn_oldest", issued_at: now - nonceWindowMs },
      { nonce: "whn_stale", issued_at: now - nonceWindowMs - 1 }
    ]
    expect(judgeHandshake(ok("whn_newest"), list, now)).toBeNull()
    expect(judgeHandshake(ok("whn_middle"), list, now)).toBeNull()
    expect(judgeHandshake(ok(JSON.stringify({ nonce: "whn_oldest" })), list, now)).toBeNull()
    expect(judgeHandshake(ok("whn_stale"), list, now)).toBe("nonce_expired")
    expect(judgeHandshake(ok("whn_unknown"), list, now)).toBe("nonce_not_echoed")
  })

  it("a nonce another endpoint was sent does not verify this one", () => {
    expect(judgeHandshake(ok("whn_for_another_endpoint"), issued, now)).toBe("nonce_not_echoed")
  })
})

describe("keepNonces", () => {
  const n = (i: number): IssuedNonce => ({ nonce: `whn_${i}`, issued_at: now + i })

  it("puts the fresh nonce first", () => {
    expect(keepNonces([], n(1))).toEqual([n(1)])
    expect(keepNonces([n(1)], n(2))).toEqual([n(2), n(1)])
  })

  it("keeps the newest five, newest first", () => {
    let kept: ReadonlyArray<IssuedNonce> = []
    for (let i = 1; i <= 9; i++) {
      kept = keepNonces(kept, n(i))
      expect(kept).toHaveLength(Math.min(i, 5))
      expect(kept[0]).toEqual(n(i))
    }
    expect(kept).toEqual([n(9), n(8), n(7), n(6), n(5)])
  })

  it("does not change the list it is given", () => {
    const given = [n(5), n(4), n(3), n(2), n(1)]
    const copy = [...given]
    expect(keepNonces(given, n(6))).toEqual([n(6), n(5), n(4), n(3), n(2)])
    expect(given).toEqual(copy)
  })

  it("a nonce pushed out of the five no longer verifies, even within the window", () => {
    let kept: ReadonlyArray<IssuedNonce> = []
    for (let i = 1; i <= 6; i++) kept = keepNonces(kept, { nonce: `whn_${i}`, issued_at: now - 1_000 })
    expect(judgeHandshake(ok("whn_1"), kept, now)).toBe("nonce_not_echoed")
    expect(judgeHandshake(ok("whn_2"), kept, now)).toBeNull()
  })
})
