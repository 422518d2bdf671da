import { randomBytes } from "node:crypto"
import { asId, type IdPrefix, type NewId } from "./Domain/Contract/Ids.js"

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

/** The id source the shell hands the core: randomness stays out of src/Domain. */
export const makeId: NewId = <P extends IdPrefix>(prefix: P) => asId(prefix, `${prefix}_${randomToken()}`)
