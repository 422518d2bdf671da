import { describe, expect, it } from "@effect/vitest"
import type { Actor } from "../../src/Domain/Contract/Contract.js"
import { invite, removeParty } from "../../src/Domain/Contract/Membership.js"
import { seatOf } from "../../src/Domain/Contract/Seat.js"
import { commitReply } from "../../src/Domain/Negotiation/SendAndCommit.js"
import { accept, ada, al, at, bea, ben, commit, counter, guestOf, member, minute, ok, outsider, partyOf, person, refusal, sent, world } from "./fixtures.js"

const cy: Actor = { mode: "test", org: "org_acme", person: person("per_cy"), guest: null }

describe("removing a party", () => {
  it("takes back a guest the drafting side brought in: seat, link, staged reply and awaited place go in one write", () => {
    const w = world()
    const contract = sent(w, [member(bea), outsider("per_gail", ["negotiator"])])
    const gail = guestOf(contract, partyOf(contract, "per_gail"))
    const first = counter(contract, ada, w, "Acme's words.", "Ours.", 1)
    const answered = commit(accept(commit(first.contract, ada, w).contract, gail, w, first.ask), gail, w).contract
    const second = counter(answered, ada, w, "More of Acme's words.", "Ours too.", 2)
    const staged = accept(commit(second.contract, ada, w).contract, gail, w, second.ask)
    expect(staged.replies.map((r) => r.party)).toEqual([gail.guest!.party])

    const removed = ok(removeParty(staged, ada, { ...at(w, 9), partyId: gail.guest!.party }))
    expect(removed.result).toEqual({
      removed: gail.guest!.party,
      decisions_preserved: 1,
      required_signers: [
        { party: partyOf(staged, "per_ada").id, person: "per_ada", name: "per_ada", capacity: ["negotiator", "signer"] },
        { party: partyOf(staged, "per_bea").id, person: "per_bea", name: "per_bea", capacity: ["negotiator", "signer"] }
      ],
      tally_recomputed: true,
      token_revoked: true,
      words_hash: staged.words_hash
    })
    expect(removed.events).toEqual([{
      type: "party.changed",
      data: { contract: contract.id, change: "removed", party: gail.guest!.party, person: "per_gail", side: "counterparty", by: "per_ada" }
    }])
    expect(removed.contract.parties.find((p) => p.id === gail.guest!.party)!.removed_at).toBe(minute(9))
    expect(removed.contract.asks.find((a) => a.id === second.ask)!.awaiting).toEqual([partyOf(staged, "per_bea").id])
    expect(removed.contract.replies).toEqual([])
    // The link opens only a live party's seat, so it is dead in this same write.
    expect(seatOf(staged, gail)).not.toBeNull()
    expect(seatOf(removed.contract, gail)).toBeNull()
    const late = commitReply(removed.contract, gail, { ...w, note: null, confirmedBy: "per_gail", ifMatch: staged.words_hash })
    expect(refusal(late).code).toBe("not_found")
  })

  it("revokes no token when the party removed is a person of an org", () => {
    const w = world()
    const contract = ok(invite(sent(w), ada, { ...w, invitee: member(al, ["signer"]) })).contract
    expect(ok(removeParty(contract, ada, { ...w, partyId: partyOf(contract, "per_al").id })).result).toMatchObject({ token_revoked: false })
  })

  it("lets a negotiator remove its own side and the guests its side brought in, and no one else", () => {
    const w = world()
    const base = sent(w, [member(bea), outsider("per_gail", ["negotiator"])])
    const gail = guestOf(base, partyOf(base, "per_gail"))
    const withGus = ok(invite(base, gail, { ...w, invitee: outsider("per_gus", ["negotiator"]) })).contract
    const contract = ok(invite(withGus, ada, { ...w, invitee: member(al, ["signer"]) })).contract
    const id = (key: string) => partyOf(contract, key).id
    const remove = (actor: Actor, partyId: string) => removeParty(contract, actor, { ...w, partyId })
    expect(refusal(remove(ada, "pty_unknown"))).toMatchObject({ code: "not_found", param: "party_id" })
    // The counterparty's org people, and the guests the counterparty brought, are not the drafting side's to remove.
    expect(refusal(remove(ada, id("per_bea"))).code).toBe("not_found")
    expect(refusal(remove(ada, id("per_gus"))).code).toBe("not_found")
    expect(refusal(remove(gail, id("per_ada"))).code).toBe("not_found")
    expect(refusal(remove(al, id("per_gail"))).code).toBe("not_a_negotiator")
    expect(refusal(remove(cy, id("per_gail"))).code).toBe("not_on_required_party_list")
    // Each side removes its own, whoever brought them in.
    expect(ok(remove(gail, id("per_gus"))).result).toMatchObject({ removed: id("per_gus") })
    expect(ok(remove(bea, id("per_gus"))).result).toMatchObject({ removed: id("per_gus") })
    expect(ok(remove(bea, id("per_gail"))).result).toMatchObject({ removed: id("per_gail") })
    expect(ok(remove(ada, id("per_al"))).result).toMatchObject({ removed: id("per_al") })
    expect(ok(remove(ada, id("per_gail"))).result).toMatchObject({ removed: id("per_gail") })
  })

  it("keeps at least one party on each side", () => {
    const w = world()
    const contract = sent(w, [outsider("per_gail")])
    const gail = guestOf(contract, partyOf(contract, "per_gail"))
    for (const [actor, key] of [[ada, "per_gail"], [ada, "per_ada"], [gail, "per_gail"]] as const) {
      expect(refusal(removeParty(contract, actor, { ...w, partyId: partyOf(contract, key).id }))).toMatchObject({ code: "invalid_request", param: "party_id" })
    }
  })

  it("never decides for the side that lost its only negotiator: the ask stays open with no one awaited", () => {
    const w = world()
    const contract = sent(w, [outsider("per_nell", ["negotiator"]), outsider("per_sid", ["signer"])])
    const opened = counter(contract, ada, w)
    const asked = commit(opened.contract, ada, w).contract
    const removed = ok(removeParty(asked, ada, { ...w, partyId: partyOf(asked, "per_nell").id }))
    expect(removed.events.map((e) => e.type)).toEqual(["party.changed"])
    expect(removed.contract.state).toBe("negotiating")
    expect(removed.contract.asks.find((a) => a.id === opened.ask)).toMatchObject({ state: "open", awaiting: [] })
    expect(commit(removed.contract, ada, w).result).toMatchObject({ landed: [], state: "negotiating" })
  })

  it("agrees in the removal's own write when the one negotiator who had not spoken leaves their own side", () => {
    const w = world()
    const contract = commit(sent(w, [member(bea, ["negotiator"]), member(ben, ["negotiator"])]), bea, w).contract
    expect(contract.state).toBe("sent")
    const removed = ok(removeParty(contract, bea, { ...w, partyId: partyOf(contract, "per_ben").id }))
    expect(removed.events).toEqual([
      {
        type: "party.changed",
        data: { contract: contract.id, change: "removed", party: partyOf(contract, "per_ben").id, person: "per_ben", side: "counterparty", by: "per_bea" }
      },
      { type: "contract.agreed", data: { contract: contract.id, words_hash: contract.words_hash, letter: null } }
    ])
    expect(removed.contract.state).toBe("agreed")
  })
})
