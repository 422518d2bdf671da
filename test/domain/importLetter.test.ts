import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { cancelContract } from "../../src/Domain/Contract/Cancel.js"
import type { Actor, Contract } from "../../src/Domain/Contract/Contract.js"
import { Rejection } from "../../src/Domain/Contract/Rejection.js"
import { sentLetters } from "../../src/Domain/Negotiation/AsksAndLetters.js"
import { importLetter, maxAuthorLength, maxImportedNoteLength } from "../../src/Domain/Negotiation/ImportLetter.js"
import { movesOn } from "../../src/Domain/Negotiation/Thread.js"
import { letterChain, receiptsOf } from "../../src/Domain/Signing/Certificate.js"
import { rowsFor, waitingOnThem } from "../../src/Domain/Views/Attention.js"
import { renderEvent } from "../../src/Domain/Views/EventViews.js"
import { negotiationState, owed, renderLetter } from "../../src/Domain/Views/NegotiationViews.js"
import { foldWords } from "../../src/Domain/Words/Fold.js"
import {
  ada,
  agreed,
  al,
  at,
  bea,
  commit,
  counter,
  drafted,
  executed,
  gil,
  guestOf,
  member,
  minute,
  ok,
  outsider,
  partyOf,
  refusal,
  sent,
  world,
  type World
} from "./fixtures.js"

const mail = { author: "Bea@Beta.Test", authoredAt: "2026-11-01T09:30:00+01:00", note: "Can we make it two years?", ingress: "ing_1" }

interface Mail {
  readonly author?: string
  readonly authoredAt?: string | null
  readonly note?: string | null
  readonly ingress?: string
}

const record = (contract: Contract, actor: Actor, w: World, input: Mail = {}) => importLetter(contract, actor, { ...mail, ...input, origin: "email", ...w })

/** Everything an imported letter must leave as it was: the words, the asks, signatures, tallies and the rows that wait on people. */
const untouched = (contract: Contract) => ({
  state: contract.state,
  blocks: contract.blocks,
  facts: contract.facts,
  words_hash: contract.words_hash,
  fold: foldWords(contract),
  asks: contract.asks,
  replies: contract.replies,
  signatures: contract.signatures,
  parties: contract.parties,
  owed: owed(contract),
  rounds: sentLetters(contract.letters),
  chain: letterChain(contract),
  receipts: receiptsOf(contract),
  moves: contract.blocks.map((b) => movesOn(contract, b.id)),
  rows: contract.parties.map((p) => rowsFor(contract, p)),
  waiting: contract.parties.map((p) => waitingOnThem(contract, p))
})

