import { asId } from "../../src/Domain/Contract/Ids.js"
import { describe, expect, it } from "@effect/vitest"
import { amendContract } from "../../src/Domain/Contract/Amend.js"
import { cancelContract } from "../../src/Domain/Contract/Cancel.js"
import { removeParty } from "../../src/Domain/Contract/Membership.js"
import type { Actor, Contract } from "../../src/Domain/Contract/Contract.js"
import { ada, agreed, al, at, bea, executed, gil, guestOf, member, minute, ok, outsider, partyOf, refusal, sent, sign, world, type World } from "./fixtures.js"

const amend = (parent: Contract, actor: Actor, w: World, note: string | null = null) => amendContract(parent, actor, { ...w, id: asId("con", "con_2"), note })

/** Executed between Ada and Bea with Gail (a guest) signing for Beta; Sid, another guest signer, was removed. */
const executedWithGuests = (w: World): Contract => {
  const contract = agreed(w, [member(bea), outsider("per_gail", ["signer"]), outsider("per_sid", ["signer"])])
  const withoutSid = ok(removeParty(contract, ada, { ...w, partyId: partyOf(contract, "per_sid").id })).contract
  const gail = guestOf(withoutSid, partyOf(withoutSid, "per_gail"))
  const signed = [ada, bea, gail].reduce((c, actor) => ok(sign(c, actor, w)).contract, withoutSid)
  expect(signed.state).toBe("executed")
  return signed
}

describe("amending", () => {
  it("drafts the executed words anew for the amending side, carries the other side as recipients, and leaves the parent as it was", () => {
    const w = world()
    const parent = executed(w)
    const before = JSON.stringify(parent)
    const amended = ok(amend(parent, ada, at(w, 20), "Extending the term."))
    const recipients = [{ email: "per_bea@example.test", name: "per_bea", capacity: ["negotiator", "signer"] }]
    const carried = amended.contract.parties[0]!
    expect(amended.contract).toEqual({
      id: "con_2",
      mode: "test",
      org: "org_acme",
      title: "Mutual Non-Disclosure Agreement",
      state: "draft",
      origin: "api",
      template: "tpl_mutual_nda",
      relationship: null,
      amends: parent.id,
      blocks: parent.blocks,
      facts: parent.facts,
      parties: [{ ...partyOf(parent, "per_ada"), id: carried.id, last_round: null }],
      asks: [],
      replies: [],
      letters: [],
      baseline: null,
      cancelled: null,
      signatures: [],
      executed_at: null,
      version: 2,
      carried: { note: "Extending the term.", recipients },
      words_hash: parent.words_hash,
      head_sequence: 1,
      created_at: minute(20),
      updated_at: minute(20)
    })
    expect(carried.id).toMatch(/^pty_\d+$/)
    expect(carried.id).not.toBe(partyOf(parent, "per_ada").id)
    expect(amended.events).toEqual([{
      type: "contract.drafted",
      data: {
        contract: "con_2",
        template: "tpl_mutual_nda",
        title: "Mutual Non-Disclosure Agreement",
        state: "draft",
        words_hash: parent.words_hash,
        drafted_by: "per_ada",
        amends: parent.id
      }
    }])
    expect(amended.result).toEqual({ recipients })
    expect(JSON.stringify(parent)).toBe(before)
  })

  it("turns the sides when the other side amends, and seats an org colleague who had no party", () => {
    const w = world()
    const parent = executed(w)
    const theirs = ok(amend(parent, bea, w))
    expect(theirs.contract).toMatchObject({ org: "org_beta", carried: { note: null, recipients: [{ email: "per_ada@example.test" }] } })
    expect(theirs.contract.parties.map((p) => [p.person, p.side, p.brought_by])).toEqual([["per_bea", "drafter", "drafter"]])
    const colleague = ok(amend(parent, al, w)).contract
    expect(colleague.parties.map((p) => [p.person, p.side, p.capacity])).toEqual([
      ["per_ada", "drafter", ["negotiator", "signer"]],
      ["per_al", "drafter", ["negotiator", "signer"]]
    ])
  })

  it("carries live parties only, and a guest carried over holds no link", () => {
    const w = world()
    const parent = executedWithGuests(w)
    const ours = ok(amend(parent, ada, w))
    expect(ours.contract.parties.map((p) => p.person)).toEqual(["per_ada"])
    expect(ours.result).toEqual({
      recipients: [
        { email: "per_bea@example.test", name: "per_bea", capacity: ["negotiator", "signer"] },
        { email: "per_gail@example.test", name: "per_gail", capacity: ["signer"] }
      ]
    })
    const theirs = ok(amend(parent, bea, w)).contract
    expect(theirs.parties.map((p) => [p.person, p.side, p.brought_by, p.guest_token_hash])).toEqual([
      ["per_bea", "drafter", "drafter", null],
      ["per_gail", "drafter", "drafter", null]
    ])
    expect(partyOf(parent, "per_gail").guest_token_hash).toBe("hash_per_gail")
  })

  it("refuses what is not executed or filed, what was cancelled, a guest link, and a caller who cannot see it", () => {
    const w = world()
    const open = sent(w)
    expect(refusal(amend(open, ada, w))).toMatchObject({
      code: "invalid_request",
      message: "Only an executed or filed contract is amended; this one is sent: negotiate it instead."
    })
    expect(refusal(amend(ok(cancelContract(open, ada, { ...w, reason: "No." })).contract, ada, w)).code).toBe("contract_cancelled")
    const parent = executedWithGuests(w)
    expect(refusal(amend(parent, guestOf(parent, partyOf(parent, "per_gail")), w))).toMatchObject({
      code: "invalid_request",
      message: "An amendment is drafted by an org: a guest link cannot start one. Ask the other side to amend."
    })
    expect(refusal(amend(parent, gil, w)).code).toBe("not_found")
  })
})
