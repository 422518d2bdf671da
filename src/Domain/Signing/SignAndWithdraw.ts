import type { Actor, Contract, ContractState, Party } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import { appendEvents, requireOpen, requireSeat } from "../Contract/Guards.js"
import type { NewId } from "../Contract/Ids.js"
import { liveParties } from "../Contract/Parties.js"
import { notFound, reject, Rejection } from "../Contract/Rejection.js"
import { checkConfirmedBy } from "../Contract/ConfirmedBy.js"
import type { Seat } from "../Contract/Seat.js"
import { isLive, latestSignatureOf, renderSignature, type Settlement, settleSignatures, signatureEvent, withdrawalEvent } from "./SignatureStates.js"
import type { PinnedMark, Signature } from "./Signature.js"

/** A signature just made or withdrawn, with what it did to the contract. */
export type Signed = ReturnType<typeof renderSignature> & { readonly contract_state: ContractState; readonly words_hash: string }

export const defaultIntent = "I agree to be bound by these words."

export interface SignInput extends Settlement {
  readonly textHash: string
  readonly confirmedBy?: string | undefined
  readonly intent?: string | undefined
  /** The confirming person's mark on file at press time, looked up by the caller. */
  readonly mark: PinnedMark | null
  readonly newId: NewId
}

/** Who would sign: the guest's own seat, else the named person, else the caller's own seat. */
const signerOf = (contract: Contract, seat: Seat, confirmedBy: string | undefined): Party | null =>
  seat.isGuest ? seat.party : liveParties(contract).find((p) => p.person === confirmedBy) ?? seat.party

const yourSignature = (contract: Contract, party: Party | null) => {
  const latest = party === null ? null : latestSignatureOf(contract, party.id)
  return latest === null ? null : renderSignature(contract, latest)
}

/**
 * What `confirmation_required` carries on a signature call, beside that call's own fields: the
 * spec's `letter_preview` and `landed_if_sent`, shaped as a round's are. A signature is no letter:
 * it is from the signer's party (null when the seat holds none), goes to nobody (`to: []`: nothing
 * is mailed; each party reads it in the contract's log), decides nothing and lands no words.
 */
const signaturePreview = (from: Party | null) => ({
  letter_preview: { from: from?.id ?? null, to: [], note: null, decisions: [], asks: [] },
  landed_if_sent: []
})

/**
 * POST /contracts/{id}/signatures: binds the confirming signer to the exact words they read.
 * While the contract is not agreed the signature is held; the last binding executes it.
 */
export const signContract = (contract: Contract, actor: Actor, input: SignInput): Rejection | Decided<Signed> => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  if (contract.state === "draft") return reject("invalid_request", "A draft is not signed: send it first.")
  const signer = signerOf(contract, seat, input.confirmedBy)
  if (input.textHash !== contract.words_hash) {
    return reject("words_changed", "These are not the words that stand: read them again and sign the current words_hash.", {
      param: "text_hash",
      details: { current_hash: contract.words_hash, your_signature: yourSignature(contract, signer) }
    })
  }
  if (input.confirmedBy === undefined) {
    return reject("confirmation_required", "A person must confirm this: show them the words, then send confirmed_by.", {
      param: "confirmed_by",
      details: { ...signaturePreview(signer), text_hash: contract.words_hash, state_if_signed: contract.state === "agreed" ? "bound" : "held" }
    })
  }
  const confirmer = checkConfirmedBy(contract, actor, input.confirmedBy, "signer")
  if (confirmer instanceof Rejection) return confirmer
  const previous = latestSignatureOf(contract, confirmer.id)
  if (previous !== null && isLive(previous)) {
    return reject("invalid_request", `${confirmer.name} already signed these words (${previous.id}); withdraw that signature to sign again.`, {
      param: "text_hash"
    })
  }
  const signature: Signature & { readonly state: "bound" | "held" } = {
    id: input.newId("sig"),
    party: confirmer.id,
    person: confirmer.person,
    name: confirmer.name,
    state: contract.state === "agreed" ? "bound" : "held",
    bound_hash: contract.words_hash,
    intent: input.intent ?? defaultIntent,
    mark: input.mark,
    confirmed_by: input.confirmedBy,
    signed_at: input.now,
    struck_at: null
  }
  const settled = settleSignatures({ ...contract, signatures: [...contract.signatures, signature] }, input)
  const next = settled.contract
  const events = [signatureEvent(contract, signature), ...settled.events]
  return {
    contract: appendEvents(next, events, input.now),
    events,
    result: { ...renderSignature(next, signature), contract_state: next.state, words_hash: next.words_hash }
  }
}

export interface WithdrawSignatureInput extends Settlement {
  readonly signatureId: string
  readonly confirmedBy?: string | undefined
}

/** The signer, or their own org acting for them, strikes a held or bound signature. */
export const withdrawSignature = (contract: Contract, actor: Actor, input: WithdrawSignatureInput): Rejection | Decided<Signed> => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return notFound("signature", input.signatureId)
  const signature = contract.signatures.find((s) => s.id === input.signatureId)
  if (signature === undefined) return notFound("signature", input.signatureId)
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  const signer = contract.parties.find((p) => p.id === signature.party)!
  const yours = seat.isGuest ? seat.party?.id === signer.id : signer.org !== null && signer.org === actor.org
  if (!yours) return reject("not_a_signer", "This signature is not yours (or your org's) to withdraw.")
  if (!isLive(signature)) return reject("invalid_request", `This signature is already ${signature.state}.`)
  if (input.confirmedBy === undefined) {
    return reject("confirmation_required", "A person must confirm this withdrawal: send confirmed_by.", {
      param: "confirmed_by",
      details: { ...signaturePreview(signer), signature: signature.id }
    })
  }
  const confirmer = checkConfirmedBy(contract, actor, input.confirmedBy, "signer")
  if (confirmer instanceof Rejection) return confirmer
  const withdrawn: Signature = { ...signature, state: "withdrawn", struck_at: input.now }
  const settled = settleSignatures({ ...contract, signatures: contract.signatures.map((s) => (s.id === signature.id ? withdrawn : s)) }, input)
  const next = settled.contract
  const events = [withdrawalEvent(contract, withdrawn, input.confirmedBy), ...settled.events]
  return {
    contract: appendEvents(next, events, input.now),
    events,
    result: { ...renderSignature(next, withdrawn), contract_state: next.state, words_hash: next.words_hash }
  }
}
