import type { Actor, Contract } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { DomainEvent } from "../Contract/Events.js"
import { appendEvents, requireOpen } from "../Contract/Guards.js"
import { settleOutsideRound } from "./PlayRound.js"
import { notFound, reject, Rejection } from "../Contract/Rejection.js"
import type { Settlement } from "../Signing/SignatureStates.js"
import { requireNegotiator } from "./Staging.js"

/** The proposer pulls back a sent ask; decisions others staged on it are re-asked at their next commit. */
export const withdrawAsk = (contract: Contract, actor: Actor, input: { readonly askId: string } & Settlement) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party.code === "not_found" ? notFound("ask", input.askId) : party
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  const ask = contract.asks.find((a) => a.id === input.askId)
  if (ask === undefined) return notFound("ask", input.askId)
  if (ask.state === "voided") return reject("ask_voided_by_counter", "A counter already superseded this ask.")
  if (ask.state !== "open") return reject("invalid_request", `This ask is ${ask.state}; only an open ask can be withdrawn.`)
  if (ask.proposer !== party.id) return reject("not_a_negotiator", "Only the party that proposed an ask can withdraw it.")
  const withdrawal: DomainEvent = { type: "ask.withdrawn", data: { contract: contract.id, ask: ask.id, block: ask.block, withdrawn_by: actor.person!.id } }
  const withdrawn: Contract = { ...contract, asks: contract.asks.map((a) => (a.id === ask.id ? { ...a, state: "withdrawn" as const } : a)) }
  // Agreed again on the same words: held signatures bind, and the last one may execute it.
  const settled = settleOutsideRound(withdrawn, input)
  const next = settled.contract
  const events = [withdrawal, ...settled.events]
  return {
    contract: appendEvents(next, events, input.now),
    events,
    result: { id: ask.id, object: "ask" as const, state: "withdrawn" as const, contract: contract.id, words_hash: contract.words_hash }
  } satisfies Decided<unknown>
}
