import type { NewAsset } from "../Assets/Rows.js"
import { makeId } from "../RandomIds.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { MailReading } from "../Domain/Ingress/ReadMail.js"
import type { IngressRow } from "./Repo.js"

/** Who an ingress address belongs to: one org, in one mode. */
export interface IngressOwner {
  readonly org_id: string
  readonly mode: Mode
  readonly address: string
}

/** A received message's bytes as one org's `eml` asset (role `provenance`), bound to no contract yet. */
export const emlAsset = (
  owner: IngressOwner,
  message: { readonly bytes: number; readonly sha256: string; readonly sender: string | null; readonly at: string }
): NewAsset => ({
  id: makeId("ast"),
  org_id: owner.org_id,
  mode: owner.mode,
  contract_id: null,
  relationship_id: null,
  role: "provenance",
  filename: "message.eml",
  content_type: "message/rfc822",
  format: "eml",
  bytes: message.bytes,
  checksum: `sha256:${message.sha256}`,
  // Nobody of the org pressed a button: the bytes came by mail, and the sender is the one on record.
  created_by: `mail:${message.sender ?? "unknown"}`,
  created_at: message.at
})

/** The core of `ingress.detected` on the org stream (docs/gaps.md). */
export const detectedCore = (id: string, owner: IngressOwner, reading: MailReading, receivedAt: string) => ({
  ingress: id,
  address: owner.address,
  from: reading.sender,
  subject: reading.subject,
  attachments: reading.attachments.map((attachment) => attachment.filename),
  received_at: receivedAt
})

/** A message as `GET /ingress/{id}` answers it; `contracts` are the named ones the caller can see. */
export const renderMessage = (row: IngressRow, contracts: ReadonlyArray<string>) => ({
  id: row.id,
  object: "ingress_message" as const,
  address: row.recipient,
  from: row.reading.sender,
  subject: row.reading.subject,
  received_at: row.received_at,
  state: row.state,
  attachments: row.reading.attachments.map((a) => ({
    index: a.index,
    filename: a.filename,
    content_type: a.contentType,
    size: a.size,
    importable: a.importable
  })),
  forwarded: row.reading.forwarded.map((f) => ({ author: f.author, author_name: f.authorName, authored_at: f.authoredAt, subject: f.subject })),
  contracts,
  asset: row.asset_id,
  import: row.import_id,
  contract: row.contract_id,
  letter: row.letter_id,
  decided_by: row.decided_by,
  decided_at: row.decided_at
})
