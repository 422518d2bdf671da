import fontkit from "@pdf-lib/fontkit"
import { Either } from "effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { PDFDocument, PDFHexString } from "pdf-lib"
import type { Contract } from "../Domain/Contract/Contract.js"
import { certificateDocument } from "../Domain/Signing/Certificate.js"
import { executedRecord, pdfContractDocument } from "../Domain/Signing/ExecutedRecord.js"
import { sha256 } from "../Domain/Words/Blocks.js"
import { drawFooters, type Fonts, makeFlow } from "./PdfLayout.js"
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

const require = createRequire(import.meta.url)
const versionOf = (name: string) => (require(`${name}/package.json`) as { version: string }).version

/**
 * Liberation Sans (SIL Open Font License) as pdfjs-dist ships it: a runtime dependency already,
 * so the font comes from npm at a pinned version and never from whatever the OS has installed.
 */
const fontFile = (name: string) => readFileSync(join(dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts", name))
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined
const fonts = () => (fontBytes ??= { regular: fontFile("LiberationSans-Regular.ttf"), bold: fontFile("LiberationSans-Bold.ttf") })

/**
 * Names every library the bytes depend on: a PDF rebuilt by another version of any of them may
 * differ, and the verifier says so instead of calling the PDF altered.
 */
export const renderer = `cns-executed-pdf/1 (pdf-lib ${versionOf("pdf-lib")}, @pdf-lib/fontkit ${
  versionOf("@pdf-lib/fontkit")
}, Liberation Sans of pdfjs-dist ${versionOf("pdfjs-dist")})`

const order: ReadonlyArray<keyof PdfFiles> = ["certificate", "certificateSig", "contract", "contractSig", "publicKey"]

/**
 * The executed PDF, a pure function of the files it carries: same files, same bytes. Its dates
 * are the execution's, its ID is drawn from the certificate's hash, and pdf-lib's own random
 * names come from a generator it seeds the same way for every document.
 */
export const renderExecutedPdf = async (files: PdfFiles): Promise<Either.Either<Uint8Array, string>> => {
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8")
  const record = executedRecord(text(files.certificate), text(files.contract))
  if (Either.isLeft(record)) return Either.left(record.left)
  const { contract } = record.right
  const at = new Date(contract.executed_at ?? 0)

  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.registerFontkit(fontkit)
  const embedded: Fonts = {
    regular: await doc.embedFont(fonts().regular, { subset: true, customName: "LiberationSans" }),
    bold: await doc.embedFont(fonts().bold, { subset: true, customName: "LiberationSans-Bold" })
  }
  const flow = makeFlow(doc, embedded)
  titlePage(flow, record.right)
  wordsPages(flow, record.right)
  signaturePage(flow, record.right)
  const documentSha256 = sha256(files.certificate)
  certificatePage(flow, record.right, {
    documentSha256,
    attachments: order.map((key) => ({ name: attachmentNames[key], sha256: sha256(files[key]) }))
  })
  const shortTitle = contract.title.length > 60 ? `${contract.title.slice(0, 59)}…` : contract.title
  drawFooters(doc, embedded, `${shortTitle} · ${contract.id} · ${record.right.words_hash.slice(0, 23)}…`)

  for (const key of order) {
    await doc.attach(files[key], attachmentNames[key], { mimeType: attachmentTypes[key], creationDate: at, modificationDate: at })
  }
  doc.setTitle(contract.title)
  doc.setSubject(`Executed contract ${contract.id}`)
  doc.setCreator("contract-negotiation-service")
  doc.setProducer(renderer)
  doc.setCreationDate(at)
  doc.setModificationDate(at)
  const id = PDFHexString.of(documentSha256.slice("sha256:".length, "sha256:".length + 32))
  doc.context.trailerInfo.ID = doc.context.obj([id, id])
  return Either.right(await doc.save({ useObjectStreams: true }))
}
