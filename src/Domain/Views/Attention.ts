import { createHash } from "node:crypto"
import type { Contract, Party } from "../Contract/Contract.js"
import { lastLetterFrom, owed } from "./NegotiationViews.js"
import { liveParties, otherSide, requiredSigners } from "../Contract/Parties.js"
import { latestSignatureOf } from "../Signing/SignatureStates.js"
import { replyOf } from "../Negotiation/Staging.js"
import { sentLetters } from "../Negotiation/AsksAndLetters.js"
import { openNoticeWindow } from "../Deadlines/NoticeWindow.js"

/** Most urgent first. A deadline is weeks away, where the others hold a deal up now (docs/gaps.md). */
export const attentionKinds = ["resign", "approval", "sign_wait", "letter", "deadline"] as const
export type AttentionKind = (typeof attentionKinds)[number]

export interface AttentionRow {
  readonly id: string
  readonly kind: AttentionKind
  readonly contract: string
  readonly title: string
  readonly state: string
  readonly since: string
  readonly why_you: string
  readonly letter: string | null
  readonly asks?: number
  readonly unsent?: boolean
  readonly words_hash?: string
  readonly required_signers?: ReadonlyArray<{ readonly party: string; readonly person: string; readonly name: string; readonly signed: boolean }>
  readonly signature?: string
  readonly decision?: string
  readonly requested_by?: string
  readonly notice_deadline?: string
  readonly expiration_date?: string
}

export interface Group {
  readonly relationship: string | null
  readonly counterparty: string
  readonly rows: ReadonlyArray<AttentionRow>
}

export interface Waiting {
  readonly relationship: string | null
  readonly counterparty: string
  readonly contract: string
  readonly since: string
}

// A row's id names its condition, so it is stable across reads until the condition resolves.
const rowId = (kind: AttentionKind, contract: string, party: string, key: string) =>
  `atn_${createHash("sha256").update(`${kind}\n${contract}\n${party}\n${key}`).digest("hex").slice(0, 24)}`

/** The other side as one name: its org, or (for people outside any org) the first one's email. */
export const counterpartyOf = (contract: Contract, side: Party["side"]): string => {
  if (side === "counterparty") return contract.org
  const them = liveParties(contract).filter((p) => p.side === otherSide(side))
  return them.find((p) => p.org !== null)?.org ?? them[0]?.email ?? "unaddressed"
}

/** What waits on one party of one contract, by the spec's four kinds and `deadline`. Approvals have no producer yet. */
export const rowsFor = (contract: Contract, party: Party): ReadonlyArray<AttentionRow> => {
  const base = { contract: contract.id, title: contract.title, state: contract.state }
  const rows: Array<AttentionRow> = []
  const window = openNoticeWindow(contract, party)
  if (window !== null) {
    rows.push({
      ...base,
      id: rowId("deadline", contract.id, party.id, `${window.term}:${window.noticeDeadline}`),
      kind: "deadline",
      since: window.since,
      why_you: `Notice against the renewal is due by ${window.noticeDeadline}; without it the contract renews on ${window.expiration}.`,
      letter: null,
      notice_deadline: window.noticeDeadline,
      expiration_date: window.expiration
    })
  }
  const due = owed(contract).find((row) => row.party === party.id)
  if (due !== undefined) {
    const letter = lastLetterFrom(contract, otherSide(party.side))
    const asks = contract.asks.filter((ask) => ask.state === "open" && ask.awaiting.includes(party.id)).length
    rows.push({
      ...base,
      id: rowId("letter", contract.id, party.id, letter?.id ?? ""),
      kind: "letter",
      since: due.since,
      why_you: asks > 0 ? `${asks} open question(s) await your decision.` : "The other side wrote; your reply is owed.",
      letter: letter?.id ?? null,
      asks,
      unsent: replyOf(contract, party.id).decisions.length > 0
    })
  }
  if (!party.capacity.includes("signer") || (contract.state !== "agreed" && contract.state !== "negotiating")) return rows
  const latest = latestSignatureOf(contract, party.id)
  if (latest?.state === "void") {
    rows.push({
      ...base,
      id: rowId("resign", contract.id, party.id, latest.id),
      kind: "resign",
      since: latest.struck_at ?? latest.signed_at,
      why_you: "You signed, then the words changed: your signature is void. Sign the new words.",
      letter: null,
      signature: latest.id,
      words_hash: contract.words_hash
    })
  } else if (contract.state === "agreed" && (latest === null || latest.state === "withdrawn")) {
    rows.push({
      ...base,
      id: rowId("sign_wait", contract.id, party.id, contract.words_hash),
      kind: "sign_wait",
      since: sentLetters(contract.letters).at(-1)?.sent_at ?? contract.updated_at,
      why_you: "Everyone agreed these words; your signature is required.",
      letter: null,
      words_hash: contract.words_hash,
      required_signers: requiredSigners(contract).map((p) => ({
        party: p.id,
        person: p.person,
        name: p.name,
        signed: contract.signatures.some((s) => s.party === p.id && s.state === "bound")
      }))
    })
  }
  return rows
}

