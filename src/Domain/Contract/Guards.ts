import type { Actor, Contract } from "./Contract.js"
import type { DomainEvent } from "./Events.js"
import { notFound, reject, type Rejection } from "./Rejection.js"
import { type Seat, seatOf } from "./Seat.js"

/** A contract the caller cannot see answers exactly as one that does not exist. */
export const requireSeat = (contract: Contract, actor: Actor): Rejection | Seat => seatOf(contract, actor) ?? notFound("contract", contract.id)

/** Terminal states refuse every write that would change the deal. */
export const requireOpen = (contract: Contract): Rejection | undefined => {
  switch (contract.state) {
    case "executed":
      return reject("contract_executed", "This contract is executed; amend it to change it.")
    case "filed":
      return reject("contract_filed", "This contract was filed as signed elsewhere; amend it to change it.")
    case "cancelled":
      return reject("contract_cancelled", "This contract was cancelled.")
    default:
      return undefined
  }
}

/** A stale `If-Match` stores nothing and tells the caller the hash to re-read from. */
export const requireCurrentHash = (contract: Contract, ifMatch: string): Rejection | undefined =>
  ifMatch === contract.words_hash
    ? undefined
    : reject("words_changed", "The words changed since you read them; re-read and try again.", {
      details: { current_hash: contract.words_hash, re_asked: [] }
    })

/** Every event of one write shares the next sequence number. */
export const appendEvents = (contract: Contract, events: ReadonlyArray<DomainEvent>, now: string): Contract =>
  events.length === 0 ? contract : { ...contract, head_sequence: contract.head_sequence + 1, updated_at: now }
