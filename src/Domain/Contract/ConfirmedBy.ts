import type { Actor, Capacity, Contract, Party } from "./Contract.js"
import { liveParties } from "./Parties.js"
import { reject, type Rejection } from "./Rejection.js"

/** The never-sends rule: the named human must be a live party of the caller's own side, with the capacity. */
export const checkConfirmedBy = (contract: Contract, actor: Actor, person: string, capacity: Capacity): Rejection | Party => {
  const party = liveParties(contract).find((p) => p.person === person)
  const ownSide = party !== undefined && (actor.guest !== null ? party.id === actor.guest.party : party.org === actor.org)
  if (party === undefined || !ownSide) {
    return reject("not_on_required_party_list", "confirmed_by must name a person on your side's required-party list.", { param: "confirmed_by" })
  }
  if (!party.capacity.includes(capacity)) {
    return capacity === "negotiator"
      ? reject("not_a_negotiator", "confirmed_by names someone without negotiator capacity.", { param: "confirmed_by" })
      : reject("not_a_signer", "confirmed_by names someone without signer capacity.", { param: "confirmed_by" })
  }
  return party
}
