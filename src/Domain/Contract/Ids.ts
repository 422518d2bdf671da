import { randomBytes } from "node:crypto"

export const idPrefixes = [
  "con", "blk", "fct", "q", "ask", "dec", "let", "sig", "ast", "imp", "imb", "pbk", "tpl",
  "rel", "per", "pty", "org", "thr", "atn", "evt", "gtk", "key"
] as const
export type IdPrefix = (typeof idPrefixes)[number]

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// 20 base-62 characters carry ~119 bits: ids never collide, across modes or otherwise.
export const randomToken = (length = 20): string => {
  const bytes = randomBytes(length * 2)
  let out = ""
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const byte = bytes[i]!
    if (byte < 248) out += alphabet[byte % 62]
  }
  return out.length === length ? out : randomToken(length)
}

export const makeId = <P extends IdPrefix>(prefix: P): `${P}_${string}` => `${prefix}_${randomToken()}`

export const hasPrefix = (prefix: IdPrefix, value: string): boolean =>
  value.startsWith(`${prefix}_`) && /^[0-9A-Za-z_]+$/.test(value) && value.length <= 64
