import type { Contract, Side } from "../Contract/Contract.js"
import { type Ask, type Decision, type Letter, sentLetters } from "../Negotiation/AsksAndLetters.js"
import { otherSide, requiredNegotiators, sideOf } from "../Contract/Parties.js"
import { playRound } from "../Negotiation/PlayRound.js"
import { previewOf } from "../Negotiation/SendAndCommit.js"
import type { Seat } from "../Contract/Seat.js"
import { replyOf } from "../Negotiation/Staging.js"
import { asId } from "../Contract/Ids.js"

// Everything here renders for one seat: the other side's unsent reply never appears in any of it.

export const renderAsk = (ask: Ask) => ({
  id: ask.id,
  object: "ask" as const,
  block: ask.block,
  type: ask.type,
  state: ask.state,
  standing: ask.changes[0]!.standing,
  proposed: ask.changes[0]!.proposed,
  changes: ask.changes,
  why: ask.why,
  proposer: ask.proposer,
  tally: { agreed: ask.agreed, awaiting: ask.awaiting },
  opened_in: ask.opened_in,
  closed_in: ask.closed_in,
  voided_by: ask.voided_by
})

export const renderDecision = (decision: Decision, sent: boolean) => ({
  id: decision.id,
  object: "decision" as const,
  ask: decision.ask ?? decision.opens,
  type: decision.type,
  text: decision.text,
  why: decision.why,
  person_id: decision.person_id,
  staged_at: decision.staged_at,
  state: sent ? ("sent" as const) : ("staged" as const),
  sent
})

/**
 * Every letter shows every field: a sent letter's `author` and `authored_at` are null, an imported
 * letter's `from`, `sent_at` and `confirmed_by` (it has no sending party and nobody sent it here).
 * Imported letters are the mail both sides wrote before, so every seat reads them alike.
 */
export const renderLetter = (contract: Contract, letter: Letter) =>
  letter.kind === "sent"
    ? {
      id: letter.id,
      object: "letter" as const,
      kind: letter.kind,
      sequence: letter.sequence,
      from: letter.from,
      to: letter.to,
      note: letter.note,
      sent_at: letter.sent_at,
      confirmed_by: letter.confirmed_by,
      author: null,
      authored_at: null,
      asks: letter.asks.map((id) => renderAsk(contract.asks.find((ask) => ask.id === id)!)),
      decisions: letter.decisions.map((d) => renderDecision(d, true))
    }
    : {
      id: letter.id,
      object: "letter" as const,
      kind: letter.kind,
      sequence: letter.sequence,
      from: null,
      to: [],
      note: letter.note,
      sent_at: null,
      confirmed_by: null,
      author: letter.author,
      authored_at: letter.authored_at,
      asks: [],
      decisions: []
    }

/** The caller's own unsent reply, with what committing it would do, computed by the round itself. */
export const renderReply = (contract: Contract, party: string) => {
  const reply = replyOf(contract, party)
  const preview = previewOf(
    playRound(contract, { party, note: reply.note, confirmedBy: "", letterId: asId("let", "let_preview"), now: contract.updated_at, publicUrl: "" })
  )
  return {
    object: "reply" as const,
    decisions: reply.decisions.map((d) => renderDecision(d, false)),
    note: reply.note,
    words_hash: contract.words_hash,
    letter_preview: { note: preview.letter_preview.note, asks: preview.letter_preview.asks, to: preview.letter_preview.to },
    landed_if_sent: preview.landed_if_sent,
    opens_if_sent: preview.opens_if_sent
  }
}

/** The other side's latest round: an imported letter is nobody's round, so it never makes a reply owed. */
export const lastLetterFrom = (contract: Contract, side: Side) =>
  [...sentLetters(contract.letters)].reverse().find((letter) => sideOf(contract, letter.from) === side)

/**
 * Who owes a reply: an open ask awaits them, or the other side wrote since their last round.
 * Only while the words are still being negotiated: an agreed or finished contract owes nothing.
 */
export const owed = (contract: Contract) =>
  contract.state !== "sent" && contract.state !== "negotiating" ? [] : requiredNegotiators(contract).flatMap((party) => {
    const waiting = contract.asks.filter((ask) => ask.state === "open" && ask.awaiting.includes(party.id))
    const theirs = lastLetterFrom(contract, otherSide(party.side))
    const unanswered = theirs !== undefined && (party.last_round === null || party.last_round < theirs.ordinal)
    if (waiting.length === 0 && !unanswered) return []
    const openedAt = waiting.map((ask) => sentLetters(contract.letters).find((l) => l.id === ask.opened_in)?.sent_at ?? contract.updated_at)
    const since = [...openedAt, ...(unanswered ? [theirs!.sent_at] : [])].sort()[0]!
    return [{ party: party.id, since }]
  })

export const negotiationState = (contract: Contract, seat: Seat) => {
  const mine = seat.party === null ? null : replyOf(contract, seat.party.id)
  return {
    letters: contract.letters.map((l) =>
      l.kind === "sent"
        ? { id: l.id, kind: l.kind, sequence: l.sequence, from: l.from, sent_at: l.sent_at }
        : { id: l.id, kind: l.kind, sequence: l.sequence, from: null, sent_at: null }
    ),
    asks_open: contract.asks.filter((a) => a.state === "open").map((a) => ({ id: a.id, block: a.block, tally: { agreed: a.agreed, awaiting: a.awaiting } })),
    asks_landed: contract.asks.filter((a) => a.state === "landed").map((a) => a.id),
    asks_voided: contract.asks.filter((a) => a.state === "voided").map((a) => a.id),
    owed: owed(contract),
    my_reply: { decisions: mine?.decisions.length ?? 0, note: mine?.note ?? null, sent: false }
  }
}

/** Asks as the list shows them: `decided_by_me` is read from the caller's own unsent reply only. */
export const renderAskList = (contract: Contract, seat: Seat, filter: "open" | "all" | "undecided") => {
  const mine = seat.party === null ? [] : replyOf(contract, seat.party.id).decisions
  const decidedByMe = (ask: Ask) => mine.find((d) => d.ask === ask.id)?.type ?? null
  return contract.asks
    .filter((ask) =>
      filter === "all"
        ? true
        : filter === "open"
        ? ask.state === "open"
        : ask.state === "open" && seat.party !== null && ask.awaiting.includes(seat.party.id) && decidedByMe(ask) === null
    )
    .map((ask) => ({ ...renderAsk(ask), decided_by_me: decidedByMe(ask) }))
}
