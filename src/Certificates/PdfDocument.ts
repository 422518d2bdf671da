import fontkit from "@pdf-lib/fontkit"
import { Schema } from "effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { PDFDocument, PDFHexString } from "pdf-lib"
import { drawFooters, type Flow, type Fonts, makeFlow } from "./PdfLayout.js"

const require = createRequire(import.meta.url)
const PackageVersion = Schema.Struct({ version: Schema.String })
const versionOf = (name: string) => Schema.decodeUnknownSync(PackageVersion)(require(`${name}/package.json`)).version

/**
 * Liberation Sans (SIL Open Font License) as pdfjs-dist ships it: a runtime dependency already,
 * so the font comes from npm at a pinned version and never from whatever the OS has installed.
 */
const fontFile = (name: string) => readFileSync(join(dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts", name))
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | undefined
const fonts = () => (fontBytes ??= { regular: fontFile("LiberationSans-Regular.ttf"), bold: fontFile("LiberationSans-Bold.ttf") })

export type PdfKind = "executed" | "filed"

/**
 * Names every library the bytes depend on: a PDF rebuilt by another version of any of them may
 * differ, and the verifier says so instead of calling the PDF altered.
 */
export const rendererOf = (kind: PdfKind) =>
  `cns-${kind}-pdf/1 (pdf-lib ${versionOf("pdf-lib")}, @pdf-lib/fontkit ${versionOf("@pdf-lib/fontkit")}, Liberation Sans of pdfjs-dist ${
    versionOf("pdfjs-dist")
  })`

export interface Attachment {
  readonly name: string
  readonly bytes: Uint8Array
  readonly mimeType: string
}

export interface PdfSpec {
  readonly kind: PdfKind
  readonly title: string
  readonly subject: string
  /** The one moment the document has: its creation, modification and attachment dates. */
  readonly at: Date
  /** The sha256 of the signed document the PDF rests on: its /ID is drawn from it. */
  readonly documentSha256: string
  readonly footer: string
  readonly attachments: ReadonlyArray<Attachment>
  readonly draw: (flow: Flow) => void
}

/**
 * A PDF as a pure function of its spec: same spec, same bytes. pdf-lib's own random names come
 * from a generator it seeds the same way for every document.
 */
export const renderPdf = async (spec: PdfSpec): Promise<Uint8Array> => {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.registerFontkit(fontkit)
  const embedded: Fonts = {
    regular: await doc.embedFont(fonts().regular, { subset: true, customName: "LiberationSans" }),
    bold: await doc.embedFont(fonts().bold, { subset: true, customName: "LiberationSans-Bold" })
  }
  spec.draw(makeFlow(doc, embedded))
  drawFooters(doc, embedded, spec.footer)
  for (const file of spec.attachments) {
    await doc.attach(file.bytes, file.name, { mimeType: file.mimeType, creationDate: spec.at, modificationDate: spec.at })
  }
  doc.setTitle(spec.title)
  doc.setSubject(spec.subject)
  doc.setCreator("contract-negotiation-service")
  doc.setProducer(rendererOf(spec.kind))
  doc.setCreationDate(spec.at)
  doc.setModificationDate(spec.at)
  const id = PDFHexString.of(spec.documentSha256.slice("sha256:".length, "sha256:".length + 32))
  doc.context.trailerInfo.ID = doc.context.obj([id, id])
  return doc.save({ useObjectStreams: true })
}

/** A footer's label: the title cut short, the contract and the start of its words hash. */
export const footerOf = (title: string, contract: string, wordsHash: string) =>
  `${title.length > 60 ? `${title.slice(0, 59)}…` : title} · ${contract} · ${wordsHash.slice(0, 23)}…`
