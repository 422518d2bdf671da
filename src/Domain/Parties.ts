import type { Actor, Contract, Party, Side } from "./Contract.js"
import { makeId } from "./Ids.js"

export const liveParties = (contract: Contract): ReadonlyArray<Party> => contract.parties.filter((party) => party.removed_at === null)

/** Required negotiators: every live party with negotiator capacity (SEMANTICS.md). */
export const requiredNegotiators = (contract: Contract): ReadonlyArray<Party> =>
  liveParties(contract).filter((party) => party.capacity.includes("negotiator"))

export const requiredSigners = (contract: Contract): ReadonlyArray<Party> =>
  liveParties(contract).filter((party) => party.capacity.includes("signer"))

export const partyById = (contract: Contract, id: string): Party | undefined => contract.parties.find((party) => party.id === id)

export const otherSide = (side: Side): Side => (side === "drafter" ? "counterparty" : "drafter")

export const sideOf = (contract: Contract, partyId: string): Side => partyById(contract, partyId)!.side

/** The acting person as a new drafting-side party who negotiates and signs: whoever starts a draft. */
export const drafterParty = (actor: Actor): Party => ({
  id: makeId("pty"),
  person: actor.person!.id,
  name: actor.person!.name,
  email: actor.person!.email,
  org: actor.org,
  side: "drafter",
  capacity: ["negotiator", "signer"],
  removed_at: null,
  joined_after: 0,
  last_round: null,
  guest_token_hash: null
})
