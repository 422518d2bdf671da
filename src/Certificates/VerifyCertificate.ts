import { createPublicKey, verify } from "node:crypto"
import { checkCertificateDocument } from "../Domain/Signing/Certificate.js"

/** A detached Ed25519 signature holds over exactly these bytes, or why not. */
export const signatureProblem = (bytes: Uint8Array, signature: Uint8Array, publicPem: string, what: string): string | undefined => {
  let key
  try {
    key = createPublicKey(publicPem)
  } catch {
    return "the public key is not a PEM key"
  }
  if (key.asymmetricKeyType !== "ed25519") return "the public key is not an Ed25519 key"
  if (!verify(null, bytes, key, signature)) return `the signature does not match ${what}: it was altered, or signed by another key`
  return undefined
}

/**
 * The signature over the exact bytes of the document, then the document's own arithmetic (the
 * words hash to words_hash, every letter follows the one before it).
 */
export const verifyCertificate = (document: Buffer, signature: Buffer, publicPem: string): ReadonlyArray<string> => {
  const problem = signatureProblem(document, signature, publicPem, "the document")
  if (problem !== undefined) return [problem]
  return checkCertificateDocument(document.toString("utf8")).problems
}
