import type { Contract, Side } from "../Contract/Contract.js"
import { blocksChanged } from "../Negotiation/AsksAndLetters.js"
import { renderAsk } from "./NegotiationViews.js"

export interface LoggedEvent {
  readonly id: string
  readonly sequence: number
  readonly type: string
  readonly created: string
  readonly data: Record<string, unknown>
}

type Data = Readonly<Record<string, unknown>>
type Core = (contract: Contract, data: Data) => Record<string, unknown>

const firstSendSequence = (contract: Contract) => contract.letters[0]?.sequence ?? Number.MAX_SAFE_INTEGER

const senderOf = (contract: Contract, letterId: unknown) => {
  const letter = contract.letters.find((l) => l.id === letterId)
  return contract.parties.find((p) => p.id === letter?.from)?.person ?? null
}

const signatureCore: Core = (_contract, data) => ({
  contract: data.contract,
  signature: data.signature,
  party: data.party,
  person: data.person,
  bound_hash: data.bound_hash,
  state: data.state
})

/**
 * The documented payload core of each stored event type (docs/gaps.md): exactly these keys,
 * whatever the stored row holds. Stored events are never rewritten, so a field an older row
 * lacks is derived from the contract, and one it carries beyond the core (`origin` on
 * `contract.drafted`, the sender on a letter) is never shown. `origin` rides on the spec's six
 * cores only.
 */
const cores: Record<string, Core> = {
  "contract.drafted": (_contract, data) => ({
    contract: data.contract,
    template: data.template,
    title: data.title,
    state: data.state,
    words_hash: data.words_hash,
    drafted_by: data.drafted_by,
    amends: data.amends ?? null
  }),
  "words.changed": (contract, data) => ({
    contract: data.contract,
    words_hash: data.words_hash,
    previous_hash: data.previous_hash,
    blocks_touched: data.blocks_touched,
    signatures_voided: data.signatures_voided,
    letter: data.letter ?? null,
    fact: data.fact ?? null,
    changed_by: data.changed_by ?? senderOf(contract, data.letter)
  }),
  "fact.confirmed": (_contract, data) => ({ contract: data.contract, fact: data.fact, confirmed_by: data.confirmed_by }),
  "contract.agreed": (_contract, data) => ({ contract: data.contract, words_hash: data.words_hash, letter: data.letter ?? null }),
  "party.changed": (contract, data) => ({
    contract: data.contract,
    change: data.change,
    party: data.party,
    person: data.person,
    side: data.side,
    capacity: data.capacity ?? contract.parties.find((p) => p.id === data.party)?.capacity ?? [],
    by: data.by
  }),
  "ask.withdrawn": (_contract, data) => ({ contract: data.contract, ask: data.ask, block: data.block, withdrawn_by: data.withdrawn_by }),
  "signature.held": signatureCore,
  "signature.bound": signatureCore,
  "signature.void": signatureCore,
  "signature.withdrawn": (contract, data) => ({ ...signatureCore(contract, data), withdrawn_by: data.withdrawn_by }),
  "contract.executed": (contract, data) => ({
    contract: data.contract,
    origin: data.origin ?? contract.origin,
    version: data.version,
    words_hash: data.words_hash,
    executed_at: data.executed_at,
    certificate_url: data.certificate_url
  }),
  "contract.cancelled": (contract, data) => ({
    contract: data.contract,
    origin: data.origin ?? contract.origin,
    letter: data.letter,
    reason: data.reason,
    cancelled_by: data.cancelled_by
  }),
  // What the receiving side learns from a letter: the spec's own list.
  "letter.received": (contract, data) => ({
    contract: contract.id,
    letter: data.letter,
    asks: (data.asks as ReadonlyArray<string>).map((id) => renderAsk(contract.asks.find((ask) => ask.id === id)!)),
    relationship: contract.relationship,
    origin: contract.origin,
    words_hash: data.words_hash,
    state: data.state
  }),
  // What the sending side learned from its commit: the asks it opened and the blocks that landed.
  "reply.sent": (contract, data) => ({
    contract: contract.id,
    letter: data.letter,
    origin: contract.origin,
    state: data.state,
    words_hash: data.words_hash,
    asks_opened: data.asks,
    landed: blocksChanged(contract.asks.filter((ask) => ask.state === "landed" && ask.closed_in === data.letter))
  })
}

/**
 * One log atom per round, rendered for the reader's side: the side that sent it reads
 * `reply.sent`, the other `letter.received`. The drafting side's private draft history is
 * not the counterparty's to read. Types without a documented core pass as stored.
 */
export const renderEvent = (contract: Contract, event: LoggedEvent, side: Side): LoggedEvent | null => {
  if (side === "counterparty" && event.sequence < firstSendSequence(contract)) return null
  const type = event.type === "letter.sent" ? (event.data["from_side"] === side ? "reply.sent" : "letter.received") : event.type
  const core = cores[type]
  return core === undefined ? { ...event, type } : { ...event, type, data: core(contract, event.data) }
}
