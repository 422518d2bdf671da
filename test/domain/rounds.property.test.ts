import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { type Actor, type Contract, type Party, sides } from "../../src/Domain/Contract/Contract.js"
import { foldWords } from "../../src/Domain/Words/Fold.js"
import { invite, removeParty } from "../../src/Domain/Contract/Membership.js"
import { renderReply } from "../../src/Domain/Views/NegotiationViews.js"
import { liveParties, requiredNegotiators } from "../../src/Domain/Contract/Parties.js"
import { Rejection } from "../../src/Domain/Contract/Rejection.js"
import { commitReply } from "../../src/Domain/Negotiation/SendAndCommit.js"
import { stageDecision } from "../../src/Domain/Negotiation/Staging.js"
import { ada, bea, ben, guestOf, member, ok, outsider, sent, world } from "./fixtures.js"

const actors: ReadonlyArray<Actor> = [ada, bea, ben]
// One world for the whole file: every id any run makes is distinct.
const settings = world()
const now = settings.now

const sentContract = (): Contract => sent(settings, [member(bea, ["negotiator"]), member(ben, ["negotiator"])])

type Step =
  | { readonly kind: "accept" | "decline"; readonly who: number; readonly pick: number }
  | { readonly kind: "counter"; readonly who: number; readonly pick: number; readonly onBlock: boolean; readonly text: string }
  | { readonly kind: "commit"; readonly who: number }

// Weighted towards accepts and commits, so that asks reach unanimity and land often.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("accept" as const), who: fc.nat(2), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("decline" as const), who: fc.nat(2), pick: fc.nat(20) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("counter" as const),
      who: fc.nat(2),
      pick: fc.nat(20),
      onBlock: fc.boolean(),
      text: fc.string({ minLength: 1, maxLength: 30 })
    })
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("commit" as const), who: fc.nat(2) }) }
)

const stageAs = (contract: Contract, party: string, actor: Actor, s: Exclude<Step, { kind: "commit" }>): Contract => {
  const open = contract.asks.filter((a) => a.state === "open" && (s.kind !== "accept" || a.awaiting.includes(party)))
  const clauses = contract.blocks.filter((b) => b.kind === "clause")
  const common = { ifMatch: contract.words_hash, now, newId: settings.newId, why: "because" }
  const input = s.kind === "counter" && (s.onBlock || open.length === 0)
    ? { ...common, type: "counter" as const, blockId: clauses[s.pick % clauses.length]!.id, text: s.text }
    : open.length === 0
    ? undefined
    : { ...common, type: s.kind, askId: open[s.pick % open.length]!.id, ...(s.kind === "counter" ? { text: s.text } : {}) }
  if (input === undefined) return contract
  const staged = stageDecision(contract, actor, input)
  // A refusal (already agreed, block busy, same words) stages nothing: the contract is unchanged.
  return staged instanceof Rejection ? contract : staged.contract
}

const stage = (contract: Contract, s: Exclude<Step, { kind: "commit" }>): Contract =>
  stageAs(contract, contract.parties.find((p) => p.person === actors[s.who]!.person!.id)!.id, actors[s.who]!, s)

// Acme sends to two guest negotiators and a guest signer: the drafting side brought all three in.
const sentToGuests = (): Contract => sent(settings, [outsider("per_g1", ["negotiator"]), outsider("per_g2", ["negotiator"]), outsider("per_s", ["signer"])])

const bothSides = (parties: ReadonlyArray<Party>) => sides.every((side) => parties.some((p) => p.side === side))

const actorOf = (contract: Contract, party: Party): Actor => (party.org === null ? guestOf(contract, party) : ada)

type ChurnStep = Step | { readonly kind: "remove"; readonly pick: number } | { readonly kind: "invite" }

// The drafting side removes a guest it brought onto the other side, or invites a new one there.
const churnStep: fc.Arbitrary<ChurnStep> = fc.oneof(
  { weight: 12, arbitrary: step },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("remove" as const), pick: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("invite" as const) }) }
)

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
          const committed = ok(
            commitReply(contract, actors[s.who]!, { ...settings, note: null, confirmedBy: actors[s.who]!.person!.id, ifMatch: contract.words_hash })
          )
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

  it("with guests removed and invited across sides, no ask lands and nothing is agreed without a live negotiator of each side", () => {
    let landings = 0
    let removals = 0
    fc.assert(
      fc.property(fc.array(churnStep, { minLength: 20, maxLength: 80 }), (steps) => {
        let contract = sentToGuests()
        let invited = 0
        for (const s of steps) {
          const negotiators = requiredNegotiators(contract)
          if (s.kind === "remove") {
            const theirs = liveParties(contract).filter((p) => p.side === "counterparty")
            const removed = removeParty(contract, actors[0]!, { partyId: theirs[s.pick % theirs.length]!.id, ...settings })
            if (removed instanceof Rejection) {
              // Only the last party of a side is kept; that refusal changes nothing.
              expect(theirs).toHaveLength(1)
              continue
            }
            // A removal lands nothing and moves no words.
            expect(removed.contract.words_hash).toBe(contract.words_hash)
            expect(removed.contract.asks.map((a) => a.state)).toEqual(contract.asks.map((a) => a.state))
            contract = removed.contract
            removals++
          } else if (s.kind === "invite") {
            const id = `per_new${++invited}`
            contract = ok(invite(contract, ada, { invitee: outsider(id, ["negotiator"]), side: "counterparty", ...settings })).contract
          } else {
            const party = negotiators[s.who % negotiators.length]!
            const actor = actorOf(contract, party)
            if (s.kind !== "commit") {
              contract = stageAs(contract, party.id, actor, s)
              continue
            }
            const preview = renderReply(contract, party.id)
            const committed = ok(commitReply(contract, actor, { ...settings, note: null, confirmedBy: party.person, ifMatch: contract.words_hash }))
            expect(committed.result.landed).toEqual(preview.landed_if_sent)
            for (const ask of committed.contract.asks.filter((a) => a.state === "landed" && a.closed_in === committed.result.letter)) {
              expect(bothSides(negotiators.filter((p) => ask.agreed.includes(p.id)))).toBe(true)
            }
            contract = committed.contract
            landings += committed.result.landed.length
            expect(foldWords(contract).words_hash).toBe(contract.words_hash)
          }
          const live = requiredNegotiators(contract)
          const agreed = contract.asks.every((a) => a.state !== "open") && bothSides(live) && live.every((p) => p.last_round !== null)
          expect(contract.state === "agreed").toBe(agreed)
          expect(bothSides(liveParties(contract))).toBe(true)
        }
      }),
      { numRuns: 200 }
    )
    expect(landings).toBeGreaterThan(20)
    expect(removals).toBeGreaterThan(50)
  })
})
