import { describe, expect, it } from "@effect/vitest"
import type { Actor, Contract } from "../../src/Domain/Contract/Contract.js"
import { draftFromTemplate } from "../../src/Domain/Templates/Drafting.js"
import { type LoggedEvent, renderEvent } from "../../src/Domain/Views/EventViews.js"
import { Rejection } from "../../src/Domain/Contract/Rejection.js"
import { sendContract } from "../../src/Domain/Negotiation/SendAndCommit.js"
import { mutualNda } from "../../src/Domain/Templates/MutualNda.js"
import { sequentialIds } from "./fixtures.js"
import { asId } from "../../src/Domain/Contract/Ids.js"

const now = "2026-11-22T00:00:00.000Z"
const ada: Actor = { mode: "test", org: "org_a", person: { id: "per_a", name: "Ada", email: "ada@a.test" }, guest: null }

const ok = <A>(value: Rejection | { contract: Contract; result: A }) => {
  if (value instanceof Rejection) throw new Error(`${value.code}: ${value.message}`)
  return value.contract
}

const sent = (): Contract => {
  const newId = sequentialIds()
  const drafted = ok(draftFromTemplate({ id: asId("con", "con_v"), mode: "test", actor: ada, template: mutualNda, facts: {}, now, newId }))
  return ok(sendContract(drafted, ada, {
    now, newId, publicUrl: "http://localhost", note: null, confirmedBy: "per_a", ifMatch: drafted.words_hash,
    recipients: [{ person: { id: "per_b", name: "Bea", email: "bea@b.test", org: "org_b" }, capacity: ["negotiator"], guest: null }],
    relationship: { id: "rel_v", created: true, key: "org:org_b", org: "org_b" }
  }))
}

const stored = (type: string, data: Record<string, unknown>, sequence = 1): LoggedEvent => ({ id: "evt_x", sequence, type, created: now, data })

// Stored events are never rewritten: rows written before the cores were fixed still read as documented.
describe("rendering events stored in older shapes", () => {
  it("drops origin from an old contract.drafted and names no parent for an original", () => {
    const contract = sent()
    const old = stored("contract.drafted", {
      contract: contract.id, origin: "template", template: "tpl_mutual_nda", title: contract.title, state: "draft", words_hash: "sha256:x", drafted_by: "per_a"
    })
    expect(renderEvent(contract, old, "drafter")!.data).toEqual({
      contract: contract.id, template: "tpl_mutual_nda", title: contract.title, state: "draft", words_hash: "sha256:x", drafted_by: "per_a", amends: null
    })
  })

  it("fills a round's words.changed with no fact and the committer, and a removal with the party's capacity", () => {
    const contract = sent()
    const letter = contract.letters[0]!
    const change = stored("words.changed", {
      contract: contract.id, words_hash: "sha256:y", previous_hash: "sha256:x", blocks_touched: ["blk_1"], letter: letter.id, signatures_voided: []
    }, letter.sequence)
    expect(renderEvent(contract, change, "counterparty")!.data).toMatchObject({ letter: letter.id, fact: null, changed_by: "per_a" })
    const bea = contract.parties.find((p) => p.person === "per_b")!
    const removal = stored("party.changed", { contract: contract.id, change: "removed", party: bea.id, person: "per_b", side: "counterparty", by: "per_a" }, letter.sequence)
    expect(renderEvent(contract, removal, "drafter")!.data).toEqual({
      contract: contract.id, change: "removed", party: bea.id, person: "per_b", side: "counterparty", capacity: ["negotiator"], by: "per_a"
    })
  })

  it("passes a type with no documented core as stored", () => {
    const contract = sent()
    const future = stored("something.new", { anything: 1 }, contract.letters[0]!.sequence)
    expect(renderEvent(contract, future, "counterparty")).toEqual(future)
  })

  it("passes as stored a row whose data is not its type's shape, rather than guessing at it", () => {
    const contract = sent()
    const odd = stored("letter.sent", { contract: contract.id, letter: "let_x", from_side: "drafter" }, contract.letters[0]!.sequence)
    expect(renderEvent(contract, odd, "drafter")).toEqual(odd)
  })
})
