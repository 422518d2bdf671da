import { Either } from "effect"
import type { Contract } from "../Domain/Contract/Contract.js"
import { certificateDocument } from "../Domain/Signing/Certificate.js"
import { executedRecord, pdfContractDocument } from "../Domain/Signing/ExecutedRecord.js"
import { sha256 } from "../Domain/Words/Blocks.js"
import { footerOf, renderPdf } from "./PdfDocument.js"
import { certificatePage, signaturePage, titlePage, wordsPages } from "./PdfPages.js"

/** The files a PDF carries, and from which alone it is drawn. */
export interface PdfFiles {
  readonly certificate: Uint8Array
  readonly certificateSig: Uint8Array
  readonly publicKey: Uint8Array
  readonly contract: Uint8Array
  readonly contractSig: Uint8Array
}

export const attachmentNames = {
  certificate: "certificate.json",
  certificateSig: "certificate.sig",
  publicKey: "signing-key.pem",
  contract: "contract.json",
  contractSig: "contract.sig"
} as const satisfies Record<keyof PdfFiles, string>

/** The files for one executed contract, signed by `sign` (the service's key, or a bench's). */
export const executedPdfFiles = (contract: Contract, keyId: string, publicPem: string, sign: (bytes: Uint8Array) => Uint8Array): PdfFiles => {
  const certificate = Buffer.from(certificateDocument(contract, keyId))
  const presentation = Buffer.from(pdfContractDocument(contract))
  return {
    certificate,
    certificateSig: sign(certificate),
    publicKey: Buffer.from(publicPem),
    contract: presentation,
    contractSig: sign(presentation)
  }
}

const attachmentTypes: Record<keyof PdfFiles, string> = {
  certificate: "application/json",
  certificateSig: "application/octet-stream",
  publicKey: "application/x-pem-file",
  contract: "application/json",
  contractSig: "application/octet-stream"
}

const order: ReadonlyArray<keyof PdfFiles> = ["certificate", "certificateSig", "contract", "contractSig", "publicKey"]

/**
 * The executed PDF, a pure function of the files it carries: same files, same bytes. Its dates
 * are the execution's and its ID is drawn from the certificate's hash.
 */
export const renderExecutedPdf = async (files: PdfFiles): Promise<Either.Either<Uint8Array, string>> => {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8")
  const record = executedRecord(text(files.certificate), text(files.contract))
  if (Either.isLeft(record)) return Either.left(record.left)
  const { contract } = record.right
  const documentSha256 = sha256(files.certificate)
  return Either.right(
    await renderPdf({
      kind: "executed",
      title: contract.title,
      subject: `Executed contract ${contract.id}`,
      at: new Date(contract.executed_at ?? 0),
      documentSha256,
      footer: footerOf(contract.title, contract.id, record.right.words_hash),
      attachments: order.map((key) => ({ name: attachmentNames[key], bytes: files[key], mimeType: attachmentTypes[key] })),
      draw: (flow) => {
        titlePage(flow, record.right)
        wordsPages(flow, record.right, "The words as signed")
        signaturePage(flow, record.right)
        certificatePage(flow, record.right, {
          documentSha256,
          attachments: order.map((key) => ({ name: attachmentNames[key], sha256: sha256(files[key]) }))
        })
      }
    })
  )
}
