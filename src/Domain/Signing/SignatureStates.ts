import type { Contract } from "../Contract/Contract.js"
import type { DomainEvent, SignatureMoved } from "../Contract/Events.js"
import { bothSidesIn, requiredSigners } from "../Contract/Parties.js"
import type { Signature, SignatureState } from "./Signature.js"

export const isLive = (signature: Signature) => signature.state === "held" || signature.state === "bound"

/** A party's newest signature, whatever its state: what `your_signature` reports. */
export const latestSignatureOf = (contract: Contract, party: string): Signature | null => contract.signatures.filter((s) => s.party === party).at(-1) ?? null

/** The states a signature reaches without a person withdrawing it. */
export type MovedState = Exclude<SignatureState, "withdrawn">

const signatureData = (contract: Contract, signature: Signature) => ({
  contract: contract.id,
  signature: signature.id,
  party: signature.party,
  person: signature.person,
  bound_hash: signature.bound_hash
})

export const signatureEvent = (contract: Contract, signature: Signature & { readonly state: MovedState }): SignatureMoved => {
  const data = signatureData(contract, signature)
  switch (signature.state) {
    case "held":
      return { type: "signature.held", data: { ...data, state: signature.state } }
    case "bound":
      return { type: "signature.bound", data: { ...data, state: signature.state } }
    case "void":
      return { type: "signature.void", data: { ...data, state: signature.state } }
  }
}

/** A withdrawal is a person's act, so its event names who confirmed it. */
export const withdrawalEvent = (contract: Contract, signature: Signature, by: string): DomainEvent => ({
  type: "signature.withdrawn",
  data: { ...signatureData(contract, signature), state: "withdrawn", withdrawn_by: by }
})

/**
 * Every required signer has a bound signature on the words as they stand, and each side has one:
 * removing the other side's last signer never executes the contract on that side's behalf.
 */
export const allBound = (contract: Contract): boolean => {
  const signers = requiredSigners(contract)
  return bothSidesIn(signers) &&
    signers.every((party) => contract.signatures.some((s) => s.party === party.id && s.state === "bound" && s.bound_hash === contract.words_hash))
}

const move = <S extends MovedState>(signature: Signature, state: S, now: string): Signature & { readonly state: S } => ({
  ...signature,
  state,
  struck_at: state === "void" ? now : signature.struck_at
})

export interface Settlement {
  readonly publicUrl: string
  readonly now: string
}

/** A write's contract with the events that brought it there, in the order they happened. */
export interface Settled {
  readonly contract: Contract
  readonly events: ReadonlyArray<DomainEvent>
}

/**
 * Brings the signatures in line with the words and the state after any write, and executes
 * the contract when the last required signer is bound on agreed words: new words void every
 * live signature, a reopened contract holds the bound ones, and agreement on the same words
 * binds the held ones again. Returns the events it causes, and the signatures it voided, which
 * the round lists on its `words.changed`.
 */
export const settleSignatures = (contract: Contract, at: Settlement): Settled & { readonly voided: ReadonlyArray<string> } => {
  const moves = contract.signatures.map((signature) => {
    if (!isLive(signature)) return { signature, event: null }
    const next = signature.bound_hash !== contract.words_hash
      ? "void"
      : contract.state === "agreed"
      ? "bound"
      : "held"
    if (next === signature.state) return { signature, event: null }
    const moved = move(signature, next, at.now)
    return { signature: moved, event: signatureEvent(contract, moved) }
  })
  const events = moves.flatMap((m) => (m.event === null ? [] : [m.event]))
  const voided = moves.filter((m) => m.event !== null && m.signature.state === "void").map((m) => m.signature.id)
  // Unmoved signatures stay the same list, so a save need not store them again (src/Engine/StoredParts.ts).
  const settled: Contract = events.length === 0 ? contract : { ...contract, signatures: moves.map((m) => m.signature) }
  if (settled.state !== "agreed" || !allBound(settled)) return { contract: settled, events, voided }
  const executed: DomainEvent = {
    type: "contract.executed",
    data: {
      contract: contract.id,
      origin: contract.origin,
      version: contract.version,
      words_hash: contract.words_hash,
      executed_at: at.now,
      certificate_url: `${at.publicUrl}/contracts/${contract.id}/certificate`
    }
  }
  return { contract: { ...settled, state: "executed", executed_at: at.now }, events: [...events, executed], voided }
}

export const renderSignature = (contract: Contract, signature: Signature) => ({
  id: signature.id,
  object: "signature" as const,
  contract: contract.id,
  party: signature.party,
  person: signature.person,
  name: signature.name,
  state: signature.state,
  bound_hash: signature.bound_hash,
  intent: signature.intent,
  mark: signature.mark,
  confirmed_by: signature.confirmed_by,
  signed_at: signature.signed_at,
  struck_at: signature.struck_at
})

/** The signatures part of the state read, and `GET /contracts/{id}/signatures/state`. */
export const signatureState = (contract: Contract) => {
  const ids = (state: SignatureState) => contract.signatures.filter((s) => s.state === state).map((s) => s.id)
  const required = requiredSigners(contract).map((party) => {
    const latest = latestSignatureOf(contract, party.id)
    return { person: party.person, name: party.name, party: party.id, capacity: party.capacity, signature: latest?.id ?? null, state: latest?.state ?? null }
  })
  return {
    required_signers: required,
    held: ids("held"),
    bound: ids("bound"),
    void: ids("void"),
    withdrawn: ids("withdrawn"),
    // Someone signed words that no longer stand and has not signed the new ones.
    stale: required.some((row) => row.state === "void")
  }
}
