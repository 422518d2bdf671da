import { BlockList, isIP } from "node:net"

const blocks = (ranges: ReadonlyArray<readonly [string, number, "ipv4" | "ipv6"]>) => {
  const list = new BlockList()
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family)
  return list
}

const loopback = blocks([["127.0.0.0", 8, "ipv4"], ["::1", 128, "ipv6"]])

// Everything that is not the public internet: private, shared, link-local (cloud metadata lives at
// 169.254.169.254 and fd00:ec2::254), documentation, benchmarking, multicast and reserved ranges.
const notPublic = blocks([
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.0.0.0", 24, "ipv4"],
  ["192.0.2.0", 24, "ipv4"],
  ["192.88.99.0", 24, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["198.18.0.0", 15, "ipv4"],
  ["198.51.100.0", 24, "ipv4"],
  ["203.0.113.0", 24, "ipv4"],
  ["224.0.0.0", 3, "ipv4"],
  ["::", 128, "ipv6"],
  ["::1", 128, "ipv6"],
  ["100::", 64, "ipv6"],
  ["2001::", 23, "ipv6"],
  ["2001:db8::", 32, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"]
])

/** An IPv6 address as its eight 16-bit groups, dotted IPv4 tails included; null if it is not one. */
const groupsOf = (address: string): ReadonlyArray<number> | null => {
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  const text = dotted === null
    ? address
    : `${dotted[1]}${
      dotted[2]!.split(".").map(Number).reduce((hex, n, k) => hex + (k % 2 === 0 ? (k > 0 ? ":" : "") : "") + n.toString(16).padStart(2, "0"), "")
    }`
  const [head, tail, extra] = text.split("::")
  if (extra !== undefined) return null
  const part = (s: string | undefined) => (s === undefined || s === "" ? [] : s.split(":").map((g) => parseInt(g, 16)))
  const left = part(head)
  const right = part(tail)
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 1) return null
  return [...left, ...Array<number>(tail === undefined ? 0 : missing).fill(0), ...right]
}

// IPv4 carried inside IPv6 (compatible ::/96, mapped ::ffff:0:0/96, NAT64 64:ff9b::/96 and
// 64:ff9b:1::/48, 6to4 2002::/16) is judged as the IPv4 it carries, however it is written.
const embeddedV4 = (address: string): string | null => {
  const g = groupsOf(address)
  if (g === null) return null
  const v4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".")
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  // :: and ::1 are IPv6's own unspecified and loopback addresses, not IPv4 carried.
  if (zeros(0, 5) && (g[5] === 0xffff || (g[5] === 0 && !(g[6] === 0 && g[7]! <= 1)))) return v4(g[6]!, g[7]!)
  if (g[0] === 0x64 && g[1] === 0xff9b && (zeros(2, 6) || g[2] === 1)) return v4(g[6]!, g[7]!)
  if (g[0] === 0x2002) return v4(g[1]!, g[2]!)
  return null
}

export type AddressKind = "public" | "loopback" | "private" | "invalid"

/** Where an IP address points, for deciding whether a webhook may be delivered there. */
export const addressKind = (raw: string): AddressKind => {
  const address = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "")
  const family = isIP(address)
  if (family === 0) return "invalid"
  const v4 = family === 6 ? embeddedV4(address.toLowerCase()) : address
  if (v4 !== null) {
    if (loopback.check(v4, "ipv4")) return "loopback"
    return notPublic.check(v4, "ipv4") ? "private" : "public"
  }
  if (loopback.check(address, "ipv6")) return "loopback"
  return notPublic.check(address, "ipv6") ? "private" : "public"
}

/** Live endpoints reach the public internet only; test endpoints may also reach the developer's own machine. */
export const mayDeliverTo = (kind: AddressKind, mode: "live" | "test") => kind === "public" || (mode === "test" && kind === "loopback")
