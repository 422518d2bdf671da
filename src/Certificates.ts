import { Effect, Option } from "effect"
import { ServerConfig } from "./Config.js"
import { executedPdfFiles, renderExecutedPdf } from "./Certificates/ExecutedPdf.js"
import { SigningKey } from "./Certificates/SigningKey.js"
import { ContractStore } from "./Contracts/ContractStore.js"
import type { Contract } from "./Domain/Contract/Contract.js"
import { notFound, reject } from "./Domain/Contract/Rejection.js"
import { certificateDocument } from "./Domain/Signing/Certificate.js"
import { sha256 } from "./Domain/Words/Blocks.js"

const noCertificate = (contract: Contract) => contract.state === "executed" ? undefined : notFound("certificate", contract.id)

/** An executed contract's signed certificate: a link that expires, and the document behind it. */
export class Certificates extends Effect.Service<Certificates>()("Certificates", {
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const key = yield* SigningKey
    const config = yield* ServerConfig

    const link = Effect.fnUntraced(function*(id: string) {
      const { contract } = yield* store.visible(id)
      const missing = noCertificate(contract)
      if (missing !== undefined) return yield* missing
      const { expires, token } = yield* key.link(contract.id)
      const query = `expires=${expires}&token=${token}`
      const base = `${config.publicUrl}/certificates/${contract.id}`
      const url = `${base}/certificate.json?${query}`
      const signatureUrl = `${base}/certificate.sig?${query}`
      const pdfUrl = `${base}/contract.pdf?${query}`
      const publicKeyUrl = `${config.publicUrl}/certificates/signing-key.pem`
      return {
        object: "certificate" as const,
        contract: contract.id,
        url,
        signature_url: signatureUrl,
        pdf_url: pdfUrl,
        expires_at: new Date(expires * 1000).toISOString(),
        algorithm: "Ed25519" as const,
        key_id: key.keyId,
        public_key: key.publicPem,
        public_key_url: publicKeyUrl,
        document_sha256: sha256(certificateDocument(contract, key.keyId)),
        recipe: [
          `curl -o certificate.json '${url}'`,
          `curl -o certificate.sig '${signatureUrl}'`,
          `curl -o signing-key.pem '${publicKeyUrl}'   # or save public_key from this answer; compare key_id`,
          "openssl pkeyutl -verify -pubin -inkey signing-key.pem -rawin -in certificate.json -sigfile certificate.sig",
          "npm run verify -- certificate.json certificate.sig signing-key.pem   # also re-checks words_hash and the letter chain",
          `curl -o contract.pdf '${pdfUrl}'`,
          "npm run verify -- contract.pdf signing-key.pem   # the executed PDF: its attached certificate, and every byte of it"
        ]
      }
    })

    /** The executed contract behind a link that has not expired. */
    const linked = Effect.fnUntraced(function*(id: string, expires: number, token: string) {
      if (!(yield* key.linkOpen(id, expires, token))) {
        return yield* reject("unauthorized", "This certificate link is not valid or has expired: ask GET /contracts/{id}/certificate for a new one.")
      }
      const contract = yield* store.read(id)
      if (Option.isNone(contract) || noCertificate(contract.value) !== undefined) return yield* notFound("certificate", id)
      return contract.value
    })

    /** The certificate document for whoever holds a link that has not expired. */
    const document = (id: string, expires: number, token: string) =>
      Effect.map(linked(id, expires, token), (contract) => Buffer.from(certificateDocument(contract, key.keyId)))

    /** The executed PDF: drawn from the signed certificate and the signed parties' names it carries. */
    const pdf = (id: string, expires: number, token: string) =>
      Effect.flatMap(linked(id, expires, token), (contract) => {
        const files = executedPdfFiles(contract, key.keyId, key.publicPem, key.sign)
        // Both documents are made here from a stored executed contract: a failure is a defect.
        return Effect.flatMap(Effect.promise(() => renderExecutedPdf(files)), (rendered) => Effect.orDieWith(rendered, (why) => new Error(why)))
      })

    return { link, document, pdf } as const
  })
}) {}
