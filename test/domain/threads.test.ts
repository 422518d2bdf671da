import { describe, expect, it } from "@effect/vitest"
import { stageDecision } from "../../src/Domain/Negotiation/Staging.js"
import { movesOn, renderThread, threadId } from "../../src/Domain/Negotiation/Thread.js"
import { setFact } from "../../src/Domain/Words/FactEdits.js"
import { accept, ada, at, bea, clause, commit, counter, minute, ok, sent, world } from "./fixtures.js"

describe("a block's thread", () => {
  it("traces each committed move to the letter that carried it, with the words standing after that letter", () => {
    const w = world()
    const contract = sent(w)
    const block = clause(contract)
    const opened = counter(contract, bea, at(w, 1), "Beta's words.", "Shorter.")
    const countered = commit(opened.contract, bea, at(w, 2)).contract
    const staged = accept(countered, ada, at(w, 3), opened.ask)
    // Staged, not sent: no thread shows it, not even to the one who staged it.
    expect(movesOn(staged, block.id)).toHaveLength(1)
    const accepted = commit(staged, ada, at(w, 4)).contract
    const [first, second] = accepted.letters.slice(1).map((l) => l.id)
    const moves = movesOn(accepted, block.id)
    expect(moves).toEqual([
      {
        ask: opened.ask,
        type: "counter",
        at: minute(2),
        person: "per_bea",
        from: block.text,
        to: "Beta's words.",
        letter: first,
        standing: block.text,
        why: "Shorter."
      },
      {
        ask: opened.ask,
        type: "accept",
        at: minute(4),
        person: "per_ada",
        from: block.text,
        to: "Beta's words.",
        letter: second,
        standing: "Beta's words.",
        why: null
      }
    ])
    expect(movesOn(accepted, clause(accepted, 2).id)).toEqual([])

    // The why is the thread's talk, not part of a move.
    const shown = moves.map(({ why: _why, ...move }) => move)
    expect(renderThread(accepted, block.id, moves, false)).toEqual({
      thread: threadId(accepted.id, block.id),
      object: "thread",
      block: block.id,
      moves: shown,
      talk: [{ at: minute(2), person: "per_bea", text: "Shorter." }],
      has_more: false,
      next_cursor: null
    })
    expect(Object.keys(renderThread(accepted, block.id, moves, false).moves[0]!)).not.toContain("why")
    expect(renderThread(accepted, block.id, moves.slice(0, 1), true)).toMatchObject({ moves: [shown[0]], has_more: true, next_cursor: first })
  })

  it("follows a counter to the ask it opens, and shows a decline as the standing words proposed again", () => {
    const w = world()
    const contract = sent(w)
    const block = clause(contract)
    const opened = counter(contract, bea, w, "Beta's words.", "Shorter.")
    const theirs = commit(opened.contract, bea, w).contract
    const ours = ok(stageDecision(theirs, ada, { ...w, askId: opened.ask, type: "counter", text: "Acme's words.", why: "Ours.", ifMatch: theirs.words_hash }))
    const countered = commit(ours.contract, ada, w).contract
    // A counter answers one ask and opens the next: the thread follows the one it opens.
    const [voided, reopened] = countered.asks
    expect([voided!.state, voided!.voided_by, reopened!.state]).toEqual(["voided", reopened!.id, "open"])
    const declined = ok(stageDecision(countered, bea, { ...w, askId: reopened!.id, type: "decline", why: "No.", ifMatch: countered.words_hash }))
    const last = commit(declined.contract, bea, w).contract
    const final = last.asks[2]!
    expect(movesOn(last, block.id).map((m) => [m.ask, m.type, m.person, m.from, m.to, m.standing])).toEqual([
      [opened.ask, "counter", "per_bea", block.text, "Beta's words.", block.text],
      [reopened!.id, "counter", "per_ada", block.text, "Acme's words.", block.text],
      [final.id, "decline", "per_bea", block.text, block.text, block.text]
    ])
    expect(last.asks.map((a) => a.state)).toEqual(["voided", "voided", "open"])
  })

  it("shows a fact change on every block the fact stands in", () => {
    const w = world()
    const contract = sent(w)
    const fact = contract.facts.find((f) => f.name === "party_a")!
    const staged = ok(setFact(contract, ada, { ...w, factId: fact.id, value: "Acme Ltd", ifMatch: contract.words_hash, scopes: null }))
    const committed = commit(staged.contract, ada, w).contract
    const ask = committed.asks.at(-1)!
    expect(ask.changes.length).toBeGreaterThan(0)
    for (const change of ask.changes) {
      expect(movesOn(committed, change.block)).toMatchObject([{ ask: ask.id, type: "counter", person: "per_ada", from: change.standing, to: change.proposed }])
    }
  })

  it("has one id per block of one contract, the same on every read", () => {
    expect(threadId("con_1", "blk_1")).toMatch(/^thr_[0-9a-f]{24}$/)
    expect(threadId("con_1", "blk_1")).toBe(threadId("con_1", "blk_1"))
    expect(new Set([threadId("con_1", "blk_1"), threadId("con_1", "blk_2"), threadId("con_2", "blk_1")]).size).toBe(3)
  })
})
