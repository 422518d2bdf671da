import { Effect, Option } from "effect"
import { Assets } from "./Assets.js"
import { ServerConfig } from "./Config.js"
import { executedPdfFiles, renderExecutedPdf } from "./Certificates/ExecutedPdf.js"
import { filedPdfFiles, renderFiledPdf } from "./Certificates/FiledPdf.js"
import { SigningKey } from "./Certificates/SigningKey.js"
import { ContractStore } from "./Engine/ContractStore.js"
import type { Contract } from "./Domain/Contract/Contract.js"
import { notFound, reject } from "./Domain/Contract/Rejection.js"
import { certificateDocument } from "./Domain/Signing/Certificate.js"
import { sha256 } from "./Domain/Words/Blocks.js"
import { SandboxClocks } from "./Sandbox/SandboxClocks.js"

/** Only an executed contract has a certificate; a filed one has a PDF too, of its filed record. */
const hasCertificate = (contract: Contract) => contract.state === "executed"
const hasPdf = (contract: Contract) => contract.state === "executed" || contract.state === "filed"

/** An executed contract's signed certificate, and an executed or filed contract's PDF: links that expire, and the documents behind them. */
export class Certificates extends Effect.Service<Certificates>()("Certificates", {
  dependencies: [ContractStore.Default, Assets.Default, SigningKey.Default, SandboxClocks.Default],
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const assets = yield* Assets
    const key = yield* SigningKey
    const config = yield* ServerConfig
    const publicKeyUrl = `${config.publicUrl}/certificates/signing-key.pem`
    const clocks = yield* SandboxClocks
    /** Links live on the clock of the contract's drafting org: in its test mode, a sandbox clock moved on expires them. */
    const onContractClock = (contract: Contract) => clocks.onClockOf(contract.org, contract.mode)

    /** A signed link to one of a contract's documents, and when it stops working. */
    const signed = Effect.fnUntraced(function*(contract: Contract) {
      const { expires, token } = yield* onContractClock(contract)(key.link(contract.id))
      const base = `${config.publicUrl}/certificates/${contract.id}`
      return { at: (file: string) => `${base}/${file}?expires=${expires}&token=${token}`, expires_at: new Date(expires * 1000).toISOString() }
    })

    const link = Effect.fnUntraced(function*(id: string) {
      const { contract } = yield* store.visible(id)
      if (!hasCertificate(contract)) return yield* notFound("certificate", contract.id)
      const { at, expires_at } = yield* signed(contract)
      const url = at("certificate.json")
      const signatureUrl = at("certificate.sig")
      const pdfUrl = at("contract.pdf")
      return {
        object: "certificate" as const,
        contract: contract.id,
        url,
        signature_url: signatureUrl,
        pdf_url: pdfUrl,
        expires_at,
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

    /** The signed document a PDF carries and rests on: the certificate, or a filed contract's record. */
    const pdfFiles = Effect.fnUntraced(function*(contract: Contract) {
      if (contract.state === "executed") return { kind: "executed" as const, files: executedPdfFiles(contract, key.keyId, key.publicPem, key.sign) }
      const source = contract.imported?.asset ?? contract.signed_elsewhere?.asset
      const checksum = source === undefined ? null : yield* assets.checksumOf(contract.id, source)
      return { kind: "filed" as const, files: filedPdfFiles(contract, checksum, key.keyId, key.publicPem, key.sign) }
    })

    const pdfLink = Effect.fnUntraced(function*(id: string) {
      const { contract } = yield* store.visible(id)
      if (!hasPdf(contract)) return yield* notFound("PDF", contract.id)
      const { at, expires_at } = yield* signed(contract)
      const { files, kind } = yield* pdfFiles(contract)
      const url = at("contract.pdf")
      const file = kind === "executed" ? "contract.pdf" : "filed.pdf"
      return {
        object: "contract_pdf" as const,
        contract: contract.id,
        kind,
        url,
        expires_at,
        algorithm: "Ed25519" as const,
        key_id: key.keyId,
        public_key: key.publicPem,
        public_key_url: publicKeyUrl,
        document: kind === "executed" ? "certificate.json" as const : "filed-record.json" as const,
        document_sha256: sha256("certificate" in files ? files.certificate : files.record),
        recipe: [
          `curl -o ${file} '${url}'`,
          `curl -o signing-key.pem '${publicKeyUrl}'   # or save public_key from this answer; compare key_id`,
          `npm run verify -- ${file} signing-key.pem   # its attached signed document, and every byte of it`
        ]
      }
    })

    /** The contract behind a link that has not expired, if it has the document asked for. */
    const linked = Effect.fnUntraced(function*(id: string, expires: number, token: string, has: (contract: Contract) => boolean, what: string) {
      const contract = yield* store.read(id)
      const open = key.linkOpen(id, expires, token)
      if (!(yield* Option.isSome(contract) ? onContractClock(contract.value)(open) : open)) {
        return yield* reject("unauthorized", `This ${what} link is not valid or has expired: ask GET /contracts/{id}/certificate or /pdf for a new one.`)
      }
      if (Option.isNone(contract) || !has(contract.value)) return yield* notFound(what, id)
      return contract.value
    })

    /** The certificate document for whoever holds a link that has not expired. */
    const document = (id: string, expires: number, token: string) =>
      Effect.map(linked(id, expires, token, hasCertificate, "certificate"), (contract) => Buffer.from(certificateDocument(contract, key.keyId)))

    /** The executed or filed PDF, drawn from the signed documents it carries. */
    const pdf = (id: string, expires: number, token: string) =>
      linked(id, expires, token, hasPdf, "PDF").pipe(
        Effect.flatMap(pdfFiles),
        Effect.flatMap(({ files, kind }) =>
          // The documents are made here from a stored contract: a failure to draw them is a defect.
          Effect.promise(() => kind === "executed" ? renderExecutedPdf(files) : renderFiledPdf(files))
        ),
        Effect.flatMap((rendered) => Effect.orDieWith(rendered, (why) => new Error(why)))
      )

    return { link, pdfLink, document, pdf } as const
  })
}) {}
