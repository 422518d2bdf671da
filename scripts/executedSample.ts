/**
 * A sample executed contract, made in memory with fixed ids, times and key: what the PDF
 * screenshots and the PDF bench render, the same bytes on every run.
 */
import { createHash, createPrivateKey, createPublicKey, sign } from "node:crypto"
import { executedPdfFiles, type PdfFiles } from "../src/Certificates/ExecutedPdf.js"
import { keyIdOf } from "../src/Certificates/KeyId.js"
import type { Contract, Party } from "../src/Domain/Contract/Contract.js"
import type { AskId, BlockId, ContractId, LetterId, PartyId, SignatureId } from "../src/Domain/Contract/Ids.js"
import type { Ask, SentLetter } from "../src/Domain/Negotiation/AsksAndLetters.js"
import type { Signature } from "../src/Domain/Signing/Signature.js"
import { type Block, renumber, sha256, wordsHash } from "../src/Domain/Words/Blocks.js"

// An Ed25519 key from a fixed seed (PKCS#8 prefix + 32 bytes): a sample key, never the service's.
const seed = createHash("sha256").update("executed PDF sample key").digest()
const privateKey = createPrivateKey({ key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seed]), format: "der", type: "pkcs8" })
export const publicPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString()
export const sampleSign = (bytes: Uint8Array) => sign(null, bytes, privateKey)

const party = (id: string, name: string, side: Party["side"], capacity: Party["capacity"]): Party => ({
  id: id as PartyId,
  person: `per_${id}`,
  name,
  email: `${id}@example.test`,
  org: side === "drafter" ? "org_northwind" : "org_contoso",
  side,
  brought_by: "drafter",
  capacity,
  removed_at: null,
  joined_after: 0,
  last_round: null,
  guest_token_hash: null
})

const clause = (n: number) =>
  `The Supplier shall perform the services described in Schedule ${n} with reasonable skill and care, in accordance with good industry practice, and shall notify the Client in writing within ten (10) business days of any matter that may delay or prevent that performance.`

export const sampleContract = (clauses: number): Contract => {
  const blocks: ReadonlyArray<Block> = renumber([
    { id: "blk_title" as BlockId, kind: "heading", text: "Master Services Agreement" },
    {
      id: "blk_recital" as BlockId,
      kind: "clause",
      text:
        "This Master Services Agreement is made on 1 March 2027 between Northwind Traders, Inc., a Delaware corporation (\"Client\"), and Contoso Services LLC, a New York limited liability company (\"Supplier\")."
    },
    ...Array.from({ length: clauses }, (_, i) => ({ id: `blk_${i + 1}` as BlockId, kind: "clause" as const, text: clause(i + 1) })),
    {
      id: "blk_exhibit" as BlockId,
      kind: "exhibit",
      text: "Exhibit A: Service levels.\nAvailability 99.9% per calendar month.\nResponse within 4 business hours."
    },
    {
      id: "blk_sign" as BlockId,
      kind: "signature_block",
      text: "NORTHWIND TRADERS, INC. By: Grace Hopper, Chief Executive Officer\nCONTOSO SERVICES LLC By: Alan Turing, Managing Member"
    }
  ])
  const grace = party("pty_grace", "Grace Hopper", "drafter", ["negotiator", "signer"])
  const alan = party("pty_alan", "Alan Turing", "counterparty", ["negotiator", "signer"])
  const linus = party("pty_linus", "Linus Counsel", "counterparty", ["negotiator"])
  const ask: Ask = {
    id: "ask_cap" as AskId,
    type: "replace",
    block: "blk_1",
    changes: [{ block: "blk_1", standing: clause(1), proposed: clause(1) }],
    fact: null,
    why: "Kept as drafted after discussion.",
    proposer: alan.id,
    agreed: [grace.id],
    awaiting: [],
    state: "landed",
    opened_in: "let_2",
    closed_in: "let_3",
    voided_by: null
  }
  const letter = (n: number, from: Party, at: string, asks: ReadonlyArray<string>): SentLetter => ({
    id: `let_${n}` as LetterId,
    kind: "sent",
    ordinal: n,
    sequence: n,
    from: from.id,
    to: [],
    note: n === 1 ? "Our draft for your review." : null,
    sent_at: at,
    confirmed_by: from.person,
    asks,
    decisions: [],
    final: false
  })
  const hash = wordsHash(blocks)
  const signature = (p: Party, at: string, mark: Signature["mark"]): Signature => ({
    id: `sig_${p.id.slice(4)}` as SignatureId,
    party: p.id,
    person: p.person,
    name: p.name,
    state: "bound",
    bound_hash: hash,
    intent: "I agree to be bound by these words.",
    mark,
    confirmed_by: p.person,
    signed_at: at,
    struck_at: null
  })
  return {
    id: "con_sample_msa" as ContractId,
    mode: "test",
    org: "org_northwind",
    title: "Master Services Agreement: Northwind Traders and Contoso Services",
    state: "executed",
    origin: "template",
    template: null,
    relationship: null,
    amends: null,
    blocks,
    facts: [],
    parties: [grace, alan, linus],
    asks: [ask],
    replies: [],
    letters: [
      letter(1, grace, "2027-02-01T09:00:00.000Z", []),
      letter(2, alan, "2027-02-03T14:30:00.000Z", [ask.id]),
      letter(3, grace, "2027-02-04T10:15:00.000Z", [])
    ],
    baseline: { blocks, facts: [] },
    cancelled: null,
    signatures: [
      signature(grace, "2027-02-05T16:00:00.000Z", { kind: "typed", checksum: sha256("Grace Hopper"), text: "Grace Hopper" }),
      signature(alan, "2027-02-06T11:45:00.000Z", { kind: "image", checksum: sha256("a drawn mark"), text: null })
    ],
    executed_at: "2027-02-06T11:45:00.000Z",
    version: 1,
    carried: null,
    words_hash: hash,
    head_sequence: 3,
    created_at: "2027-02-01T08:00:00.000Z",
    updated_at: "2027-02-06T11:45:00.000Z"
  }
}

/** The files of the sample's PDF, signed by the sample key. */
export const sampleFiles = (clauses: number): PdfFiles => executedPdfFiles(sampleContract(clauses), keyIdOf(publicPem), publicPem, sampleSign)
