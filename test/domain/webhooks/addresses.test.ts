import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { type AddressKind, addressKind, mayDeliverTo } from "../../../src/Domain/Webhooks/Addresses.js"

const table: ReadonlyArray<readonly [string, AddressKind]> = [
  // The public internet, and the first addresses just outside each non-public range.
  ["8.8.8.8", "public"],
  ["1.1.1.1", "public"],
  ["2606:4700:4700::1111", "public"],
  ["2001:4860:4860::8888", "public"],
  ["9.255.255.255", "public"],
  ["11.0.0.0", "public"],
  ["126.255.255.255", "public"],
  ["128.0.0.0", "public"],
  ["172.15.255.255", "public"],
  ["172.32.0.0", "public"],
  ["100.63.255.255", "public"],
  ["100.128.0.0", "public"],
  ["169.253.255.255", "public"],
  ["192.167.255.255", "public"],
  ["223.255.255.255", "public"],
  // Loopback, the whole of 127/8 and ::1.
  ["127.0.0.1", "loopback"],
  ["127.0.0.0", "loopback"],
  ["127.255.255.254", "loopback"],
  ["::1", "loopback"],
  ["0:0:0:0:0:0:0:1", "loopback"],
  // Private, shared, link-local, metadata, unspecified, documentation, multicast, reserved.
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.0.1", "private"],
  ["192.168.255.255", "private"],
  ["100.64.0.1", "private"],
  ["100.127.255.255", "private"],
  ["169.254.169.254", "private"],
  ["169.254.0.1", "private"],
  ["0.0.0.0", "private"],
  ["0.1.2.3", "private"],
  ["192.0.2.1", "private"],
  ["198.51.100.7", "private"],
  ["203.0.113.9", "private"],
  ["198.18.0.1", "private"],
  ["224.0.0.1", "private"],
  ["239.255.255.250", "private"],
  ["240.0.0.1", "private"],
  ["255.255.255.255", "private"],
  ["::", "private"],
  ["fc00::1", "private"],
  ["fd00::1", "private"],
  ["fd00:ec2::254", "private"],
  ["fe80::1", "private"],
  ["ff02::1", "private"],
  ["2001:db8::1", "private"],
  ["100::1", "private"],
  // IPv4 carried inside IPv6 is judged as that IPv4: mapped, compatible and NAT64, dotted or hex.
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::FFFF:7F00:1", "loopback"],
  ["0:0:0:0:0:ffff:7f00:1", "loopback"],
  ["::127.0.0.1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:0a00:0001", "private"],
  ["::ffff:169.254.169.254", "private"],
  ["::ffff:a9fe:a9fe", "private"],
  ["::10.0.0.1", "private"],
  ["64:ff9b::a00:1", "private"],
  ["64:ff9b::10.0.0.1", "private"],
  ["64:ff9b::a9fe:a9fe", "private"],
  ["::ffff:8.8.8.8", "public"],
  ["::ffff:808:808", "public"],
  ["64:ff9b::808:808", "public"],
  // As a URL's host and with a zone.
  ["[::1]", "loopback"],
  ["[::ffff:7f00:1]", "loopback"],
  ["[fd00:ec2::254]", "private"],
  ["[2606:4700:4700::1111]", "public"],
  ["fe80::1%eth0", "private"],
  ["[fe80::1%eth0]", "private"],
  ["ff02::1%2", "private"],
  // Not an IP address at all.
  ["localhost", "invalid"],
  ["", "invalid"],
  ["999.1.1.1", "invalid"],
  ["256.0.0.1", "invalid"],
  ["1.2.3", "invalid"],
  ["127.1", "invalid"],
  ["0x7f000001", "invalid"],
  ["2130706433", "invalid"],
  ["example.com", "invalid"],
  ["::gg", "invalid"],
  ["1:2:3:4:5:6:7:8:9", "invalid"],
  ["[]", "invalid"],
  ["127.0.0.1\u0000", "invalid"]
]

describe("addressKind", () => {
  it.each(table)("%j is %s", (address, kind) => {
    expect(addressKind(address)).toBe(kind)
  })

  // `::127.0.0.1` is judged loopback above; its canonical spelling, the one `new URL` makes of
  // `https://[::127.0.0.1]/` and the one dns.lookup hands back, must be judged the same.
  it.each([
    ["::7f00:1", "::127.0.0.1"],
    ["::a9fe:a9fe", "::169.254.169.254"],
    ["::a00:1", "::10.0.0.1"]
  ])("an IPv4-compatible address in hex, %s, is judged as its dotted form %s", (hex, dotted) => {
    expect(addressKind(hex)).toBe(addressKind(dotted))
    expect(addressKind(hex)).not.toBe("public")
  })

  it("judges an IPv4 address carried in IPv6 (mapped, compatible dotted, NAT64; dotted or hex) as the IPv4 itself", () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const kind = addressKind(v4)
        const [a, b, c, d] = v4.split(".").map(Number) as [number, number, number, number]
        const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
        // ::0.0.0.0 and ::0.0.0.1 are the IPv6 unspecified and loopback addresses themselves, judged as such.
        const compatible = a === 0 && b === 0 && c === 0 && d <= 1 ? [] : [`::${v4}`]
        for (
          const carried of [
            `::ffff:${v4}`,
            `::ffff:${hex}`,
            `::FFFF:${hex.toUpperCase()}`,
            ...compatible,
            `64:ff9b::${v4}`,
            `64:ff9b::${hex}`,
            `[::ffff:${hex}]`
          ]
        ) {
          expect(addressKind(carried), carried).toBe(kind)
        }
      }),
      { numRuns: 500 }
    )
  })

  it("never throws, and names only the four kinds", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.ipV4(), fc.ipV6(), fc.string({ unit: "binary" })), (raw) => {
        expect(["public", "loopback", "private", "invalid"]).toContain(addressKind(raw))
      }),
      { numRuns: 500 }
    )
  })
})

describe("mayDeliverTo", () => {
  it.each(
    [
      ["public", "live", true],
      ["loopback", "live", false],
      ["private", "live", false],
      ["invalid", "live", false],
      ["public", "test", true],
      ["loopback", "test", true],
      ["private", "test", false],
      ["invalid", "test", false]
    ] as const
  )("a %s address in %s mode: %s", (kind, mode, allowed) => {
    expect(mayDeliverTo(kind, mode)).toBe(allowed)
  })

  it.each(table)("%j (%s): live only if public, test if public or loopback", (address, kind) => {
    expect(mayDeliverTo(addressKind(address), "live")).toBe(kind === "public")
    expect(mayDeliverTo(addressKind(address), "test")).toBe(kind === "public" || kind === "loopback")
  })
})
