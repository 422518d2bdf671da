import type { Contract, Party } from "../Contract/Contract.js"
import { partyById } from "../Contract/Parties.js"
import type { Rejection } from "../Contract/Rejection.js"
import { notFound, reject } from "../Contract/Rejection.js"
import type { Ask } from "../Negotiation/AsksAndLetters.js"
import { replyOf } from "../Negotiation/Staging.js"

/** An ask of the other side that still waits on this party: the only kind a playbook decides. */
export const awaitsParty = (contract: Contract, ask: Ask, party: Party): boolean =>
  ask.state === "open" && ask.awaiting.includes(party.id) && partyById(contract, ask.proposer)?.side !== party.side

export const decidedAlready = (contract: Contract, ask: Ask, party: Party): boolean =>
  replyOf(contract, party.id).decisions.some((decision) => decision.ask === ask.id)

/**
 * The asks named, each once and in the order named, refused as staging one decision on it would
 * refuse; or by default every open ask of the other side (waiting on the caller, if they negotiate).
 */
export const selectAsks = (contract: Contract, party: Party, askIds: ReadonlyArray<string> | undefined): Rejection | ReadonlyArray<Ask> => {
  if (askIds === undefined) {
    const negotiates = party.capacity.includes("negotiator")
    return contract.asks.filter((ask) =>
      negotiates ? awaitsParty(contract, ask, party) : ask.state === "open" && partyById(contract, ask.proposer)?.side !== party.side
    )
  }
  const byId = new Map<string, Ask>(contract.asks.map((ask) => [ask.id, ask]))
  const selected: Array<Ask> = []
  for (const id of new Set(askIds)) {
    const ask = byId.get(id)
    if (ask === undefined) return notFound("ask", id, "ask_ids")
    if (ask.state === "voided") {
      return reject("ask_voided_by_counter", "A counter superseded this ask: decide the live ask on that block.", { param: "ask_ids" })
    }
    if (ask.state !== "open") return reject("invalid_request", `Ask ${ask.id} is ${ask.state}; there is nothing left to decide.`, { param: "ask_ids" })
    selected.push(ask)
  }
  return selected
}
