import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { endpointUrlProblem, maxUrlLength } from "../../../src/Domain/Webhooks/EndpointUrl.js"

const bothModes = ["live", "test"] as const

const acceptedInBoth = [
  "https://example.com/hooks",
  "https://hooks.example.com:8443/in?source=contracts",
  "https://EXAMPLE.com/Hooks",
  "https://8.8.8.8/hooks",
  "https://1.1.1.1:443/",
  "https://[2606:4700:4700::1111]/hooks",
  "https://[::ffff:8.8.8.8]/hooks"
]

// Plain http to this machine, or https to it: a test endpoint may, a live one may not.
const testOnly = [
  "http://127.0.0.1:4400/hooks",
  "http://localhost:4400/x",
  "http://[::1]:9/",
  "http://LOCALHOST/x",
  "http://localhost./x",
  "http://127.255.255.254/",
  "http://127.1/",
  "http://[::ffff:127.0.0.1]/",
  "https://127.0.0.1/hooks",
  "https://localhost/hooks",
  "https://[::1]/hooks",
  "https://0x7f000001/",
  "https://2130706433/"
]

const refusedInBoth = [
  // Private, shared, link-local and metadata literals, however spelled.
  "https://10.0.0.1/hooks",
  "https://172.16.0.1/",
  "https://172.31.255.255/",
  "https://192.168.1.1/",
  "https://100.64.0.1/",
  "https://169.254.169.254/latest/meta-data/",
  "http://169.254.169.254/latest/meta-data/",
  "https://0xa9fea9fe/",
  "https://[fd00:ec2::254]/",
  "https://[fe80::1]/",
  "https://[fc00::1]/",
  "https://[ff02::1]/",
  "https://[2001:db8::1]/",
  "https://0.0.0.0/",
  "https://224.0.0.1/",
  "https://255.255.255.255/",
  "https://[::ffff:10.0.0.1]/",
  "https://[::ffff:169.254.169.254]/",
  "https://[64:ff9b::a00:1]/",
  "http://10.0.0.1/",
  // Plain http off loopback.
  "http://example.com/hooks",
  "http://8.8.8.8/hooks",
  "http://localhost.example.com/",
  // Credentials and fragments.
  "https://user:secret@example.com/hooks",
  "https://user@example.com/hooks",
  "https://:secret@example.com/hooks",
  "http://user:pw@localhost:4400/x",
  "https://example.com/hooks#frag",
  "http://localhost:4400/x#y",
  // Not http(s).
  "ftp://example.com/hooks",
  "ws://example.com/hooks",
  "wss://example.com/hooks",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "data:text/plain,hello",
  "mailto:ops@example.com",
  "gopher://localhost:70/",
  // Relative or garbage.
  "",
  "/hooks",
  "example.com/hooks",
  "//example.com/hooks",
  "localhost:4400",
  "not a url",
  "https://",
  "http://[::1",
  "https://exa mple.com/",
  "https://ex\u0000ample.com/",
  "https://ex\uD800ample.com/"
]

describe("endpointUrlProblem", () => {
  it.each(acceptedInBoth.flatMap((url) => bothModes.map((mode) => [url, mode] as const)))("accepts %j in %s mode", (url, mode) => {
    expect(endpointUrlProblem(url, mode)).toBeNull()
  })

  it.each(testOnly)("accepts %j in test mode and refuses it in live mode", (url) => {
    expect(endpointUrlProblem(url, "test")).toBeNull()
    expect(endpointUrlProblem(url, "live")).toEqual(expect.any(String))
  })

  it.each(refusedInBoth.flatMap((url) => bothModes.map((mode) => [url, mode] as const)))("refuses %j in %s mode", (url, mode) => {
    expect(endpointUrlProblem(url, mode)).toEqual(expect.any(String))
  })

  // `new URL` writes `[::127.0.0.1]` as `[::7f00:1]` and `[::169.254.169.254]` as `[::a9fe:a9fe]`:
  // an IPv4-compatible loopback or metadata literal must not pass as public.
  it.each(["https://[::127.0.0.1]/hooks", "https://[::7f00:1]/hooks", "https://[::169.254.169.254]/", "https://[::a9fe:a9fe]/"])(
    "refuses the IPv4-compatible literal %j in live mode",
    (url) => {
      expect(endpointUrlProblem(url, "live")).toEqual(expect.any(String))
    }
  )

  it("names the reason: scheme, credentials, fragment, address, https", () => {
    expect(endpointUrlProblem("ftp://example.com/", "live")).toMatch(/http or https/)
    expect(endpointUrlProblem("https://u:p@example.com/", "live")).toMatch(/credentials/)
    expect(endpointUrlProblem("https://example.com/#x", "live")).toMatch(/fragment/)
    expect(endpointUrlProblem("https://127.0.0.1/", "live")).toMatch(/public address/)
    expect(endpointUrlProblem("https://10.0.0.1/", "test")).toMatch(/public address or this machine's loopback/)
    expect(endpointUrlProblem("http://example.com/", "test")).toMatch(/https/)
  })

  it("accepts a URL of exactly the limit and refuses one a character longer", () => {
    const base = "https://example.com/"
    const atLimit = base + "a".repeat(maxUrlLength - base.length)
    expect(maxUrlLength).toBe(2048)
    expect(atLimit).toHaveLength(2048)
    for (const mode of bothModes) {
      expect(endpointUrlProblem(atLimit, mode)).toBeNull()
      expect(endpointUrlProblem(atLimit + "a", mode)).toMatch(/2048/)
      expect(endpointUrlProblem(base + "a".repeat(100_000), mode)).toEqual(expect.any(String))
    }
  })

  it("never throws on strings with NUL, lone surrogates or URL punctuation, and answers null or a reason", () => {
    const piece = fc.oneof(
      fc.constantFrom("\u0000", "\uD800", "\uDFFF", "\uFFFF", "@", "#", ":", "/", "[", "]", "%", "%00", "\\", " ", "\t", "\n", "127.0.0.1", "::1", "localhost"),
      fc.string(),
      fc.string({ unit: "binary" })
    )
    const raw = fc.tuple(fc.constantFrom("", "https://", "http://", "http://[", "https://example.com/"), fc.array(piece, { maxLength: 12 })).map((
      [head, rest]
    ) => head + rest.join(""))
    fc.assert(
      fc.property(raw, fc.constantFrom(...bothModes), (url, mode) => {
        const problem = endpointUrlProblem(url, mode)
        expect(problem === null || typeof problem === "string").toBe(true)
      }),
      { numRuns: 1000 }
    )
  })

  it("accepts in live mode only https URLs, and in test mode nothing live refuses but loopback", () => {
    const url = fc.oneof(
      fc.constantFrom(...acceptedInBoth, ...testOnly, ...refusedInBoth),
      fc.ipV4().map((ip) => `https://${ip}/hooks`),
      fc.ipV4().map((ip) => `http://${ip}/hooks`),
      fc.ipV6().map((ip) => `https://[${ip}]/hooks`)
    )
    fc.assert(
      fc.property(url, (raw) => {
        const live = endpointUrlProblem(raw, "live")
        const test = endpointUrlProblem(raw, "test")
        if (live === null) {
          expect(raw.toLowerCase().startsWith("https://")).toBe(true)
          expect(test).toBeNull()
        }
      }),
      { numRuns: 500 }
    )
  })
})
