import type { Contract, ContractState, Party } from "../Contract/Contract.js"
import type { DomainEvent } from "../Contract/Events.js"
import { replaceFactValue } from "../Words/Fact.js"
import { appendEvents } from "../Contract/Guards.js"
import { type Ask, blocksChanged, type Decision, nextRound, type SentLetter } from "./AsksAndLetters.js"
import { applyDecision, withAsk } from "./ApplyDecision.js"
import { bothSidesIn, liveParties, otherSide, partyById, requiredNegotiators } from "../Contract/Parties.js"
import { type Settled, type Settlement, settleSignatures } from "../Signing/SignatureStates.js"
import { wordsHash } from "../Words/Blocks.js"
import type { LetterId } from "../Contract/Ids.js"

export interface RoundInput {
  readonly party: string
  readonly note: string | null
  readonly confirmedBy: string
  readonly letterId: LetterId
  readonly now: string
  readonly publicUrl: string
}

export interface RoundOutcome {
  readonly contract: Contract
  readonly letter: SentLetter
  readonly landed: ReadonlyArray<string>
  readonly reAsked: ReadonlyArray<Decision>
  readonly asksOpened: ReadonlyArray<Ask>
  readonly events: ReadonlyArray<DomainEvent>
}

/**
 * Nobody awaits the ask, and each side said yes through a live negotiator of its own. An
 * `awaiting` emptied because one side removed the other's negotiators is not the other's yes.
 */
const unanimous = (ask: Ask, negotiators: ReadonlyArray<Party>): boolean =>
  ask.awaiting.length === 0 && bothSidesIn(negotiators.filter((party) => ask.agreed.includes(party.id)))

/** Lands every open ask that is unanimous: its proposed words become the block's words. */
const landAsks = (contract: Contract, letterId: LetterId): { contract: Contract; landed: ReadonlyArray<string> } => {
  let next = contract
  const landed: Array<Ask> = []
  const negotiators = requiredNegotiators(contract)
  for (const ask of contract.asks) {
    if (ask.state !== "open" || !unanimous(ask, negotiators)) continue
    if (ask.fact !== null) {
      const change = replaceFactValue(next.blocks, next.facts, ask.fact.id, ask.fact.value)
      next = { ...next, blocks: change.blocks, facts: change.facts }
    } else {
      next = {
        ...next,
        blocks: next.blocks.map((b) => ask.changes.find((c) => c.block === b.id) ? { ...b, text: ask.changes.find((c) => c.block === b.id)!.proposed } : b)
      }
    }
    landed.push(ask)
    next = withAsk(next, { ...ask, state: "landed", closed_in: letterId })
  }
  return { contract: next, landed: blocksChanged(landed) }
}

/**
 * Agreed: nothing open, each side has a live negotiator, and every one of them committed a round
 * since joining. A side left without negotiators (one side removed them) has agreed to nothing.
 */
export const nextState = (contract: Contract): ContractState => {
  const anyOpen = contract.asks.some((ask) => ask.state === "open")
  const negotiators = requiredNegotiators(contract)
  const everyoneHasSpoken = bothSidesIn(negotiators) && negotiators.every((party) => party.last_round !== null)
  if (!anyOpen && everyoneHasSpoken) return "agreed"
  if (anyOpen || contract.state === "agreed" || contract.state === "negotiating") return "negotiating"
  return "sent"
}

/**
 * One round, the single implementation behind every preview and every commit: drop what a
 * concurrent letter invalidated, apply the rest, land what is unanimous, rehash, append the
 * letter and its events.
 */
export const playRound = (contract: Contract, input: RoundInput): RoundOutcome => {
  const staged = contract.replies.find((reply) => reply.party === input.party)
  const sequence = contract.head_sequence + 1
  const reAsked: Array<Decision> = []
  const applied: Array<Decision> = []
  const opened: Array<Ask> = []
  let next = contract
  for (const decision of staged?.decisions ?? []) {
    const result = applyDecision(next, decision, input.letterId)
    if (result === null) {
      reAsked.push(decision)
      continue
    }
    next = result.contract
    applied.push(decision)
    if (result.opened !== null) opened.push(result.opened)
  }
  const landing = landAsks(next, input.letterId)
  next = landing.contract
  const ordinal = nextRound(contract.letters)
  const from = partyById(contract, input.party)!
  const letter: SentLetter = {
    id: input.letterId,
    kind: "sent",
    ordinal,
    sequence,
    from: input.party,
    to: liveParties(contract).filter((p) => p.side === otherSide(from.side)).map((p) => p.id),
    note: input.note ?? staged?.note ?? null,
    sent_at: input.now,
    confirmed_by: input.confirmedBy,
    asks: opened.map((ask) => ask.id),
    decisions: applied,
    final: false
  }
  next = {
    ...next,
    parties: next.parties.map((p) => (p.id === input.party ? { ...p, last_round: ordinal } : p)),
    replies: next.replies.filter((reply) => reply.party !== input.party),
    letters: [...next.letters, letter]
  }
  const hash = wordsHash(next.blocks)
  const state = nextState({ ...next, state: contract.state === "draft" ? "sent" : contract.state })
  const settled = settleSignatures({ ...next, words_hash: hash, state }, input)
  const sent: DomainEvent = {
    type: "letter.sent",
    data: { contract: contract.id, letter: letter.id, from: letter.from, from_side: from.side, asks: letter.asks, words_hash: hash, state }
  }
  const changed: ReadonlyArray<DomainEvent> = hash === contract.words_hash ? [] : [{
    type: "words.changed",
    data: {
      contract: contract.id,
      words_hash: hash,
      previous_hash: contract.words_hash,
      blocks_touched: landing.landed,
      letter: letter.id,
      signatures_voided: settled.voided
    }
  }]
  const agreed: ReadonlyArray<DomainEvent> = state === "agreed" && contract.state !== "agreed"
    ? [{ type: "contract.agreed", data: { contract: contract.id, words_hash: hash, letter: letter.id } }]
    : []
  const events = [sent, ...changed, ...agreed, ...settled.events]
  return { contract: appendEvents(settled.contract, events, input.now), letter, landed: landing.landed, reAsked, asksOpened: opened, events }
}

const negotiating = (contract: Contract) => contract.state === "sent" || contract.state === "negotiating" || contract.state === "agreed"

/**
 * Recomputes the state after a write outside a round changed who is required or what is open
 * (invites, removals, ask withdrawal), as a round would: agreement fires `contract.agreed`, and
 * the signatures follow, so the last unsigned signer leaving agreed words executes the contract.
 */
export const settleOutsideRound = (contract: Contract, at: Settlement): Settled => {
  if (!negotiating(contract)) return { contract, events: [] }
  const state = nextState(contract)
  const settled = settleSignatures({ ...contract, state }, at)
  const agreed: ReadonlyArray<DomainEvent> = state === "agreed" && contract.state !== "agreed"
    ? [{ type: "contract.agreed", data: { contract: contract.id, words_hash: contract.words_hash, letter: null } }]
    : []
  return { contract: settled.contract, events: [...agreed, ...settled.events] }
}
