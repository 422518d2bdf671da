import type { Actor, Contract } from "./Contract.js"
import type { Decided } from "./Decided.js"
import type { DomainEvent } from "./Events.js"
import { appendEvents, requireOpen, requireSeat } from "./Guards.js"
import type { NewId } from "./Ids.js"
import { nextRound, type SentLetter } from "../Negotiation/AsksAndLetters.js"
import { liveParties, otherSide } from "./Parties.js"
import { reject, Rejection } from "./Rejection.js"

/** Cancelling ends the deal with a final letter carrying the reason and no asks; the contract stays readable. */
export const cancelContract = (contract: Contract, actor: Actor, input: { readonly reason: string; readonly now: string; readonly newId: NewId }) => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  if (seat.party === null) return reject("not_on_required_party_list", "Only a party to this contract can cancel it.")
  // Kept exactly as written; only a reason with nothing in it is refused.
  const reason = input.reason
  if (reason.trim() === "") return reject("invalid_request", "Say why the contract is cancelled.", { param: "reason" })
  const sequence = contract.head_sequence + 1
  const letter: SentLetter = {
    id: input.newId("let"),
    kind: "sent",
    ordinal: nextRound(contract.letters),
    sequence,
    from: seat.party.id,
    to: liveParties(contract).filter((p) => p.side === otherSide(seat.party!.side)).map((p) => p.id),
    note: reason,
    sent_at: input.now,
    confirmed_by: actor.person!.id,
    asks: [],
    decisions: [],
    final: true
  }
  const events: ReadonlyArray<DomainEvent> = [
    {
      type: "letter.sent",
      data: {
        contract: contract.id,
        letter: letter.id,
        from: letter.from,
        from_side: seat.party.side,
        asks: [],
        words_hash: contract.words_hash,
        state: "cancelled"
      }
    },
    { type: "contract.cancelled", data: { contract: contract.id, origin: contract.origin, letter: letter.id, reason, cancelled_by: actor.person!.id } }
  ]
  const next: Contract = {
    ...contract,
    state: "cancelled",
    letters: [...contract.letters, letter],
    replies: [],
    cancelled: { at: input.now, by: actor.person!.id, reason }
  }
  return {
    contract: appendEvents(next, events, input.now),
    events,
    result: { state: "cancelled" as const, cancelled_at: input.now, cancelled_by: actor.person!.id, letter: letter.id, words_hash: next.words_hash }
  } satisfies Decided<unknown>
}
