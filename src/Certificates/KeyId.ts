import { createHash, createPublicKey } from "node:crypto"

/** The short name of a public key that the certificate, the API answer and the PDF all print. */
export const keyIdOf = (publicPem: string): string =>
  `ed25519:${createHash("sha256").update(createPublicKey(publicPem).export({ type: "spki", format: "der" })).digest("hex").slice(0, 16)}`
