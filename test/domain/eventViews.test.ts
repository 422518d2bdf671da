import { describe, expect, it } from "@effect/vitest"
import type { Contract } from "../../src/Domain/Contract/Contract.js"
import { type LoggedEvent, renderEvent } from "../../src/Domain/Views/EventViews.js"
import { bea, member, now, sent as sentTo, world } from "./fixtures.js"

const sent = (): Contract => sentTo(world(), [member(bea, ["negotiator"])])

const stored = (type: string, data: Record<string, unknown>, sequence = 1): LoggedEvent => ({ id: "evt_x", sequence, type, created: now, data })

// Stored events are never rewritten: rows written before the cores were fixed still read as documented.
describe("rendering events stored in older shapes", () => {
  it("drops origin from an old contract.drafted and names no parent for an original", () => {
    const contract = sent()
    const old = stored("contract.drafted", {
      contract: contract.id,
      origin: "template",
      template: "tpl_mutual_nda",
      title: contract.title,
      state: "draft",
      words_hash: "sha256:x",
      drafted_by: "per_ada"
    })
    expect(renderEvent(contract, old, "drafter")!.data).toEqual({
      contract: contract.id,
      template: "tpl_mutual_nda",
      title: contract.title,
      state: "draft",
      words_hash: "sha256:x",
      drafted_by: "per_ada",
      amends: null
    })
  })

  it("fills a round's words.changed with no fact and the committer, and a removal with the party's capacity", () => {
    const contract = sent()
    const letter = contract.letters[0]!
    const change = stored("words.changed", {
      contract: contract.id,
      words_hash: "sha256:y",
      previous_hash: "sha256:x",
      blocks_touched: ["blk_1"],
      letter: letter.id,
      signatures_voided: []
    }, letter.sequence)
    expect(renderEvent(contract, change, "counterparty")!.data).toMatchObject({ letter: letter.id, fact: null, changed_by: "per_ada" })
    const beaParty = contract.parties.find((p) => p.person === "per_bea")!
    const removal = stored("party.changed", {
      contract: contract.id,
      change: "removed",
      party: beaParty.id,
      person: "per_bea",
      side: "counterparty",
      by: "per_ada"
    }, letter.sequence)
    expect(renderEvent(contract, removal, "drafter")!.data).toEqual({
      contract: contract.id,
      change: "removed",
      party: beaParty.id,
      person: "per_bea",
      side: "counterparty",
      capacity: ["negotiator"],
      by: "per_ada"
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