export const urgencyRank = (kind: AttentionKind) => attentionKinds.indexOf(kind)

/**
 * Most urgent first: by kind, then oldest, then id. A `since` is ISO 8601 UTC of one length and an
 * id is `atn_` and hex: ASCII of one shape, where localeCompare orders as the bytes do. So the
 * stored feed, ordered by its best keys under COLLATE "C" (migrations/0018_attention_order.ts),
 * pages in this order.
 */
export const byUrgency = (a: AttentionRow, b: AttentionRow) =>
  urgencyRank(a.kind) - urgencyRank(b.kind) || a.since.localeCompare(b.since) || a.id.localeCompare(b.id)

/**
 * Groups rows by relationship and counterparty, most urgent group first (by its most urgent
 * row); within a group `resign`, `approval`, `sign_wait`, `letter`, `deadline`, oldest first in a kind.
 */
export const groupRows = (
  rows: ReadonlyArray<{ readonly row: AttentionRow; readonly relationship: string | null; readonly counterparty: string }>
): ReadonlyArray<Group> => {
  const groups = new Map<string, { relationship: string | null; counterparty: string; rows: Array<AttentionRow> }>()
  for (const { row, relationship, counterparty } of rows) {
    const key = `${relationship}\n${counterparty}`
    const group = groups.get(key) ?? { relationship, counterparty, rows: [] }
    group.rows.push(row)
    groups.set(key, group)
  }
  const sorted = [...groups.values()].map((g) => ({ ...g, rows: [...g.rows].sort(byUrgency) }))
  return sorted.sort((a, b) => byUrgency(a.rows[0]!, b.rows[0]!))
}

/** One page of whole groups: `limit` counts rows, and a page may exceed it to finish a group. */
export const pageGroups = (groups: ReadonlyArray<Group>, limit: number, startingAfter: string | undefined) => {
  let start = 0
  if (startingAfter !== undefined) {
    start = groups.findIndex((g) => g.rows.some((row) => row.id === startingAfter)) + 1
    if (start === 0) return null
  }
  const page: Array<Group> = []
  let count = 0
  for (const group of groups.slice(start)) {
    if (count >= limit) break
    page.push(group)
    count += group.rows.length
  }
  const has_more = start + page.length < groups.length
  return { data: page, has_more, next_cursor: has_more ? page.at(-1)!.rows.at(-1)!.id : null }
}

/** Contracts where the ball is in the other side's court: they owe a reply, you owe nothing. */
export const waitingOnThem = (contract: Contract, party: Party): Waiting | null => {
  const due = owed(contract)
  if (due.some((row) => row.party === party.id)) return null
  const theirs = due.filter((row) => contract.parties.find((p) => p.id === row.party)?.side === otherSide(party.side))
  if (theirs.length === 0) return null
  return {
    relationship: contract.relationship,
    counterparty: counterpartyOf(contract, party.side),
    contract: contract.id,
    since: theirs.map((row) => row.since).sort()[0]!
  }
}
