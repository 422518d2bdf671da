import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import type { Actor, Contract } from "../../src/Domain/Contract.js"
import { draftFromTemplate } from "../../src/Domain/Drafting.js"
import { foldWords } from "../../src/Domain/Fold.js"
import { renderReply } from "../../src/Domain/NegotiationViews.js"
import { Rejection } from "../../src/Domain/Rejection.js"
import { commitReply, sendContract } from "../../src/Domain/Rounds.js"
import { stageDecision } from "../../src/Domain/Staging.js"
import { mutualNda } from "../../src/Domain/Templates/MutualNda.js"

const person = (id: string) => ({ id, name: id, email: `${id}@example.test` })
const actors: ReadonlyArray<Actor> = [
  { mode: "test", org: "org_a", person: person("per_a"), guest: null },
  { mode: "test", org: "org_b", person: person("per_b"), guest: null },
  { mode: "test", org: "org_b", person: person("per_c"), guest: null }
]
const now = "2026-11-22T00:00:00.000Z"
const settings = { now, publicUrl: "http://localhost" }

const ok = <A>(value: Rejection | { contract: Contract; result: A }) => {
  if (value instanceof Rejection) throw new Error(`${value.code}: ${value.message}`)
  return value
}

const sentContract = (): Contract => {
  const drafted = ok(draftFromTemplate({ id: "con_p", mode: "test", actor: actors[0]!, template: mutualNda, facts: {}, now })).contract
  const recipients = [actors[1]!, actors[2]!].map((a) => ({ person: { ...a.person!, org: a.org }, capacity: ["negotiator" as const], guest: null }))
  return ok(sendContract(drafted, actors[0]!, {
    ...settings, recipients, note: null, confirmedBy: "per_a", ifMatch: drafted.words_hash,
    relationship: { id: "rel_p", created: true, key: "org:org_b", org: "org_b" }
  })).contract
}

type Step =
  | { readonly kind: "accept" | "decline"; readonly who: number; readonly pick: number }
  | { readonly kind: "counter"; readonly who: number; readonly pick: number; readonly onBlock: boolean; readonly text: string }
  | { readonly kind: "commit"; readonly who: number }

// Weighted towards accepts and commits, so that asks reach unanimity and land often.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("accept" as const), who: fc.nat(2), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("decline" as const), who: fc.nat(2), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("counter" as const), who: fc.nat(2), pick: fc.nat(20), onBlock: fc.boolean(), text: fc.string({ minLength: 1, maxLength: 30 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("commit" as const), who: fc.nat(2) }) }
)

const stage = (contract: Contract, s: Exclude<Step, { kind: "commit" }>): Contract => {
  const party = contract.parties.find((p) => p.person === actors[s.who]!.person!.id)!.id
  const open = contract.asks.filter((a) => a.state === "open" && (s.kind !== "accept" || a.awaiting.includes(party)))
  const clauses = contract.blocks.filter((b) => b.kind === "clause")
  const common = { ifMatch: contract.words_hash, now, why: "because" }
  const input = s.kind === "counter" && (s.onBlock || open.length === 0)
    ? { ...common, type: "counter" as const, block_id: clauses[s.pick % clauses.length]!.id, text: s.text }
    : open.length === 0
    ? undefined
    : { ...common, type: s.kind, ask_id: open[s.pick % open.length]!.id, ...(s.kind === "counter" ? { text: s.text } : {}) }
  if (input === undefined) return contract
  const staged = stageDecision(contract, actors[s.who]!, input)
  // A refusal (already agreed, block busy, same words) stages nothing: the contract is unchanged.
  return staged instanceof Rejection ? contract : staged.contract
}

describe("rounds, property-tested", () => {
  it("a reply's preview is what committing it does, and the letters fold to the stored words", () => {
    let landings = 0
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 80 }), (steps) => {
        let contract = sentContract()
        for (const s of steps) {
          if (s.kind !== "commit") {
            contract = stage(contract, s)
            continue
          }
          const party = contract.parties.find((p) => p.person === actors[s.who]!.person!.id)!
          const preview = renderReply(contract, party.id)
          const committed = ok(commitReply(contract, actors[s.who]!, { ...settings, note: null, confirmedBy: actors[s.who]!.person!.id, ifMatch: contract.words_hash }))
          const result = committed.result
          expect(result.landed).toEqual(preview.landed_if_sent)
          const opened = committed.contract.asks.filter((a) => result.asks_opened.includes(a.id))
          expect([...new Set(opened.flatMap((a) => a.changes.map((c) => c.block)))]).toEqual(preview.opens_if_sent)
          expect(result.asks_opened).toEqual(preview.letter_preview.asks)
          contract = committed.contract
          landings += result.landed.length
          const folded = foldWords(contract)
          expect(folded.words_hash).toBe(contract.words_hash)
          expect(folded.blocks).toEqual(contract.blocks)
          const openBlocks = contract.asks.filter((a) => a.state === "open").flatMap((a) => a.changes.map((c) => c.block))
          expect(new Set(openBlocks).size).toBe(openBlocks.length)
          expect(contract.state === "agreed").toBe(contract.asks.every((a) => a.state !== "open") && contract.parties.every((p) => p.last_round !== null))
        }
      }),
      { numRuns: 300 }
    )
    // The property is only worth something if words actually moved along the way.
    expect(landings).toBeGreaterThan(50)
  })
})
