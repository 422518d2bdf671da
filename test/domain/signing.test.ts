import { describe, expect, it } from "@effect/vitest"
import { withdrawAsk } from "../../src/Domain/Negotiation/AskWithdrawal.js"
import { defaultIntent } from "../../src/Domain/Signing/SignAndWithdraw.js"
import { signatureState } from "../../src/Domain/Signing/SignatureStates.js"
import { invite } from "../../src/Domain/Contract/Membership.js"
import {
  accept,
  ada,
  agreed,
  al,
  at,
  bea,
  clause,
  commit,
  counter,
  drafted,
  gil,
  member,
  minute,
  ok,
  partyOf,
  refusal,
  sent,
  sign,
  signatureData,
  withdraw,
  world
} from "./fixtures.js"

describe("signing", () => {
  it("binds each signer on agreed words, and the last binding executes the contract in the same write", () => {
    const w = world()
    const contract = agreed(w)
    const first = ok(sign(contract, ada, at(w, 5)))
    const signature = first.contract.signatures[0]!
    expect(signature).toEqual({
      id: expect.stringMatching(/^sig_\d+$/),
      party: partyOf(contract, "per_ada").id,
      person: "per_ada",
      name: "per_ada",
      state: "bound",
      bound_hash: contract.words_hash,
      intent: defaultIntent,
      mark: null,
      confirmed_by: "per_ada",
      signed_at: minute(5),
      struck_at: null
    })
    expect(first.events).toEqual([{ type: "signature.bound", data: { ...signatureData(contract, signature), state: "bound" } }])
    expect(first.result).toMatchObject({ id: signature.id, state: "bound", contract_state: "agreed", words_hash: contract.words_hash })
    expect(first.contract).toMatchObject({ state: "agreed", head_sequence: contract.head_sequence + 1, updated_at: minute(5) })

    const last = ok(sign(first.contract, bea, at(w, 6)))
    const theirs = last.contract.signatures[1]!
    expect(last.events).toEqual([
      { type: "signature.bound", data: { ...signatureData(contract, theirs), state: "bound" } },
      {
        type: "contract.executed",
        data: {
          contract: contract.id,
          origin: "template",
          version: 1,
          words_hash: contract.words_hash,
          executed_at: minute(6),
          certificate_url: `http://localhost/contracts/${contract.id}/certificate`
        }
      }
    ])
    expect(last.contract).toMatchObject({ state: "executed", executed_at: minute(6), head_sequence: contract.head_sequence + 2 })
    expect(last.result).toMatchObject({ contract_state: "executed" })
    expect(signatureState(last.contract)).toMatchObject({ bound: [signature.id, theirs.id], held: [], void: [], withdrawn: [], stale: false })
    expect(refusal(sign(last.contract, ada, w)).code).toBe("contract_executed")
    expect(refusal(withdraw(last.contract, ada, w, signature.id)).code).toBe("contract_executed")
  })

  it("holds a signature made while negotiating, and binds it when agreement returns on the same words", () => {
    const w = world()
    const opened = counter(sent(w), bea, w)
    const negotiating = commit(opened.contract, bea, w).contract
    expect(negotiating.state).toBe("negotiating")
    expect(refusal(sign(negotiating, ada, w, negotiating.words_hash, null))).toMatchObject({
      code: "confirmation_required",
      param: "confirmed_by",
      details: { text_hash: negotiating.words_hash, state_if_signed: "held" }
    })
    const held = ok(sign(negotiating, ada, at(w, 2)))
    const signature = held.contract.signatures[0]!
    expect(held.events).toEqual([{ type: "signature.held", data: { ...signatureData(negotiating, signature), state: "held" } }])
    expect(held.result).toMatchObject({ state: "held", contract_state: "negotiating" })

    const withdrawn = ok(withdrawAsk(held.contract, bea, { ...at(w, 3), askId: opened.ask }))
    expect(withdrawn.events).toEqual([
      { type: "ask.withdrawn", data: { contract: negotiating.id, ask: opened.ask, block: clause(negotiating).id, withdrawn_by: "per_bea" } },
      { type: "contract.agreed", data: { contract: negotiating.id, words_hash: negotiating.words_hash, letter: null } },
      { type: "signature.bound", data: { ...signatureData(negotiating, signature), state: "bound" } }
    ])
    expect(withdrawn.contract.state).toBe("agreed")
    expect(withdrawn.contract.signatures).toEqual([{ ...signature, state: "bound" }])
  })

  it("holds bound signatures while a question is open on agreed words", () => {
    const w = world()
    const signed = ok(sign(agreed(w), ada, w)).contract
    const opened = counter(signed, bea, w)
    const reopened = commit(opened.contract, bea, w)
    const signature = signed.signatures[0]!
    expect(reopened.events).toEqual([
      {
        type: "letter.sent",
        data: {
          contract: signed.id,
          letter: reopened.contract.letters.at(-1)!.id,
          from: partyOf(signed, "per_bea").id,
          from_side: "counterparty",
          asks: [opened.ask],
          words_hash: signed.words_hash,
          state: "negotiating"
        }
      },
      { type: "signature.held", data: { ...signatureData(signed, signature), state: "held" } }
    ])
    expect(reopened.contract.signatures).toEqual([{ ...signature, state: "held" }])
  })

  it("voids live signatures when the words change, names them on words.changed, and refuses the old hash", () => {
    const w = world()
    const opened = counter(sent(w), bea, w)
    const negotiating = commit(opened.contract, bea, w).contract
    const held = ok(sign(negotiating, ada, at(w, 2))).contract
    const signature = held.signatures[0]!
    const landed = commit(accept(held, ada, w, opened.ask), ada, at(w, 3))
    const letter = landed.contract.letters.at(-1)!.id
    const hash = landed.contract.words_hash
    expect(hash).not.toBe(negotiating.words_hash)
    expect(landed.events).toEqual([
      {
        type: "letter.sent",
        data: { contract: held.id, letter, from: partyOf(held, "per_ada").id, from_side: "drafter", asks: [], words_hash: hash, state: "agreed" }
      },
      {
        type: "words.changed",
        data: {
          contract: held.id,
          words_hash: hash,
          previous_hash: negotiating.words_hash,
          blocks_touched: [clause(held).id],
          letter,
          signatures_voided: [signature.id]
        }
      },
      { type: "contract.agreed", data: { contract: held.id, words_hash: hash, letter } },
      { type: "signature.void", data: { ...signatureData(held, signature), state: "void" } }
    ])
    expect(landed.contract.signatures).toEqual([{ ...signature, state: "void", struck_at: minute(3) }])
    expect(signatureState(landed.contract)).toMatchObject({ void: [signature.id], held: [], bound: [], stale: true })

    expect(refusal(sign(landed.contract, ada, w, negotiating.words_hash))).toMatchObject({
      code: "words_changed",
      param: "text_hash",
      details: { current_hash: hash, your_signature: { id: signature.id, state: "void", bound_hash: negotiating.words_hash } }
    })
    const fresh = ok(sign(landed.contract, ada, w))
    expect(fresh.result).toMatchObject({ state: "bound", bound_hash: hash, contract_state: "agreed" })
    expect(ok(sign(fresh.contract, bea, w)).contract.state).toBe("executed")
  })

  it("refuses a sign that lacks a person, names the other side or a non-signer, repeats a live signature, or comes too early", () => {
    const w = world()
    // Al negotiates and has not spoken since joining, so the agreed contract is negotiating again.
    const contract = ok(invite(agreed(w), ada, { ...w, invitee: member(al, ["negotiator"]) })).contract
    expect(contract.state).toBe("negotiating")
    expect(refusal(sign(contract, ada, w, "sha256:stale"))).toMatchObject({
      code: "words_changed",
      details: { current_hash: contract.words_hash, your_signature: null }
    })
    expect(refusal(sign(contract, ada, w, contract.words_hash, null))).toMatchObject({
      code: "confirmation_required",
      details: { text_hash: contract.words_hash, state_if_signed: "held" }
    })
    expect(refusal(sign(contract, ada, w, contract.words_hash, "per_bea"))).toMatchObject({ code: "not_on_required_party_list", param: "confirmed_by" })
    expect(refusal(sign(contract, ada, w, contract.words_hash, "per_al"))).toMatchObject({ code: "not_a_signer", param: "confirmed_by" })
    expect(refusal(sign(contract, gil, w)).code).toBe("not_found")
    const signed = ok(sign(contract, ada, w)).contract
    expect(refusal(sign(signed, ada, w))).toMatchObject({ code: "invalid_request", param: "text_hash" })
    expect(refusal(sign(drafted(w), ada, w)).code).toBe("invalid_request")
  })
})
