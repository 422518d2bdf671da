import type { Actor, Contract } from "../Contract/Contract.js"
import { type Fact, occurrences } from "../Words/Fact.js"
import { normalizedValue } from "../Words/FactReading.js"
import { negotiationState } from "./NegotiationViews.js"
import { readiness } from "../Words/Readiness.js"
import { type Seat, you } from "../Contract/Seat.js"
import { signatureState } from "../Signing/SignatureStates.js"
import type { Block } from "../Words/Blocks.js"
import { keyDates } from "../Deadlines/KeyDates.js"

// Seat rendering lives here once: every read, event and (later) webhook renders through it.

export const renderBlock = (block: Block) => ({
  id: block.id,
  number: block.number,
  kind: block.kind,
  text: block.text,
  // Imported blocks carry their parse; drafted ones have none to show.
  ...(block.verification === undefined ? {} : {
    confidence: block.confidence,
    verification: block.verification,
    source_span: block.source_span
  })
})

/** `normalized` is read from the words at every render, so it follows each edit; `facts` are the contract's, for an expiration counted from its start. */
export const renderFact = (fact: Fact, facts: ReadonlyArray<Fact>) => ({
  id: fact.id,
  name: fact.name,
  label: fact.label,
  kind: fact.kind,
  value: fact.value,
  normalized: normalizedValue(fact, facts),
  inferred: fact.inferred,
  missing: fact.missing,
  occurrences: occurrences(fact),
  confirmed_by: fact.confirmed_by
})

export const renderParties = (contract: Contract) =>
  contract.parties
    .filter((party) => party.removed_at === null)
    .map((party) => ({
      id: party.id,
      person: party.person,
      name: party.name,
      email: party.email,
      side: party.side,
      capacity: party.capacity
    }))

export const contractUrl = (publicUrl: string, contract: Contract) => `${publicUrl}/contracts/${contract.id}`

export const renderSheet = (contract: Contract, actor: Actor, seat: Seat, publicUrl: string) => ({
  id: contract.id,
  object: "contract" as const,
  livemode: contract.mode === "live",
  title: contract.title,
  state: contract.state,
  origin: contract.origin,
  url: contractUrl(publicUrl, contract),
  relationship: contract.relationship,
  amends: contract.amends,
  ...(contract.signed_elsewhere === undefined ? {} : { signed_elsewhere: contract.signed_elsewhere }),
  words_hash: contract.words_hash,
  head_sequence: contract.head_sequence,
  blocks: contract.blocks.map(renderBlock),
  facts: contract.facts.map((fact) => renderFact(fact, contract.facts)),
  parties: renderParties(contract),
  ready: readiness(contract),
  deadlines: keyDates(contract),
  you: you(actor, seat),
  created_at: contract.created_at,
  updated_at: contract.updated_at
})

export const renderListRow = (contract: Contract) => ({
  id: contract.id,
  object: "contract" as const,
  state: contract.state,
  origin: contract.origin,
  title: contract.title,
  relationship: contract.relationship,
  words_hash: contract.words_hash,
  head_sequence: contract.head_sequence,
  created_at: contract.created_at,
  updated_at: contract.updated_at
})

export const renderStateRead = (contract: Contract, actor: Actor, seat: Seat) => ({
  contract: contract.id,
  state: contract.state,
  words_hash: contract.words_hash,
  head_sequence: contract.head_sequence,
  updated_at: contract.updated_at,
  you: you(actor, seat),
  ...negotiationState(contract, seat),
  signatures: signatureState(contract)
})
