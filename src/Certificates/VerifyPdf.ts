import { Either } from "effect"
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString } from "pdf-lib"
import { checkCertificateDocument } from "../Domain/Signing/Certificate.js"
import { attachmentNames, type PdfFiles, renderer, renderExecutedPdf } from "./ExecutedPdf.js"
import { keyIdOf } from "./KeyId.js"
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

const filesOf = async (pdf: Uint8Array): Promise<Either.Either<{ files: PdfFiles; producer: string | undefined }, string>> => {
  try {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false })
    const attached = attachmentsOf(doc)
    const files: Partial<Record<keyof PdfFiles, Uint8Array>> = {}
    for (const [key, name] of Object.entries(attachmentNames) as Array<[keyof PdfFiles, string]>) {
      const bytes = attached.get(name)
      if (bytes === undefined) return Either.left(`the PDF does not carry ${name}`)
      files[key] = bytes
    }
    return Either.right({ files: files as PdfFiles, producer: doc.getProducer() })
  } catch (error) {
    return Either.left(`the file is not a PDF this verifier can read (${error instanceof Error ? error.message : String(error)})`)
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
}

/**
 * Verifies an executed PDF offline. Its two documents must be signed by the key (the one given,
 * else the one attached), the certificate's arithmetic must hold, and the PDF must be exactly
 * the bytes those files render to: so a changed byte anywhere, on a page or in an attachment,
 * fails it.
 */
export const verifyPdf = async (pdf: Uint8Array, pinnedPem?: string): Promise<VerifiedPdf> => {
  const read = await filesOf(pdf)
  if (Either.isLeft(read)) return { problems: [read.left] }
  const { files, producer } = read.right
  const attachedPem = Buffer.from(files.publicKey).toString("utf8")
  const wrongKey = keyProblem(attachedPem, pinnedPem)
  if (wrongKey !== undefined) return { problems: [wrongKey] }
  const pem = pinnedPem ?? attachedPem
  const keyId = keyIdOf(pem)
  const unsigned = [
    signatureProblem(files.certificate, files.certificateSig, pem, "certificate.json"),
    signatureProblem(files.contract, files.contractSig, pem, "contract.json")
  ].filter((p) => p !== undefined)
  if (unsigned.length > 0) return { problems: unsigned, keyId }
  const certificateText = Buffer.from(files.certificate).toString("utf8")
  const problems = Array.from(checkCertificateDocument(certificateText).problems)
  const named = (JSON.parse(certificateText) as { key_id?: unknown }).key_id
  if (named !== keyId) problems.push(`certificate.json names key ${String(named)}, not the key that signed it (${keyId})`)
  const rebuilt = await renderExecutedPdf(files)
  if (Either.isLeft(rebuilt)) problems.push(rebuilt.left)
  else if (Buffer.compare(Buffer.from(rebuilt.right), Buffer.from(pdf)) !== 0) {
    problems.push(
      producer !== renderer
        ? `the PDF names its maker as "${producer ?? "nobody"}", and this verifier renders as "${renderer}": its bytes cannot be compared`
        : "the PDF's bytes are not the ones its signed files make: a page, its text or its metadata was altered"
    )
  }
  return { problems, keyId }
}
