import { createHash, timingSafeEqual } from "node:crypto"
import { randomToken } from "../RandomIds.js"
import type { Mode } from "../Domain/Contract/Mode.js"

export const newApiKey = (mode: Mode) => `sk_${mode}_${randomToken(32)}`

// Secrets are stored only as their SHA-256: a high-entropy key needs no slow hash.
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex")

export const secretsEqual = (a: string, b: string) => {
  const left = Buffer.from(hashSecret(a))
  const right = Buffer.from(hashSecret(b))
  return timingSafeEqual(left, right)
}

export const apiKeyPattern = /^sk_(live|test)_[0-9A-Za-z]{32}$/

/** A person token: one person's credential in one mode, for an agent or an app acting as them. */
export const newPersonToken = (mode: Mode) => `pt_${mode}_${randomToken(32)}`

export const personTokenPattern = /^pt_(live|test)_[0-9A-Za-z]{32}$/
