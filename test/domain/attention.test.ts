import { describe, expect, it } from "@effect/vitest"
import { type AttentionRow, counterpartyOf, groupRows, pageGroups, rowsFor, waitingOnThem } from "../../src/Domain/Views/Attention.js"
import { accept, ada, at, bea, commit, counter, drafted, guestOf, member, minute, ok, outsider, partyOf, sent, sign, withdraw, world } from "./fixtures.js"

const atn = expect.stringMatching(/^atn_[0-9a-f]{24}$/)

describe("what waits on a person", () => {
  it("owes the other side's letter a reply, counting the open asks that await it, until it is committed", () => {
    const w = world()
    const opened = counter(sent(w), bea, at(w, 1))
    const contract = commit(opened.contract, bea, at(w, 2)).contract
    const letter = contract.letters.at(-1)!.id
    const [row] = rowsFor(contract, partyOf(contract, "per_ada"))
    expect(rowsFor(contract, partyOf(contract, "per_ada"))).toEqual([{
      id: atn,
      kind: "letter",
      contract: contract.id,
      title: contract.title,
      state: "negotiating",
      since: minute(2),
      why_you: "1 open question(s) await your decision.",
      letter,
      asks: 1,
      unsent: false
    }])
    expect(rowsFor(contract, partyOf(contract, "per_bea"))).toEqual([])
    expect(waitingOnThem(contract, partyOf(contract, "per_bea"))).toEqual({
      relationship: "rel_1",
      counterparty: "org_acme",
      contract: contract.id,
      since: minute(2)
    })
    expect(waitingOnThem(contract, partyOf(contract, "per_ada"))).toBeNull()

    // Staging marks the row unsent and keeps its id: the condition has not resolved.
    const staged = accept(contract, ada, w, opened.ask)
    expect(rowsFor(staged, partyOf(staged, "per_ada"))).toEqual([{ ...row, unsent: true }])
    const answered = commit(staged, ada, at(w, 3)).contract
    expect(rowsFor(answered, partyOf(answered, "per_ada")).map((r) => r.kind)).toEqual(["sign_wait"])
  })

  it("owes a fresh Send a reply from each recipient who negotiates, and nothing from one who only signs", () => {
    const w = world()
    const contract = sent(w, [member(bea, ["negotiator"]), outsider("per_sid", ["signer"])])
    expect(rowsFor(contract, partyOf(contract, "per_bea"))).toEqual([{
      id: atn,
      kind: "letter",
      contract: contract.id,
      title: contract.title,
      state: "sent",
      since: minute(0),
      why_you: "The other side wrote; your reply is owed.",
      letter: contract.letters[0]!.id,
      asks: 0,
      unsent: false
    }])
    expect(rowsFor(contract, partyOf(contract, "per_sid"))).toEqual([])
    expect(rowsFor(contract, partyOf(contract, "per_ada"))).toEqual([])
    expect(waitingOnThem(contract, partyOf(contract, "per_ada"))).toEqual({
      relationship: "rel_1",
      counterparty: "org_beta",
      contract: contract.id,
      since: minute(0)
    })
  })

  it("asks every signer of agreed words to sign, showing who has, until each has a live signature", () => {
    const w = world()
    const contract = commit(sent(w, [member(bea, ["negotiator"]), outsider("per_sid", ["signer"])]), bea, at(w, 4)).contract
    expect(contract.state).toBe("agreed")
    const sid = partyOf(contract, "per_sid")
    const signers = (signed: ReadonlyArray<boolean>) =>
      [partyOf(contract, "per_ada"), sid].map((p, i) => ({ party: p.id, person: p.person, name: p.name, signed: signed[i] }))
    expect(rowsFor(contract, partyOf(contract, "per_ada"))).toEqual([{
      id: atn,
      kind: "sign_wait",
      contract: contract.id,
      title: contract.title,
      state: "agreed",
      since: minute(4),
      why_you: "Everyone agreed these words; your signature is required.",
      letter: null,
      words_hash: contract.words_hash,
      required_signers: signers([false, false])
    }])
    // Bea negotiates only: nothing to sign.
    expect(rowsFor(contract, partyOf(contract, "per_bea"))).toEqual([])
    const signed = ok(sign(contract, ada, w)).contract
    expect(rowsFor(signed, partyOf(signed, "per_ada"))).toEqual([])
    expect(rowsFor(signed, sid)).toMatchObject([{ kind: "sign_wait", required_signers: signers([true, false]) }])
    const withdrawn = ok(withdraw(signed, ada, w, signed.signatures[0]!.id)).contract
    expect(rowsFor(withdrawn, partyOf(withdrawn, "per_ada")).map((r) => r.kind)).toEqual(["sign_wait"])
    const executed = ok(sign(signed, guestOf(signed, sid), w)).contract
    expect(executed.state).toBe("executed")
    expect(executed.parties.flatMap((p) => rowsFor(executed, p))).toEqual([])
  })

  it("asks a signer whose signature the words voided to sign the new words", () => {
    const w = world()
    const opened = counter(sent(w), bea, w)
    const held = ok(sign(commit(opened.contract, bea, at(w, 2)).contract, ada, at(w, 3))).contract
    const landed = commit(accept(held, ada, w, opened.ask), ada, at(w, 5)).contract
    expect(rowsFor(landed, partyOf(landed, "per_ada"))).toEqual([{
      id: atn,
      kind: "resign",
      contract: landed.id,
      title: landed.title,
      state: "agreed",
      since: minute(5),
      why_you: "You signed, then the words changed: your signature is void. Sign the new words.",
      letter: null,
      signature: held.signatures[0]!.id,
      words_hash: landed.words_hash
    }])
    expect(rowsFor(ok(sign(landed, ada, w)).contract, partyOf(landed, "per_ada"))).toEqual([])
  })
})

