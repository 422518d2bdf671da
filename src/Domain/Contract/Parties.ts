import { type Actor, type Contract, type Party, type Side, sides } from "./Contract.js"
import type { PartyId } from "./Ids.js"

export const liveParties = (contract: Contract): ReadonlyArray<Party> => contract.parties.filter((party) => party.removed_at === null)

/** Required negotiators: every live party with negotiator capacity (SEMANTICS.md). */
export const requiredNegotiators = (contract: Contract): ReadonlyArray<Party> => liveParties(contract).filter((party) => party.capacity.includes("negotiator"))

export const requiredSigners = (contract: Contract): ReadonlyArray<Party> => liveParties(contract).filter((party) => party.capacity.includes("signer"))

/** Each side is among these parties: one side's act never stands for the other's. */
export const bothSidesIn = (parties: ReadonlyArray<Party>): boolean => sides.every((side) => parties.some((party) => party.side === side))

export const partyById = (contract: Contract, id: string): Party | undefined => contract.parties.find((party) => party.id === id)

export const otherSide = (side: Side): Side => (side === "drafter" ? "counterparty" : "drafter")

export const sideOf = (contract: Contract, partyId: string): Side => partyById(contract, partyId)!.side

/** A guest: a person of no org, who reaches the contract through a link. */
export const isGuest = (party: Party): boolean => party.org === null

/** The acting person as a new drafting-side party who negotiates and signs: whoever starts a draft. */
export const drafterParty = (actor: Actor, id: PartyId): Party => ({
  id,
  person: actor.person!.id,
  name: actor.person!.name,
  email: actor.person!.email,
  org: actor.org,
  side: "drafter",
  brought_by: "drafter",
  capacity: ["negotiator", "signer"],
  removed_at: null,
  joined_after: 0,
  last_round: null,
  guest_token_hash: null
})
