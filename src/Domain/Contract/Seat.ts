import type { Actor, Contract, Party, Side } from "./Contract.js"

/** How one caller sits on one contract. A contract the caller cannot see has no seat at all. */
export interface Seat {
  readonly side: Side
  readonly party: Party | null
  readonly isGuest: boolean
}

const livePartyOf = (contract: Contract, person: string): Party | null =>
  contract.parties.find((party) => party.person === person && party.removed_at === null) ?? null

export const seatOf = (contract: Contract, actor: Actor): Seat | null => {
  if (actor.mode !== contract.mode) return null
  if (actor.guest !== null) {
    const party = contract.parties.find((p) => p.id === actor.guest!.party && p.removed_at === null)
    return actor.guest.contract === contract.id && party !== undefined ? { side: party.side, party, isGuest: true } : null
  }
  if (actor.org === null) return null
  const party = actor.person === null ? null : livePartyOf(contract, actor.person.id)
  if (actor.org === contract.org) return { side: "drafter", party, isGuest: false }
  const orgOnContract = contract.parties.some((p) => p.org === actor.org && p.removed_at === null && p.side === "counterparty")
  return orgOnContract ? { side: "counterparty", party, isGuest: false } : null
}

export const you = (actor: Actor, seat: Seat) => ({
  person: actor.person?.id ?? null,
  party: seat.party?.id ?? null,
  capacity: seat.party?.capacity ?? [],
  is_guest: seat.isGuest
})
