import { Either } from "effect"
import type { Contract } from "../Domain/Contract/Contract.js"
import { filedRecord, filedRecordDocument } from "../Domain/Signing/FiledRecord.js"
import { sha256 } from "../Domain/Words/Blocks.js"
import { filedPage, filedTitlePage } from "./FiledPages.js"
import { footerOf, renderPdf } from "./PdfDocument.js"
import { wordsPages } from "./PdfPages.js"

/** The files a filed contract's PDF carries, and from which alone it is drawn. */
export interface FiledPdfFiles {
  readonly record: Uint8Array
  readonly recordSig: Uint8Array
  readonly publicKey: Uint8Array
}

export const filedAttachments = {
  record: { name: "filed-record.json", mimeType: "application/json" },
  recordSig: { name: "filed-record.sig", mimeType: "application/octet-stream" },
  publicKey: { name: "signing-key.pem", mimeType: "application/x-pem-file" }
} as const satisfies Record<keyof FiledPdfFiles, { name: string; mimeType: string }>

const order: ReadonlyArray<keyof FiledPdfFiles> = ["record", "recordSig", "publicKey"]

/** The files for one filed contract, its record signed by `sign` (the service's key). */
export const filedPdfFiles = (
  contract: Contract,
  sourceSha256: string | null,
  keyId: string,
  publicPem: string,
  sign: (bytes: Uint8Array) => Uint8Array
): FiledPdfFiles => {
  const record = Buffer.from(filedRecordDocument(contract, keyId, sourceSha256))
  return { record, recordSig: sign(record), publicKey: Buffer.from(publicPem) }
}

/**
 * A filed contract's PDF, a pure function of the files it carries: same files, same bytes. Its
 * dates are the filing's and its ID is drawn from the record's hash.
 */
export const renderFiledPdf = async (files: FiledPdfFiles): Promise<Either.Either<Uint8Array, string>> => {
  const record = filedRecord(Buffer.from(files.record).toString("utf8"))
  if (Either.isLeft(record)) return Either.left(record.left)
  const { contract, words } = record.right
  const recordSha256 = sha256(files.record)
  return Either.right(
    await renderPdf({
      kind: "filed",
      title: contract.title,
      subject: `Filed contract ${contract.id} (signed elsewhere)`,
      at: new Date(record.right.signed_elsewhere.claimed_at ?? 0),
      documentSha256: recordSha256,
      footer: footerOf(contract.title, contract.id, words.words_hash),
      attachments: order.map((key) => ({ ...filedAttachments[key], bytes: files[key] })),
      draw: (flow) => {
        filedTitlePage(flow, record.right)
        wordsPages(flow, words, "The words as filed")
        filedPage(flow, record.right, {
          recordSha256,
          attachments: order.map((key) => ({ name: filedAttachments[key].name, sha256: sha256(files[key]) }))
        })
      }
    })
  )
}
