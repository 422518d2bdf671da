import type { FiledRecord } from "../Domain/Signing/FiledRecord.js"
import type { Flow } from "./PdfLayout.js"
import { proofSection, titleHead } from "./PdfPages.js"

const notACertificate =
  "This is not a certificate of signing. The contract was signed elsewhere and filed here by import; this service saw no signature, bound no words and issued no certificate. It attests only what was filed, when, by whom, and from which source."

const status = (fact: FiledRecord["facts"][number]) => fact.status === "confirmed" ? `confirmed ${fact.confirmed_at ?? ""}`.trim() : "inferred by the import"

export const filedTitlePage = (flow: Flow, record: FiledRecord) => {
  titleHead(flow, {
    kicker: "FILED CONTRACT · SIGNED ELSEWHERE",
    contract: record.contract,
    moment: ["Filed at", record.signed_elsewhere.claimed_at ?? "unknown"],
    wordsHash: record.words.words_hash
  })
  const parties = record.facts.filter((f) => f.kind === "party")
  if (parties.length === 0) flow.paragraph("The import found no party named in the words.", { size: 9.5, gray: true })
  for (const party of parties) {
    flow.paragraph(party.value, { bold: true, size: 10.5 })
    flow.paragraph(`${party.label} · ${status(party)}`, { size: 9.5, gray: true })
    flow.gap(6)
  }
  flow.gap(12)
  flow.paragraph("Key facts", { bold: true, size: 13 })
  flow.gap(4)
  const facts = record.facts.filter((f) => f.kind !== "party")
  if (facts.length === 0) flow.paragraph("The import found no facts in the words.", { size: 9.5, gray: true })
  for (const fact of facts) flow.field(fact.label, `${fact.value}   (${status(fact)})`, 140)
  flow.gap(12)
  flow.paragraph(notACertificate, { size: 9, gray: true })
}

export interface FiledFacts {
  readonly recordSha256: string
  readonly attachments: ReadonlyArray<{ readonly name: string; readonly sha256: string }>
}

export const filedPage = (flow: Flow, record: FiledRecord, facts: FiledFacts) => {
  flow.newPage()
  flow.paragraph("Filed, signed elsewhere", { bold: true, size: 13 })
  flow.gap(6)
  flow.paragraph(notACertificate, { bold: true, size: 10 })
  flow.gap(10)
  flow.paragraph("The claim", { bold: true, size: 11 })
  const claimant = record.signed_elsewhere.claimed_by_name
  flow.field("Claimed by", `${claimant === null ? "" : `${claimant}, `}${record.signed_elsewhere.claimed_by ?? "unknown"}`)
  flow.field("Claimed at", record.signed_elsewhere.claimed_at ?? "unknown")
  flow.gap(10)
  flow.paragraph("Provenance", { bold: true, size: 11 })
  flow.field("Import", record.source.import ?? "none")
  flow.field("Source asset", record.source.asset ?? "none")
  flow.field("Source sha256", record.source.sha256 ?? "not given by the asset store")
  flow.field("Words hash", record.words.words_hash)
  flow.field("Signed by key", `${record.key_id} (Ed25519)`)
  flow.field("filed-record.json", facts.recordSha256)
  proofSection(flow, facts.attachments, [
    "npm run verify -- filed.pdf signing-key.pem",
    "The command reads the attached files, checks the record's Ed25519 signature (against the key file given, or else the attached key, whose key_id you compare with the service's GET /contracts/{id}/pdf answer), re-hashes the words to words_hash, and rebuilds this PDF from the attached files: a changed byte anywhere fails.",
    "The source's hash lets whoever holds the original document check it is the one filed: sha256sum it and compare.",
    "By hand: extract the attachments (pdfdetach -saveall filed.pdf), then",
    "openssl pkeyutl -verify -pubin -inkey signing-key.pem -rawin -in filed-record.json -sigfile filed-record.sig"
  ])
}
