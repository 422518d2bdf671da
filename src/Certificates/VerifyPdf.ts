import { Either } from "effect"
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString } from "pdf-lib"
import { checkCertificateDocument } from "../Domain/Signing/Certificate.js"
import { filedRecord } from "../Domain/Signing/FiledRecord.js"
import { attachmentNames, renderExecutedPdf } from "./ExecutedPdf.js"
import { filedAttachments, renderFiledPdf } from "./FiledPdf.js"
import { keyIdOf } from "./KeyId.js"
import { type PdfKind, rendererOf } from "./PdfDocument.js"
import { signatureProblem } from "./VerifyCertificate.js"

/** Every file attached to the document, by name, through the whole EmbeddedFiles name tree. */
const attachmentsOf = (doc: PDFDocument): Map<string, Uint8Array> => {
  const found = new Map<string, Uint8Array>()
  const walk = (node: PDFDict) => {
    const kids = node.lookupMaybe(PDFName.of("Kids"), PDFArray)
    if (kids !== undefined) { for (let i = 0; i < kids.size(); i++) walk(kids.lookup(i, PDFDict)) }
    const pairs = node.lookupMaybe(PDFName.of("Names"), PDFArray)
    if (pairs === undefined) return
    for (let i = 0; i + 1 < pairs.size(); i += 2) {
      const name = pairs.lookup(i, PDFString, PDFHexString).decodeText()
      const stream = pairs.lookup(i + 1, PDFDict).lookup(PDFName.of("EF"), PDFDict).lookup(PDFName.of("F"), PDFStream)
      if (!(stream instanceof PDFRawStream)) throw new Error(`${name} is not a stored file`)
      found.set(name, decodePDFRawStream(stream).decode())
    }
  }
  const tree = doc.catalog.lookupMaybe(PDFName.of("Names"), PDFDict)?.lookupMaybe(PDFName.of("EmbeddedFiles"), PDFDict)
  if (tree !== undefined) walk(tree)
  return found
}

type File = (name: string) => Uint8Array
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8")

/** What each kind of PDF carries, which of its files are signed, and how it is checked and rebuilt. */
interface Kind {
  readonly names: ReadonlyArray<string>
  readonly signed: ReadonlyArray<readonly [document: string, signature: string]>
  readonly check: (file: File) => { readonly problems: ReadonlyArray<string>; readonly keyId: unknown }
  readonly rebuild: (file: File) => Promise<Either.Either<Uint8Array, string>>
}

const kinds: Record<PdfKind, Kind> = {
  executed: {
    names: Object.values(attachmentNames),
    signed: [["certificate.json", "certificate.sig"], ["contract.json", "contract.sig"]],
    check: (file) => {
      const certificate = text(file(attachmentNames.certificate))
      const parsed: unknown = JSON.parse(certificate)
      const keyId = typeof parsed === "object" && parsed !== null && "key_id" in parsed ? parsed.key_id : undefined
      return { problems: checkCertificateDocument(certificate).problems, keyId }
    },
    rebuild: (file) =>
      renderExecutedPdf({
        certificate: file(attachmentNames.certificate),
        certificateSig: file(attachmentNames.certificateSig),
        contract: file(attachmentNames.contract),
        contractSig: file(attachmentNames.contractSig),
        publicKey: file(attachmentNames.publicKey)
      })
  },
  filed: {
    names: Object.values(filedAttachments).map((a) => a.name),
    signed: [[filedAttachments.record.name, filedAttachments.recordSig.name]],
    check: (file) => {
      const record = filedRecord(text(file(filedAttachments.record.name)))
      return Either.isLeft(record) ? { problems: [record.left], keyId: undefined } : { problems: [], keyId: record.right.key_id }
    },
    rebuild: (file) =>
      renderFiledPdf({
        record: file(filedAttachments.record.name),
        recordSig: file(filedAttachments.recordSig.name),
        publicKey: file(filedAttachments.publicKey.name)
      })
  }
}

const keyProblem = (attachedPem: string, pinnedPem: string | undefined): string | undefined => {
  try {
    if (pinnedPem !== undefined && keyIdOf(pinnedPem) !== keyIdOf(attachedPem)) return "the PDF's attached key is not the key file given"
    return undefined
  } catch {
    return "a public key is not a PEM key"
  }
}

export interface VerifiedPdf {
  readonly problems: ReadonlyArray<string>
  /** The key the PDF was checked against, for the reader to compare with the one the service publishes. */
  readonly keyId?: string
  /** An executed contract's PDF (it carries a certificate), or a filed one's (a filed record, no certificate). */
  readonly kind?: PdfKind
}

const load = async (pdf: Uint8Array) => {
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false })
    return Either.right({ attached: attachmentsOf(doc), producer: doc.getProducer() })
  } catch (error) {
    return Either.left(`the file is not a PDF this verifier can read (${error instanceof Error ? error.message : String(error)})`)
  }
}

/**
 * Verifies an executed or a filed contract's PDF offline. Its signed documents must be signed by
 * the key (the one given, else the one attached), their arithmetic must hold, and the PDF must be
 * exactly the bytes its files render to: so a changed byte anywhere, on a page or in an
 * attachment, fails it.
 */
export const verifyPdf = async (pdf: Uint8Array, pinnedPem?: string): Promise<VerifiedPdf> => {
  const read = await load(pdf)
  if (Either.isLeft(read)) return { problems: [read.left] }
  const { attached, producer } = read.right
  const kind: PdfKind = attached.has(filedAttachments.record.name) ? "filed" : "executed"
  const missing = kinds[kind].names.find((name) => !attached.has(name))
  if (missing !== undefined) return { problems: [`the PDF does not carry ${missing}`], kind }
  const file: File = (name) => attached.get(name)!
  const attachedPem = text(file(attachmentNames.publicKey))
  const wrongKey = keyProblem(attachedPem, pinnedPem)
  if (wrongKey !== undefined) return { problems: [wrongKey], kind }
  const pem = pinnedPem ?? attachedPem
  const keyId = keyIdOf(pem)
  const unsigned = kinds[kind].signed.map(([document, signature]) => signatureProblem(file(document), file(signature), pem, document))
    .filter((p) => p !== undefined)
  if (unsigned.length > 0) return { problems: unsigned, keyId, kind }
  const checked = kinds[kind].check(file)
  const problems = Array.from(checked.problems)
  if (checked.keyId !== keyId) problems.push(`${kinds[kind].signed[0]![0]} names key ${String(checked.keyId)}, not the key that signed it (${keyId})`)
  const rebuilt = await kinds[kind].rebuild(file)
  if (Either.isLeft(rebuilt)) problems.push(rebuilt.left)
  else if (Buffer.compare(Buffer.from(rebuilt.right), Buffer.from(pdf)) !== 0) {
    problems.push(
      producer !== rendererOf(kind)
        ? `the PDF names its maker as "${producer ?? "nobody"}", and this verifier renders as "${rendererOf(kind)}": its bytes cannot be compared`
        : "the PDF's bytes are not the ones its signed files make: a page, its text or its metadata was altered"
    )
  }
  return { problems, keyId, kind }
}
