/**
 * Verifies a certificate offline, from its three files or from the executed PDF that carries them,
 * and a filed contract's PDF (its signed filed record) the same way.
 * The three-file form trusts nothing but the files given. The PDF form trusts the key file when one
 * is given; without one it checks against the key the PDF carries and prints its key_id, which the
 * reader compares with the service's published one (GET /contracts/{id}/certificate, key_id).
 *
 *   npm run verify -- certificate.json certificate.sig signing-key.pem
 *   npm run verify -- contract.pdf [signing-key.pem]
 *   npm run verify -- filed.pdf [signing-key.pem]
 */
import { readFileSync, realpathSync } from "node:fs"
import { pathToFileURL } from "node:url"
import { verifyCertificate } from "./VerifyCertificate.js"
import { verifyPdf } from "./VerifyPdf.js"

export { verifyCertificate } from "./VerifyCertificate.js"

const usage = "usage: npm run verify -- certificate.json certificate.sig signing-key.pem\n       npm run verify -- contract.pdf|filed.pdf [signing-key.pem]\n"

const report = (problems: ReadonlyArray<string>, success: string) => {
  for (const problem of problems) process.stderr.write(`FAILED: ${problem}\n`)
  if (problems.length > 0) return 1
  process.stdout.write(success)
  return 0
}

const main = async () => {
  const args = process.argv.slice(2)
  if (args[0]?.toLowerCase().endsWith(".pdf") === true && args.length <= 2) {
    const pinned = args[1] === undefined ? undefined : readFileSync(args[1], "utf8")
    const { keyId, kind, problems } = await verifyPdf(readFileSync(args[0]), pinned)
    const trust = pinned === undefined
      ? `signed by the key the PDF carries, ${keyId}: compare it with the key_id the service publishes`
      : `signed by the key given, ${keyId}`
    const verified = kind === "filed"
      ? `Filed contract's PDF verified (a filed record, not a certificate of signing): ${trust}; words intact`
      : `Executed contract's PDF verified: ${trust}; words and letter chain intact`
    return report(problems, `${verified}; every byte is what its signed files make.\n`)
  }
  const [documentPath, signaturePath, keyPath] = args
  if (documentPath === undefined || signaturePath === undefined || keyPath === undefined) {
    process.stderr.write(usage)
    return 2
  }
  const problems = verifyCertificate(readFileSync(documentPath), readFileSync(signaturePath), readFileSync(keyPath, "utf8"))
  return report(problems, "Certificate verified: signed by the key given, words and letter chain intact.\n")
}

// Run as a command (not imported); through a symlinked checkout argv names the link, the module its target.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main().then((code) => (process.exitCode = code), (error) => {
    process.stderr.write(`FAILED: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  })
}
