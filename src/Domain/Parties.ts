import type { Contract, Party, Side } from "./Contract.js"

export const liveParties = (contract: Contract): ReadonlyArray<Party> => contract.parties.filter((party) => party.removed_at === null)

/** Required negotiators: every live party with negotiator capacity (SEMANTICS.md). */
export const requiredNegotiators = (contract: Contract): ReadonlyArray<Party> =>
  liveParties(contract).filter((party) => party.capacity.includes("negotiator"))

export const requiredSigners = (contract: Contract): ReadonlyArray<Party> =>
  liveParties(contract).filter((party) => party.capacity.includes("signer"))

export const partyById = (contract: Contract, id: string): Party | undefined => contract.parties.find((party) => party.id === id)

export const otherSide = (side: Side): Side => (side === "drafter" ? "counterparty" : "drafter")

export const sideOf = (contract: Contract, partyId: string): Side => partyById(contract, partyId)!.side
