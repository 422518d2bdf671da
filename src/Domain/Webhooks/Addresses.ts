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

// IPv4 written inside IPv6 (mapped, compatible, NAT64) is judged as the IPv4 it carries.
const embeddedV4 = (address: string): string | null => {
  const match = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (match !== null) return match[1]!
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address)
  if (hex === null) return null
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)]
  return [high >> 8, high & 255, low >> 8, low & 255].join(".")
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
