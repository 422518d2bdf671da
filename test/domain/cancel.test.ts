import { describe, expect, it } from "@effect/vitest"
import { cancelContract } from "../../src/Domain/Contract/Cancel.js"
import type { Actor, Contract } from "../../src/Domain/Contract/Contract.js"
import { invite, removeParty } from "../../src/Domain/Contract/Membership.js"
import { commitReply } from "../../src/Domain/Negotiation/SendAndCommit.js"
import { stageDecision } from "../../src/Domain/Negotiation/Staging.js"
import { sentLetters } from "../../src/Domain/Negotiation/AsksAndLetters.js"
import { ada, al, at, bea, clause, counter, drafted, executed, gil, member, minute, ok, partyOf, refusal, sent, sign, world, type World } from "./fixtures.js"

const cancel = (contract: Contract, actor: Actor, w: World, reason: string) => cancelContract(contract, actor, { ...w, reason })

describe("cancelling", () => {
  it("ends the deal with a final letter carrying the reason exactly as written, and drops every unsent reply", () => {
    const w = world()
    const staged = counter(sent(w), bea, w).contract
    expect(staged.replies).toHaveLength(1)
    const reason = "\ufeff Deal abandoned "
    const cancelled = ok(cancel(staged, ada, at(w, 8), reason))
    const letter = sentLetters(cancelled.contract.letters).at(-1)!
    expect(letter).toEqual({
      id: expect.stringMatching(/^let_\d+$/),
      kind: "sent",
      ordinal: 2,
      sequence: staged.head_sequence + 1,
      from: partyOf(staged, "per_ada").id,
      to: [partyOf(staged, "per_bea").id],
      note: reason,
      sent_at: minute(8),
      confirmed_by: "per_ada",
      asks: [],
      decisions: [],
      final: true
    })
    expect(cancelled.events).toEqual([
      {
        type: "letter.sent",
        data: {
          contract: staged.id,
          letter: letter.id,
          from: letter.from,
          from_side: "drafter",
          asks: [],
          words_hash: staged.words_hash,
          state: "cancelled"
        }
      },
      { type: "contract.cancelled", data: { contract: staged.id, origin: "template", letter: letter.id, reason, cancelled_by: "per_ada" } }
    ])
    expect(cancelled.contract).toMatchObject({
      state: "cancelled",
      cancelled: { at: minute(8), by: "per_ada", reason },
      replies: [],
      words_hash: staged.words_hash,
      head_sequence: staged.head_sequence + 1
    })
    expect(cancelled.result).toEqual({ state: "cancelled", cancelled_at: minute(8), cancelled_by: "per_ada", letter: letter.id, words_hash: staged.words_hash })
  })

  it("lets the other side cancel, writing to the drafting side, and a draft cancel with a letter to no one", () => {
    const w = world()
    const contract = sent(w)
    const theirs = ok(cancel(contract, bea, w, "Not for us."))
    expect(theirs.contract.letters.at(-1)).toMatchObject({ from: partyOf(contract, "per_bea").id, to: [partyOf(contract, "per_ada").id] })
    expect(theirs.events[0]).toMatchObject({ type: "letter.sent", data: { from_side: "counterparty", state: "cancelled" } })
    const draft = ok(cancel(drafted(w, ada, "con_2"), ada, w, "Not needed"))
    expect(draft.contract.letters).toMatchObject([{ ordinal: 1, to: [], note: "Not needed", final: true }])
    expect(draft.contract.state).toBe("cancelled")
  })

  it("refuses a reason with nothing in it, a caller with no seat of their own, and every write after", () => {
    const w = world()
    const contract = sent(w)
    expect(refusal(cancel(contract, ada, w, " \n "))).toMatchObject({ code: "invalid_request", param: "reason" })
    // Al is of the drafting org, so he sees the contract, but he holds no party on it.
    expect(refusal(cancel(contract, al, w, "Mine to end?")).code).toBe("not_on_required_party_list")
    expect(refusal(cancel(contract, gil, w, "Not even mine to see.")).code).toBe("not_found")
    const cancelled = ok(cancel(contract, ada, w, "Over.")).contract
    const writes = [
      cancel(cancelled, bea, w, "Again."),
      commitReply(cancelled, bea, { ...w, note: null, confirmedBy: "per_bea", ifMatch: cancelled.words_hash }),
      stageDecision(cancelled, bea, { ...w, blockId: clause(cancelled).id, type: "counter", text: "x", why: "y", ifMatch: cancelled.words_hash }),
      sign(cancelled, ada, w),
      invite(cancelled, ada, { ...w, invitee: member(al) }),
      removeParty(cancelled, bea, { ...w, partyId: partyOf(cancelled, "per_ada").id })
    ]
    expect(writes.map((write) => refusal(write).code)).toEqual(Array(writes.length).fill("contract_cancelled"))
    expect(refusal(cancel(executed(w), ada, w, "Too late.")).code).toBe("contract_executed")
  })
})
