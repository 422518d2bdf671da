import type { Contract } from "../Contract/Contract.js"
import { type SentLetter, sentLetters } from "../Negotiation/AsksAndLetters.js"
import { partyById } from "../Contract/Parties.js"
import { wordsAfterEachLetter } from "../Words/Fold.js"
import type { Signature } from "./Signature.js"
import { sha256, wordsHash } from "../Words/Blocks.js"

export const certificateFormat = "cns-certificate/1"

/** The first letter's `previous`: the chain starts from the contract itself. */
export const chainStart = (contractId: string) => sha256(`${certificateFormat}\n${contractId}`)

const digestOf = (value: unknown) => sha256(JSON.stringify(value))

const letterEntry = (contract: Contract, letter: SentLetter, previous: string) => {
  const from = partyById(contract, letter.from)
  return {
    id: letter.id,
    sequence: letter.sequence,
    from: letter.from,
    from_person: from?.person ?? null,
    confirmed_by: letter.confirmed_by,
    sent_at: letter.sent_at,
    note: letter.note,
    asks: letter.asks.map((id) => {
      const ask = contract.asks.find((a) => a.id === id)!
      // Each change rebuilt in one key order: a contract read back from storage (jsonb) has its keys
      // reordered, and the digest is over the JSON text, so a reload would change the chain.
      const changes = ask.changes.map((c) => ({ block: c.block, standing: c.standing, proposed: c.proposed }))
      return { id: ask.id, type: ask.type, changes, why: ask.why }
    }),
    decisions: letter.decisions.map((d) => ({ id: d.id, type: d.type, ask: d.ask ?? d.opens, person: d.person_id, text: d.text, why: d.why })),
    landed: contract.asks.filter((a) => a.state === "landed" && a.closed_in === letter.id).map((a) => a.id),
    previous
  }
}

export type ChainedLetter = ReturnType<typeof letterEntry> & { readonly digest: string }

/**
 * Every round's letter in order, each carrying the digest of the one before: change, drop or
 * reorder one and every digest after it stops matching. A digest is SHA-256 over the entry's JSON
 * without its own `digest` field. Imported letters are a record of mail, not of how the words
 * came to be, and may arrive after execution: left out, so the certificate never changes under them.
 */
export const letterChain = (contract: Contract): ReadonlyArray<ChainedLetter> => {
  const chain: Array<ChainedLetter> = []
  let previous = chainStart(contract.id)
  for (const letter of sentLetters(contract.letters)) {
    const entry = letterEntry(contract, letter, previous)
    const digest = digestOf(entry)
    chain.push({ ...entry, digest })
    previous = digest
  }
  return chain
}

const signatureEntry = (s: Signature) => ({
  id: s.id,
  person: s.person,
  name: s.name,
  party: s.party,
  confirmed_by: s.confirmed_by,
  state: s.state,
  bound_hash: s.bound_hash,
  intent: s.intent,
  mark_checksum: s.mark?.checksum ?? null,
  signed_at: s.signed_at,
  struck_at: s.struck_at
})

/**
 * Receipts: one per committed letter (its place in the hash chain and the words it left
 * standing) and one per signature (the words it bound), oldest first.
 */
export const receiptsOf = (contract: Contract) => {
  const words = wordsAfterEachLetter(contract)
  const letters = letterChain(contract).map((entry, index) => ({
    id: entry.id,
    object: "receipt" as const,
    kind: "letter" as const,
    at: entry.sent_at,
    person: entry.from_person,
    confirmed_by: entry.confirmed_by,
    words_hash: wordsHash(words[index] ?? contract.blocks),
    digest: entry.digest,
    previous: entry.previous
  }))
  const signatures = contract.signatures.map((s) => ({
    id: s.id,
    object: "receipt" as const,
    kind: "signature" as const,
    at: s.signed_at,
    person: s.person,
    confirmed_by: s.confirmed_by,
    words_hash: s.bound_hash,
    digest: digestOf(signatureEntry({ ...s, state: "bound", struck_at: null })),
    previous: null
  }))
  return [...letters, ...signatures].sort((a, b) => a.at.localeCompare(b.at))
}

/** The certificate's document: deterministic bytes for one executed contract. */
export const certificateDocument = (contract: Contract, keyId: string): string => {
  const chain = letterChain(contract)
  const document = {
    format: certificateFormat,
    key_id: keyId,
    contract: {
      id: contract.id,
      title: contract.title,
      livemode: contract.mode === "live",
      version: contract.version,
      amends: contract.amends,
      executed_at: contract.executed_at
    },
    words: {
      words_hash: contract.words_hash,
      hash_rule: "'sha256:' + hex SHA-256 of the JSON array [[kind, text], ...] of the blocks in order",
      blocks: contract.blocks.map((b) => ({ id: b.id, kind: b.kind, text: b.text }))
    },
    letters: chain,
    chain_head: chain.at(-1)?.digest ?? chainStart(contract.id),
    signatures: contract.signatures.map(signatureEntry)
  }
  return `${JSON.stringify(document, null, 2)}\n`
}

export interface CheckedCertificate {
  readonly ok: boolean
  readonly problems: ReadonlyArray<string>
}

/** What the verify command checks beyond the signature: the words' hash and the letter chain. */
export const checkCertificateDocument = (text: string): CheckedCertificate => {
  const problems: Array<string> = []
  let document: any
  try {
    document = JSON.parse(text)
  } catch {
    return { ok: false, problems: ["the document is not JSON"] }
  }
  if (document?.format !== certificateFormat) problems.push(`unknown format ${String(document?.format)}`)
  const blocks = Array.isArray(document?.words?.blocks) ? document.words.blocks : []
  if (wordsHash(blocks) !== document?.words?.words_hash) problems.push("the words do not hash to words_hash")
  let previous = chainStart(String(document?.contract?.id))
  for (const letter of Array.isArray(document?.letters) ? document.letters : []) {
    const { digest, ...entry } = letter
    if (entry.previous !== previous) problems.push(`letter ${entry.id} does not follow the one before it`)
    if (digestOf(entry) !== digest) problems.push(`letter ${entry.id} does not match its digest`)
    previous = digest
  }
  if (document?.chain_head !== previous) problems.push("chain_head is not the last letter's digest")
  for (const signature of Array.isArray(document?.signatures) ? document.signatures : []) {
    if (signature.state === "bound" && signature.bound_hash !== document?.words?.words_hash) {
      problems.push(`signature ${signature.id} is bound to other words`)
    }
  }
  return { ok: problems.length === 0, problems }
}
