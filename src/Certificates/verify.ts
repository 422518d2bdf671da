/**
 * Verifies a certificate offline: the Ed25519 signature over the exact bytes of the document,
 * then the document's own arithmetic (the words hash to words_hash, every letter follows the
 * one before it). Trusts nothing but the three files it is given.
 *
 *   npm run verify -- certificate.json certificate.sig signing-key.pem
 */
import { createPublicKey, verify } from "node:crypto"
import { readFileSync, realpathSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { checkCertificateDocument } from "../Domain/Signing/Certificate.js"

export const verifyCertificate = (document: Buffer, signature: Buffer, publicPem: string): ReadonlyArray<string> => {
  let key
  try {
    key = createPublicKey(publicPem)
  } catch {
    return ["the public key is not a PEM key"]
  }
  if (key.asymmetricKeyType !== "ed25519") return ["the public key is not an Ed25519 key"]
  if (!verify(null, document, key, signature)) return ["the signature does not match the document: it was altered, or signed by another key"]
  return checkCertificateDocument(document.toString("utf8")).problems
}

const main = () => {
  const [documentPath, signaturePath, keyPath] = process.argv.slice(2)
  if (documentPath === undefined || signaturePath === undefined || keyPath === undefined) {
    process.stderr.write("usage: npm run verify -- certificate.json certificate.sig signing-key.pem\n")
    return 2
  }
  const problems = verifyCertificate(readFileSync(documentPath), readFileSync(signaturePath), readFileSync(keyPath, "utf8"))
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`FAILED: ${problem}\n`)
    return 1
  }
  process.stdout.write("Certificate verified: signed by the key given, words and letter chain intact.\n")
  return 0
}

// Run as a command (not imported); through a symlinked checkout argv names the link, the module its target.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) process.exitCode = main()