describe("the attention feed", () => {
  const row = (kind: AttentionRow["kind"], id: string, since: number): AttentionRow => ({
    id,
    kind,
    contract: "con_x",
    title: "T",
    state: "agreed",
    since: minute(since),
    why_you: "",
    letter: null
  })
  const rows = [
    { row: row("letter", "atn_a", 1), relationship: "rel_1", counterparty: "org_beta" },
    { row: row("sign_wait", "atn_b", 5), relationship: "rel_2", counterparty: "org_gamma" },
    { row: row("resign", "atn_c", 9), relationship: "rel_1", counterparty: "org_beta" },
    { row: row("letter", "atn_d", 0), relationship: "rel_1", counterparty: "org_beta" },
    { row: row("letter", "atn_e", 3), relationship: null, counterparty: "gail@example.test" }
  ]
  const ids = (groups: ReadonlyArray<{ readonly rows: ReadonlyArray<AttentionRow> }>) => groups.map((g) => g.rows.map((r) => r.id))

  it("groups by relationship and counterparty, most urgent group first, and by kind then age within one", () => {
    const groups = groupRows(rows)
    expect(groups.map((g) => [g.relationship, g.counterparty])).toEqual([["rel_1", "org_beta"], ["rel_2", "org_gamma"], [null, "gail@example.test"]])
    expect(ids(groups)).toEqual([["atn_c", "atn_d", "atn_a"], ["atn_b"], ["atn_e"]])
  })

  it("pages whole groups: the limit counts rows, and a page finishes the group it started", () => {
    const groups = groupRows(rows)
    const first = pageGroups(groups, 1, undefined)!
    expect({ ...first, data: ids(first.data) }).toEqual({ data: [["atn_c", "atn_d", "atn_a"]], has_more: true, next_cursor: "atn_a" })
    const second = pageGroups(groups, 1, first.next_cursor!)!
    expect({ ...second, data: ids(second.data) }).toEqual({ data: [["atn_b"]], has_more: true, next_cursor: "atn_b" })
    const rest = pageGroups(groups, 4, "atn_b")!
    expect({ ...rest, data: ids(rest.data) }).toEqual({ data: [["atn_e"]], has_more: false, next_cursor: null })
    expect(ids(pageGroups(groups, 4, undefined)!.data)).toEqual([["atn_c", "atn_d", "atn_a"], ["atn_b"]])
    expect(pageGroups(groups, 4, "atn_nope")).toBeNull()
  })

  it("names the other side by its org, else its first guest's email, else as unaddressed", () => {
    const w = world()
    expect(counterpartyOf(sent(w), "drafter")).toBe("org_beta")
    expect(counterpartyOf(sent(w), "counterparty")).toBe("org_acme")
    expect(counterpartyOf(sent(w, [outsider("per_gail"), outsider("per_gus")]), "drafter")).toBe("per_gail@example.test")
    expect(counterpartyOf(drafted(w), "drafter")).toBe("unaddressed")
  })
})
