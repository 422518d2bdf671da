import { randomFillSync } from "node:crypto"
import { asId, type IdPrefix, type NewId } from "./Domain/Contract/Ids.js"

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Random bytes are drawn 4 KB at a time and each is used once: a call into the system's generator
// for every id cost about 9 µs, and a draft makes some twenty ids (docs/performance.md).
const pool = Buffer.alloc(4096)
let taken = pool.length

const randomByte = () => {
  if (taken === pool.length) {
    randomFillSync(pool)
    taken = 0
  }
  return pool[taken++]!
}

// 20 base-62 characters carry ~119 bits: ids never collide, across modes or otherwise. Bytes of
// 248 and over are skipped, so every character is equally likely (248 is 4 × 62).
export const randomToken = (length = 20): string => {
  let out = ""
  while (out.length < length) {
    const byte = randomByte()
    if (byte < 248) out += alphabet[byte % 62]
  }
  return out
}

/** The id source the shell hands the core: randomness stays out of src/Domain. */
export const makeId: NewId = <P extends IdPrefix>(prefix: P) => asId(prefix, `${prefix}_${randomToken()}`)
