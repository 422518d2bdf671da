import { describe, expect, it } from "@effect/vitest"
import { invite, maxParties, removeParty } from "../../src/Domain/Contract/Membership.js"
import { cancelContract } from "../../src/Domain/Contract/Cancel.js"
import { ada, al, at, bea, ben, commit, counter, drafted, gil, guestOf, member, minute, ok, outsider, partyOf, refusal, sent, world } from "./fixtures.js"

describe("inviting a party", () => {
  it("seats a colleague on the inviter's side, mails them, and makes a new negotiator awaited on every open ask", () => {
    const w = world()
    const opened = counter(sent(w), bea, w)
    const contract = commit(opened.contract, bea, w).contract
    const invited = ok(invite(contract, ada, { ...at(w, 3), invitee: member(al) }))
    const party = partyOf(invited.contract, "per_al")
    expect(party).toEqual({
      id: expect.stringMatching(/^pty_\d+$/),
      person: "per_al",
      name: "per_al",
      email: "per_al@example.test",
      org: "org_acme",
      side: "drafter",
      brought_by: "drafter",
      capacity: ["negotiator", "signer"],
      removed_at: null,
      joined_after: 2,
      last_round: null,
      guest_token_hash: null
    })
    expect(invited.result).toEqual({ party: party.id, person: "per_al", invited: true, link_sent: true, words_hash: contract.words_hash })
    expect(invited.events).toEqual([{
      type: "party.changed",
      data: { contract: contract.id, change: "invited", party: party.id, person: "per_al", side: "drafter", capacity: ["negotiator", "signer"], by: "per_ada" }
    }])
    expect(invited.mail).toEqual([{
      to: "per_al@example.test",
      subject: "You were invited to Mutual Non-Disclosure Agreement",
      text: "per_ada invited you.\n\nRead it at http://localhost/contracts/con_1",
      link: null
    }])
    expect(invited.contract.asks.find((a) => a.id === opened.ask)!.awaiting).toEqual([partyOf(contract, "per_ada").id, party.id])
    expect(invited.contract).toMatchObject({ state: "negotiating", head_sequence: contract.head_sequence + 1, updated_at: minute(3) })
  })

  it("lets the drafting side put an outsider on the counterparty, reachable by the link in the mail", () => {
    const w = world()
    const contract = sent(w)
    const invited = ok(invite(contract, ada, { ...w, invitee: outsider("per_gina", ["negotiator"]), side: "counterparty" }))
    expect(partyOf(invited.contract, "per_gina")).toMatchObject({ side: "counterparty", brought_by: "drafter", org: null, guest_token_hash: "hash_per_gina" })
    expect(invited.mail).toEqual([{
      to: "per_gina@example.test",
      subject: "You were invited to Mutual Non-Disclosure Agreement",
      text: "per_ada invited you.\n\nRead it at http://localhost/contracts/con_1?t=gtk_per_gina",
      link: "http://localhost/contracts/con_1?t=gtk_per_gina"
    }])
    // An invitee of another org may sit on the counterparty's own side when that side invites them.
    expect(partyOf(ok(invite(contract, bea, { ...w, invitee: member(gil) })).contract, "per_gil")).toMatchObject({
      side: "counterparty",
      brought_by: "counterparty"
    })
  })

  it("answers an invite of someone already seated with their seat, and changes nothing", () => {
    const w = world()
    const contract = sent(w)
    const again = ok(invite(contract, ada, { ...w, invitee: member(bea), side: "counterparty" }))
    expect(again.result).toEqual({
      party: partyOf(contract, "per_bea").id,
      person: "per_bea",
      invited: false,
      link_sent: false,
      words_hash: contract.words_hash
    })
    expect(again.events).toEqual([])
    expect(again.contract).toBe(contract)
  })

  it("refuses invites across sides or orgs it may not make, and above the inviting guest's own capacity", () => {
    const w = world()
    const contract = sent(w, [member(bea), outsider("per_nell", ["negotiator"]), outsider("per_sid", ["signer"])])
    const nell = guestOf(contract, partyOf(contract, "per_nell"))
    const sid = guestOf(contract, partyOf(contract, "per_sid"))
    const attempt = (actor: typeof ada, invitee = outsider("per_x"), side?: "drafter" | "counterparty") =>
      refusal(invite(contract, actor, { ...w, invitee, side }))
    expect(refusal(invite(drafted(w, ada, "con_2"), ada, { ...w, invitee: outsider("per_x"), side: "counterparty" }))).toMatchObject({
      code: "invalid_request",
      param: "side"
    })
    expect(attempt(bea, outsider("per_x"), "drafter")).toMatchObject({
      code: "invalid_request",
      param: "side",
      message: "Only the drafting side may invite onto the other side."
    })
    expect(attempt(nell, outsider("per_x"), "drafter")).toMatchObject({
      code: "invalid_request",
      param: "side",
      message: "A guest invites on their own side only."
    })
    expect(attempt(nell, outsider("per_x", ["signer"]))).toMatchObject({ code: "not_a_signer", param: "capacity" })
    expect(attempt(sid, outsider("per_x", ["negotiator"]))).toMatchObject({ code: "not_a_negotiator", param: "capacity" })
    expect(attempt(ada, member(al), "counterparty")).toMatchObject({ code: "invalid_request", param: "email" })
    expect(attempt(ada, member(gil), "counterparty")).toMatchObject({ code: "invalid_request", param: "email" })
    expect(attempt(bea, member(al))).toMatchObject({ code: "invalid_request", param: "email" })
    expect(attempt(ada, member(ben))).toMatchObject({ code: "invalid_request", param: "email" })
    expect(attempt(gil).code).toBe("not_found")
    const cancelled = ok(cancelContract(contract, ada, { ...w, reason: "No." })).contract
    expect(refusal(invite(cancelled, ada, { ...w, invitee: member(al) })).code).toBe("contract_cancelled")
  })

  it(`holds at most ${maxParties} live parties: a removal makes room again`, () => {
    const w = world()
    let contract = sent(w)
    for (let i = contract.parties.length; i < maxParties; i++) contract = ok(invite(contract, ada, { ...w, invitee: outsider(`per_${i}`) })).contract
    expect(contract.parties).toHaveLength(maxParties)
    expect(refusal(invite(contract, ada, { ...w, invitee: outsider("per_one_more") }))).toMatchObject({
      code: "invalid_request",
      param: "email",
      message: `A contract holds at most ${maxParties} parties: remove one before inviting another.`
    })
    const fewer = ok(removeParty(contract, ada, { ...w, partyId: partyOf(contract, "per_2").id })).contract
    expect(ok(invite(fewer, ada, { ...w, invitee: outsider("per_one_more") })).result).toMatchObject({ invited: true })
  })
})