describe("importing a letter of an earlier mail thread", () => {
  it("appends one imported letter and one letter.imported event at a new sequence, and changes nothing else", () => {
    const w = world()
    // Bea countered and committed: a reply is owed by Ada, with one ask awaiting her.
    const opened = counter(sent(w), bea, at(w, 1))
    const before = commit(opened.contract, bea, at(w, 2)).contract
    const imported = ok(record(before, ada, at(w, 5)))
    const after = imported.contract
    const letter = after.letters.at(-1)!
    expect(letter).toEqual({
      id: imported.result.letter,
      kind: "imported",
      sequence: before.head_sequence + 1,
      author: "bea@beta.test",
      authored_at: "2026-11-01T08:30:00.000Z",
      note: "Can we make it two years?",
      origin: "email",
      ingress: "ing_1",
      recorded_by: "per_ada",
      recorded_at: minute(5),
      asks: [],
      decisions: []
    })
    expect(imported.result).toEqual({ letter: letter.id, sequence: before.head_sequence + 1 })
    expect(after.letters.slice(0, -1)).toEqual(before.letters)
    expect(after.head_sequence).toBe(before.head_sequence + 1)
    expect(after.updated_at).toBe(minute(5))
    expect(imported.events).toEqual([{
      type: "letter.imported",
      data: {
        contract: before.id,
        letter: letter.id,
        author: "bea@beta.test",
        authored_at: "2026-11-01T08:30:00.000Z",
        origin: "email",
        recorded_by: "per_ada",
        words_hash: before.words_hash,
        state: "negotiating"
      }
    }])
    expect(imported.mail).toBeUndefined()
    expect(untouched(after)).toEqual(untouched(before))
    // The attention row still names Bea's round, not the imported letter.
    expect(rowsFor(after, partyOf(after, "per_ada")).map((r) => [r.kind, r.letter])).toEqual([["letter", before.letters.at(-1)!.id]])
    expect(negotiationState(after, { side: "drafter", party: partyOf(after, "per_ada"), isGuest: false }).letters.at(-1)).toEqual({
      id: letter.id,
      kind: "imported",
      sequence: letter.sequence,
      from: null,
      sent_at: null
    })
  })

  it("owes nobody a reply and opens no letter row, however many letters arrive from the other side's mail", () => {
    const w = world()
    // Agreed after Bea's silent reply: nothing owed, a sign_wait row for each signer.
    let contract = commit(sent(w), bea, at(w, 1)).contract
    const signWait = contract.parties.map((p) => rowsFor(contract, p))
    for (let n = 0; n < 3; n++) contract = ok(record(contract, bea, at(w, 2 + n), { author: "bea@beta.test" })).contract
    expect(contract.state).toBe("agreed")
    expect(owed(contract)).toEqual([])
    expect(contract.parties.map((p) => rowsFor(contract, p))).toEqual(signWait)
    // The next round is round 3: imported letters take no round number.
    const next = commit(counter(contract, ada, at(w, 9)).contract, ada, at(w, 9)).contract
    expect(sentLetters(next.letters).map((l) => l.ordinal)).toEqual([1, 2, 3])
    expect(partyOf(next, "per_ada").last_round).toBe(3)
    expect(owed(next).map((o) => o.party)).toEqual([partyOf(next, "per_bea").id])
  })

  it("renders the same letter and event on every seat, before the first Send as after it", () => {
    const w = world()
    const draft = drafted(w)
    const imported = ok(record(draft, ada, at(w, 1), { authoredAt: null, note: null }))
    const letter = imported.contract.letters.at(-1)!
    expect(letter).toMatchObject({ authored_at: minute(1), note: null })
    const contract = imported.contract
    expect(renderLetter(contract, letter)).toEqual({
      id: letter.id,
      object: "letter",
      kind: "imported",
      sequence: letter.sequence,
      note: null,
      from: null,
      to: [],
      sent_at: null,
      confirmed_by: null,
      author: "bea@beta.test",
      authored_at: minute(1),
      asks: [],
      decisions: []
    })
    const logged = { id: "evt_1", sequence: letter.sequence, type: "letter.imported", created: minute(1), data: imported.events[0]!.data }
    const core = {
      contract: draft.id,
      letter: letter.id,
      author: "bea@beta.test",
      authored_at: minute(1),
      origin: "email",
      recorded_by: "per_ada",
      words_hash: draft.words_hash,
      state: "draft"
    }
    expect(renderEvent(contract, logged, "drafter")!.data).toEqual(core)
    // Before the first Send the counterparty reads none of the draft's history, but this is their own mail.
    const sentContract = sent(w)
    const early = { ...logged, sequence: 1 }
    expect(renderEvent(sentContract, early, "counterparty")!.data).toEqual(core)
    expect(renderEvent(sentContract, { ...early, type: "contract.drafted", data: { ...core } }, "counterparty")).toBeNull()
  })

  it("is recorded on executed and filed contracts, leaving the certificate as it was", () => {
    const w = world()
    const done = executed(w)
    const imported = ok(record(done, bea, at(w, 7)))
    expect(imported.contract.state).toBe("executed")
    expect(untouched(imported.contract)).toEqual(untouched(done))
    const filed = ok(record({ ...drafted(w, ada, "con_filed"), state: "filed" }, ada, at(w, 8)))
    expect(filed.events[0]!.data).toMatchObject({ state: "filed" })
  })

  it("refuses a guest, an onlooker of either org, a stranger, and a cancelled contract", () => {
    const w = world()
    const contract = sent(w, [member(bea), outsider("per_gus")])
    const notFound = (actor: Actor) => {
      const refused = refusal(record(contract, actor, w))
      expect([refused.code, refused.message]).toEqual(["not_found", `No such contract: '${contract.id}'`])
    }
    notFound(guestOf(contract, partyOf(contract, "per_gus")))
    notFound(gil)
    // Al is of the drafting org but holds no party; Ben is of Beta, with no party either.
    notFound(al)
    notFound({ ...bea, person: { ...bea.person!, id: "per_ben" } })
    notFound({ ...ada, person: null })
    notFound({ ...ada, mode: "live" })
    const cancelled = ok(cancelContract(contract, ada, { ...w, reason: "No deal." })).contract
    expect(refusal(record(cancelled, bea, w)).code).toBe("contract_cancelled")
  })

  it("refuses an empty author and a time that is not an ISO 8601 instant with its zone", () => {
    const w = world()
    const contract = agreed(w)
    expect(refusal(record(contract, ada, w, { author: " \u0000\t" }))).toMatchObject({ code: "invalid_request", param: "author" })
    for (const authoredAt of ["yesterday", "2026-11-01", "2026-11-01T09:30:00", "2026-13-45T99:00:00Z", ""]) {
      expect(refusal(record(contract, ada, w, { authoredAt })), authoredAt).toMatchObject({ code: "invalid_request", param: "authored_at" })
    }
    expect(ok(record(contract, ada, w, { authoredAt: "2026-11-01T09:30Z" })).contract.letters.at(-1)).toMatchObject({
      authored_at: "2026-11-01T09:30:00.000Z"
    })
  })

  it("never throws on hostile author and note text, and stores only well-formed text within the caps", () => {
    const w = world()
    const contract = sent(w)
    const hostile = fc.oneof(
      fc.string({ unit: "binary", maxLength: 400 }),
      fc.string({ unit: "grapheme-composite", maxLength: 400 }),
      fc.constantFrom("\u0000", "\ud800", "\udfff", "a\ud800b", "\u0130".repeat(400), "\u{1f600}".repeat(1500)),
      fc.tuple(fc.constantFrom("x", "\u0000", "\ud83d", "\u{1f600}", "İ"), fc.integer({ min: 1, max: 2_000_000 })).map(([s, n]) => s.repeat(n))
    )
    fc.assert(
      fc.property(hostile, fc.option(hostile), (author, note) => {
        const result = record(contract, ada, w, { author, note })
        if (result instanceof Rejection) {
          expect(result).toMatchObject({ code: "invalid_request", param: "author" })
          return
        }
        const letter = result.contract.letters.at(-1)!
        if (letter.kind !== "imported") throw new Error("expected an imported letter")
        expect(letter.author.length).toBeGreaterThan(0)
        expect(letter.author.length).toBeLessThanOrEqual(maxAuthorLength)
        expect(letter.author).toBe(letter.author.toLowerCase())
        expect(letter.author.isWellFormed()).toBe(true)
        expect(/\s/.test(letter.author) || letter.author.includes("\u0000")).toBe(false)
        if (note === null) expect(letter.note).toBeNull()
        else {
          expect(letter.note!.length).toBeLessThanOrEqual(maxImportedNoteLength)
          expect(letter.note!.isWellFormed()).toBe(true)
          expect(letter.note).not.toContain("\u0000")
        }
        // Storable: the letter and its event survive a JSON round trip unchanged.
        expect(JSON.parse(JSON.stringify(letter))).toEqual(letter)
        expect(result.events[0]!.data).toMatchObject({ author: letter.author })
        expect(untouched(result.contract)).toEqual(untouched(contract))
      }),
      { numRuns: 60 }
    )
  })

  it("keeps the note's text as written when it is within the cap, and cuts a long one without splitting a character", () => {
    const w = world()
    const contract = sent(w)
    const written = "Line one\r\n\tLine two  "
    expect(ok(record(contract, ada, w, { note: written })).contract.letters.at(-1)!.note).toBe(written)
    const long = `${"a".repeat(maxImportedNoteLength - 1)}\u{1f600}tail`
    const cut = ok(record(contract, ada, w, { note: long })).contract.letters.at(-1)!.note!
    expect(cut).toBe("a".repeat(maxImportedNoteLength - 1))
  })
})
