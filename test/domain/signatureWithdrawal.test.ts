import { describe, expect, it } from "@effect/vitest"
import { invite, removeParty } from "../../src/Domain/Contract/Membership.js"
import { signatureState } from "../../src/Domain/Signing/SignatureStates.js"
import {
  ada,
  agreed,
  al,
  at,
  bea,
  ben,
  gil,
  guestOf,
  member,
  minute,
  ok,
  outsider,
  partyOf,
  refusal,
  sign,
  signatureData,
  withdraw,
  world
} from "./fixtures.js"

describe("withdrawing a signature", () => {
  it("strikes a live signature for its signer's own org, with a person of that org confirming", () => {
    const w = world()
    const contract = ok(invite(agreed(w), ada, { ...w, invitee: member(al, ["signer"]) })).contract
    const signed = ok(sign(contract, ada, at(w, 1))).contract
    const signature = signed.signatures[0]!
    expect(refusal(withdraw(signed, bea, w, signature.id)).code).toBe("not_a_signer")
    expect(refusal(withdraw(signed, ada, w, signature.id, null))).toMatchObject({
      code: "confirmation_required",
      param: "confirmed_by",
      details: { signature: signature.id }
    })
    expect(refusal(withdraw(signed, ada, w, signature.id, "per_bea"))).toMatchObject({ code: "not_on_required_party_list", param: "confirmed_by" })
    expect(refusal(withdraw(signed, ada, w, "sig_nope")).code).toBe("not_found")
    expect(refusal(withdraw(signed, gil, w, signature.id)).code).toBe("not_found")

    // Al is of Ada's org and a signer: he may confirm the withdrawal of her signature.
    const withdrawn = ok(withdraw(signed, al, at(w, 2), signature.id))
    expect(withdrawn.events).toEqual([
      { type: "signature.withdrawn", data: { ...signatureData(signed, signature), state: "withdrawn", withdrawn_by: "per_al" } }
    ])
    expect(withdrawn.contract.signatures).toEqual([{ ...signature, state: "withdrawn", struck_at: minute(2) }])
    expect(withdrawn.result).toMatchObject({ id: signature.id, state: "withdrawn", contract_state: "agreed" })
    expect(signatureState(withdrawn.contract)).toMatchObject({ withdrawn: [signature.id], bound: [], stale: false })
    expect(refusal(withdraw(withdrawn.contract, ada, w, signature.id))).toMatchObject({
      code: "invalid_request",
      message: "This signature is already withdrawn."
    })

    // A withdrawn signature leaves its signer free to sign again.
    const again = ok(sign(withdrawn.contract, ada, w))
    expect(again.result).toMatchObject({ state: "bound", contract_state: "agreed" })
    expect(again.contract.signatures.map((s) => s.state)).toEqual(["withdrawn", "bound"])
  })

  it("lets a guest withdraw its own signature only", () => {
    const w = world()
    const contract = agreed(w, [member(bea, ["negotiator"]), outsider("per_sid", ["signer"]), outsider("per_sue", ["signer"])])
    const sid = guestOf(contract, partyOf(contract, "per_sid"))
    const sue = guestOf(contract, partyOf(contract, "per_sue"))
    const signed = ok(sign(contract, sid, w)).contract
    const signature = signed.signatures[0]!
    expect(signature).toMatchObject({ state: "bound", person: "per_sid", confirmed_by: "per_sid" })
    expect(refusal(withdraw(signed, sue, w, signature.id)).code).toBe("not_a_signer")
    expect(refusal(withdraw(signed, sid, w, signature.id, "per_sue")).code).toBe("not_on_required_party_list")
    expect(ok(withdraw(signed, sid, w, signature.id)).events).toEqual([
      { type: "signature.withdrawn", data: { ...signatureData(signed, signature), state: "withdrawn", withdrawn_by: "per_sid" } }
    ])
  })
})

describe("execution", () => {
  it("waits for a bound signer on each side: removing the other side's only signer leaves it agreed", () => {
    const w = world()
    const contract = agreed(w, [member(bea, ["negotiator"]), outsider("per_sid", ["signer"])])
    const signed = ok(sign(contract, ada, w)).contract
    expect(signed.state).toBe("agreed")
    const sid = partyOf(signed, "per_sid")
    const removed = ok(removeParty(signed, ada, { ...at(w, 4), partyId: sid.id }))
    expect(removed.events).toEqual([
      { type: "party.changed", data: { contract: contract.id, change: "removed", party: sid.id, person: "per_sid", side: "counterparty", by: "per_ada" } }
    ])
    expect(removed.contract).toMatchObject({ state: "agreed", executed_at: null })
    expect(removed.result).toMatchObject({ required_signers: [{ party: partyOf(signed, "per_ada").id, person: "per_ada" }] })

    // Their side names a new signer, who signs: now each side has one bound.
    const named = ok(invite(removed.contract, bea, { ...w, invitee: member(ben, ["signer"]) })).contract
    expect(named.state).toBe("agreed")
    const executed = ok(sign(named, ben, at(w, 5)))
    expect(executed.events.map((e) => e.type)).toEqual(["signature.bound", "contract.executed"])
    expect(executed.contract).toMatchObject({ state: "executed", executed_at: minute(5) })
  })

  it("executes in the write that removes the last unsigned signer, once each side has a bound one", () => {
    const w = world()
    const contract = agreed(w, [member(bea), outsider("per_sid", ["signer"])])
    const signed = ok(sign(ok(sign(contract, ada, w)).contract, bea, w)).contract
    expect(signed.state).toBe("agreed")
    const removed = ok(removeParty(signed, ada, { ...at(w, 7), partyId: partyOf(signed, "per_sid").id }))
    expect(removed.events.map((e) => e.type)).toEqual(["party.changed", "contract.executed"])
    expect(removed.events[1]).toEqual({
      type: "contract.executed",
      data: {
        contract: contract.id,
        origin: "template",
        version: 1,
        words_hash: contract.words_hash,
        executed_at: minute(7),
        certificate_url: `http://localhost/contracts/${contract.id}/certificate`
      }
    })
    expect(removed.contract).toMatchObject({ state: "executed", executed_at: minute(7) })
  })
})
