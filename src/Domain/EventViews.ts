import type { Contract, Side } from "./Contract.js"
import { renderAsk } from "./NegotiationViews.js"

export interface LoggedEvent {
  readonly id: string
  readonly sequence: number
  readonly type: string
  readonly created: string
  readonly data: Record<string, unknown>
}

const firstSendSequence = (contract: Contract) => contract.letters[0]?.sequence ?? Number.MAX_SAFE_INTEGER

/**
 * One log atom per round, rendered for the reader's side: the side that sent it reads
 * `reply.sent`, the other `letter.received`. The drafting side's private draft history is
 * not the counterparty's to read.
 */
export const renderEvent = (contract: Contract, event: LoggedEvent, side: Side): LoggedEvent | null => {
  if (side === "counterparty" && event.sequence < firstSendSequence(contract)) return null
  if (event.type !== "letter.sent") return event
  const data = event.data as { letter: string; from_side: Side; asks: ReadonlyArray<string>; words_hash: string; state: string }
  const core = {
    contract: contract.id,
    letter: data.letter,
    asks: data.asks.map((id) => renderAsk(contract.asks.find((ask) => ask.id === id)!)),
    relationship: contract.relationship,
    origin: contract.origin,
    words_hash: data.words_hash,
    state: data.state
  }
  return { ...event, type: data.from_side === side ? "reply.sent" : "letter.received", data: core }
}
