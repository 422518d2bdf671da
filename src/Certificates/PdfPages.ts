import type { ExecutedRecord, RecordSignature } from "../Domain/Signing/ExecutedRecord.js"
import type { Flow } from "./PdfLayout.js"

const kindLabel: Record<string, string> = { heading: "", clause: "", exhibit: "Exhibit", signature_block: "Signature block" }

const capacityWords = (capacity: ReadonlyArray<string>) => (capacity.length === 0 ? "observer" : capacity.join(" and "))

export interface TitleHead {
  readonly kicker: string
  readonly contract: { readonly id: string; readonly title: string; readonly version: number; readonly amends: string | null; readonly livemode: boolean }
  /** When the contract became what the PDF shows: executed, or filed. */
  readonly moment: readonly [label: string, at: string]
  readonly wordsHash: string
}

/** The first page's head, down to the parties' heading: the same for every kind of PDF. */
export const titleHead = (flow: Flow, { contract, kicker, moment, wordsHash }: TitleHead) => {
  flow.newPage()
  flow.paragraph(kicker, { size: 9, gray: true })
  flow.gap(6)
  flow.paragraph(contract.title, { bold: true, size: 20 })
  flow.gap(16)
  flow.field("Contract", contract.id)
  flow.field("Version", contract.amends === null ? String(contract.version) : `${contract.version}, amending ${contract.amends}`)
  flow.field("Mode", contract.livemode ? "live" : "test (a sandbox contract, binding no one)")
  flow.field(...moment)
  flow.field("Words hash", wordsHash)
  flow.gap(18)
  flow.paragraph("Parties", { bold: true, size: 13 })
  flow.gap(4)
}

export const titlePage = (flow: Flow, record: ExecutedRecord) => {
  titleHead(flow, {
    kicker: "EXECUTED CONTRACT",
    contract: record.contract,
    moment: ["Executed at", record.contract.executed_at ?? "not executed"],
    wordsHash: record.words_hash
  })
  for (const party of record.parties) {
    flow.paragraph(party.removed ? `${party.name} (removed before execution)` : party.name, { bold: true, size: 10.5 })
    flow.paragraph(`${party.side === "drafter" ? "Drafting side" : "Counterparty"} · ${capacityWords(party.capacity)}`, { size: 9.5, gray: true })
    flow.gap(6)
  }
  flow.gap(12)
  flow.paragraph(
    "This PDF carries its own proof: the signed certificate (certificate.json, certificate.sig), the parties' names (contract.json, contract.sig) and the service's public key ride inside it as attached files. The last page says how to check them.",
    { size: 9, gray: true }
  )
}

/** Every block with its number, as the signed document holds it. */
export const wordsPages = (flow: Flow, record: { readonly blocks: ExecutedRecord["blocks"] }, heading: string) => {
  flow.newPage()
  flow.paragraph(heading, { bold: true, size: 13 })
  flow.gap(8)
  for (const block of record.blocks) {
    const lead = `${block.number}.`
    const label = kindLabel[block.kind] ?? block.kind
    if (block.kind === "heading") {
      flow.gap(6)
      flow.paragraph(block.text, { bold: true, size: 11, indent: 28 }, lead)
    } else {
      if (label !== "") {
        flow.paragraph(label, { size: 8, gray: true, indent: 28 }, lead)
        flow.paragraph(block.text, { size: 10, indent: 28 })
      } else {
        flow.paragraph(block.text, { size: 10, indent: 28 }, lead)
      }
    }
    flow.gap(6)
  }
}

const markWords = (s: RecordSignature) =>
  s.mark_text !== null
    ? `typed: "${s.mark_text}"`
    : s.mark_checksum !== null
    ? `drawn; the image's checksum is ${s.mark_checksum}`
    : "none on file (signed by pressing Sign)"

const signatureStanza = (flow: Flow, s: RecordSignature) => {
  flow.ensure(110)
  flow.paragraph(s.name, { bold: true, size: 12 })
  flow.gap(2)
  flow.field("Side", s.side === "drafter" ? "drafting side" : "counterparty")
  flow.field("Capacity", capacityWords(s.capacity))
  flow.field("Mark", markWords(s))
  flow.field("Signed at", s.signed_at)
  flow.field("Bound text_hash", s.bound_hash)
  flow.field("Intent", s.intent)
  flow.gap(14)
}

export const signaturePage = (flow: Flow, record: ExecutedRecord) => {
  flow.newPage()
  flow.paragraph("Signatures", { bold: true, size: 13 })
  flow.paragraph(`Each signer bound exactly these words: words_hash ${record.words_hash}.`, { size: 9, gray: true })
  flow.gap(10)
  const bound = record.signatures.filter((s) => s.state === "bound")
  for (const s of bound) signatureStanza(flow, s)
  const struck = record.signatures.filter((s) => s.state !== "bound")
  if (struck.length > 0) {
    flow.paragraph("Earlier signatures, struck before execution", { bold: true, size: 10 })
    for (const s of struck) flow.paragraph(`${s.name}: ${s.state} (signed ${s.signed_at}, bound ${s.bound_hash.slice(0, 23)}…)`, { size: 9, gray: true })
  }
}

export interface CertificateFacts {
  readonly documentSha256: string
  readonly attachments: ReadonlyArray<{ readonly name: string; readonly sha256: string }>
}

export const certificatePage = (flow: Flow, record: ExecutedRecord, facts: CertificateFacts) => {
  flow.newPage()
  flow.paragraph("Certificate", { bold: true, size: 13 })
  flow.gap(8)
  flow.field("Contract", record.contract.id)
  flow.field("Signed by key", `${record.key_id} (Ed25519)`)
  flow.field("certificate.json", facts.documentSha256)
  flow.field("Words hash", record.words_hash)
  flow.gap(12)
  flow.paragraph("The letters' hash chain", { bold: true, size: 11 })
  flow.paragraph("Each round's letter carries the digest of the one before it; the full entries are in certificate.json.", { size: 9, gray: true })
  flow.gap(4)
  for (const letter of record.letters) flow.field(`Letter ${letter.sequence}`, `${letter.sent_at}   ${letter.digest.slice(0, 23)}…`)
  flow.field("Chain head", record.chain_head)
  proofSection(flow, facts.attachments, [
    "npm run verify -- contract.pdf signing-key.pem",
    "The command reads the attached files, checks both Ed25519 signatures (against the key file given, or else the attached key, whose key_id you compare with the service's GET /contracts/{id}/certificate answer), re-hashes the words to words_hash, walks the letter chain, and rebuilds this PDF from the attached files: a changed byte anywhere fails.",
    "By hand: extract the attachments (pdfdetach -saveall contract.pdf), then",
    "openssl pkeyutl -verify -pubin -inkey signing-key.pem -rawin -in certificate.json -sigfile certificate.sig"
  ])
}

/** The last page's end: each attached file's hash, then the commands that check them. */
export const proofSection = (flow: Flow, attachments: CertificateFacts["attachments"], recipe: ReadonlyArray<string>) => {
  flow.gap(12)
  flow.paragraph("Attached files", { bold: true, size: 11 })
  for (const file of attachments) flow.field(file.name, file.sha256)
  flow.gap(12)
  flow.paragraph("How to verify this PDF", { bold: true, size: 11 })
  for (const line of recipe) flow.paragraph(line, { size: 9 })
}
