import { Option, Schema } from "effect"
import type { Contract, Side } from "../Contract/Contract.js"
import { LoggedDomainEvent } from "../Contract/Events.js"
import { blocksChanged, sentLetters } from "../Negotiation/AsksAndLetters.js"
import { renderAsk } from "./NegotiationViews.js"

/** An event row as the log stores it and the events endpoint answers it. */
export interface LoggedEvent {
  readonly id: string
  readonly sequence: number
  readonly type: string
  readonly created: string
  readonly data: Record<string, unknown>
}

const firstSendSequence = (contract: Contract) => sentLetters(contract.letters)[0]?.sequence ?? Number.MAX_SAFE_INTEGER

const senderOf = (contract: Contract, letterId: string) => {
  const letter = sentLetters(contract.letters).find((l) => l.id === letterId)
  return contract.parties.find((p) => p.id === letter?.from)?.person ?? null
}

type Logged<T extends LoggedDomainEvent["type"]> = Extract<LoggedDomainEvent, { readonly type: T }>["data"]

const signatureCore = (data: Logged<"signature.held" | "signature.bound" | "signature.void" | "signature.withdrawn">) => ({
  contract: data.contract,
  signature: data.signature,
  party: data.party,
  person: data.person,
  bound_hash: data.bound_hash,
  state: data.state
})

// What the receiving side learns from a letter: the spec's own list.
const letterReceived = (contract: Contract, data: Logged<"letter.sent">) => ({
  contract: contract.id,
  letter: data.letter,
  asks: data.asks.map((id) => renderAsk(contract.asks.find((ask) => ask.id === id)!)),
  relationship: contract.relationship,
  origin: contract.origin,
  words_hash: data.words_hash,
  state: data.state
})

// What the sending side learned from its commit: the asks it opened and the blocks that landed.
const replySent = (contract: Contract, data: Logged<"letter.sent">) => ({
  contract: contract.id,
  letter: data.letter,
  origin: contract.origin,
  state: data.state,
  words_hash: data.words_hash,
  asks_opened: data.asks,
  landed: blocksChanged(contract.asks.filter((ask) => ask.state === "landed" && ask.closed_in === data.letter))
})

/**
 * The documented payload core of each event type (docs/gaps.md): exactly these keys, whatever
 * the stored row holds. A field an older row lacks is derived from the contract, and one it
 * carries beyond the core (`origin` on an old `contract.drafted`) is never shown. `origin`
 * rides on the spec's six cores only. A letter is one log atom per round, read per side.
 */
const core = (contract: Contract, event: LoggedDomainEvent, side: Side): { readonly type: string; readonly data: Record<string, unknown> } => {
  switch (event.type) {
    case "contract.drafted": {
      const { data } = event
      return {
        type: event.type,
        data: {
          contract: data.contract,
          template: data.template,
          title: data.title,
          state: data.state,
          words_hash: data.words_hash,
          drafted_by: data.drafted_by,
          amends: data.amends ?? null
        }
      }
    }
    case "words.changed": {
      const { data } = event
      const round = "letter" in data
      return {
        type: event.type,
        data: {
          contract: data.contract,
          words_hash: data.words_hash,
          previous_hash: data.previous_hash,
          blocks_touched: data.blocks_touched,
          signatures_voided: data.signatures_voided,
          letter: round ? data.letter : null,
          fact: round ? null : data.fact,
          changed_by: round ? senderOf(contract, data.letter) : data.changed_by
        }
      }
    }
    case "contract.parsed":
    case "import.completed":
    case "block.confirmed":
    case "contract.deadline_approaching":
    case "contract.renewed":
    case "contract.expired":
      return { type: event.type, data: event.data }
    case "fact.confirmed":
      return { type: event.type, data: { contract: event.data.contract, fact: event.data.fact, confirmed_by: event.data.confirmed_by } }
    case "contract.agreed":
      return { type: event.type, data: { contract: event.data.contract, words_hash: event.data.words_hash, letter: event.data.letter } }
    case "party.changed": {
      const { data } = event
      return {
        type: event.type,
        data: {
          contract: data.contract,
          change: data.change,
          party: data.party,
          person: data.person,
          side: data.side,
          // A removal does not store the capacity the party had: it is on the contract still.
          capacity: data.change === "invited" ? data.capacity : contract.parties.find((p) => p.id === data.party)?.capacity ?? [],
          by: data.by
        }
      }
    }
    case "ask.withdrawn": {
      const { data } = event
      return { type: event.type, data: { contract: data.contract, ask: data.ask, block: data.block, withdrawn_by: data.withdrawn_by } }
    }
    case "signature.held":
    case "signature.bound":
    case "signature.void":
      return { type: event.type, data: signatureCore(event.data) }
    case "signature.withdrawn":
      return { type: event.type, data: { ...signatureCore(event.data), withdrawn_by: event.data.withdrawn_by } }
    case "contract.executed": {
      const { data } = event
      return {
        type: event.type,
        data: {
          contract: data.contract,
          origin: data.origin,
          version: data.version,
          words_hash: data.words_hash,
          executed_at: data.executed_at,
          certificate_url: data.certificate_url
        }
      }
    }
    case "contract.cancelled": {
      const { data } = event
      return {
        type: event.type,
        data: { contract: data.contract, origin: data.origin, letter: data.letter, reason: data.reason, cancelled_by: data.cancelled_by }
      }
    }
    // The letter's own origin (how it reached us), not the contract's; the same core on every seat.
    case "letter.imported": {
      const { data } = event
      return {
        type: event.type,
        data: {
          contract: data.contract,
          letter: data.letter,
          author: data.author,
          authored_at: data.authored_at,
          origin: data.origin,
          recorded_by: data.recorded_by,
          words_hash: data.words_hash,
          state: data.state
        }
      }
    }
    case "letter.sent":
      return event.data.from_side === side
        ? { type: "reply.sent", data: replySent(contract, event.data) }
        : { type: "letter.received", data: letterReceived(contract, event.data) }
  }
}

/**
 * The one place a stored row becomes a typed event: JSON from the database vouches for nothing,
 * so it is decoded, not cast. A row that does not decode (a type this release does not know)
 * passes as stored.
 */
const readLogged = Schema.decodeUnknownOption(LoggedDomainEvent)

/**
 * An event rendered for the reader's side. The drafting side's private draft history is not the
 * counterparty's to read; a letter imported into the draft is the mail both sides wrote, so it is.
 */
export const renderEvent = (contract: Contract, event: LoggedEvent, side: Side): LoggedEvent | null => {
  if (side === "counterparty" && event.sequence < firstSendSequence(contract) && event.type !== "letter.imported") return null
  const known = readLogged({ type: event.type, data: event.data })
  return Option.isNone(known) ? event : { ...event, ...core(contract, known.value, side) }
}
