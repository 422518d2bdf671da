import type { Contract, ContractState, DomainEvent, Party } from "../Contract/Contract.js"
import { replaceFactValue } from "../Words/Fact.js"
import { appendEvents } from "../Contract/Guards.js"
import { type Ask, blocksChanged, type Change, type Decision, type Letter } from "./AsksAndLetters.js"
import { bothSidesIn, liveParties, otherSide, partyById, requiredNegotiators } from "../Contract/Parties.js"
import { type Settled, type Settlement, settleSignatures } from "../Signing/SignatureStates.js"
import { wordsHash } from "../Words/Blocks.js"

export interface RoundInput {
  readonly party: string
  readonly note: string | null
  readonly confirmedBy: string
  readonly letterId: string
  readonly now: string
  readonly publicUrl: string
}

export interface RoundOutcome {
  readonly contract: Contract
  readonly letter: Letter
  readonly landed: ReadonlyArray<string>
  readonly reAsked: ReadonlyArray<Decision>
  readonly asksOpened: ReadonlyArray<Ask>
  readonly events: ReadonlyArray<DomainEvent>
}

const blockText = (contract: Contract, block: string) => contract.blocks.find((b) => b.id === block)?.text ?? ""

const touches = (ask: Ask, blocks: ReadonlyArray<string>) => ask.changes.some((change) => blocks.includes(change.block))

/** The changes a grouped fact change makes, read off the words as they stand now. */
export const factChanges = (contract: Contract, factId: string, value: string | number): ReadonlyArray<Change> => {
  const next = replaceFactValue(contract.blocks, contract.facts, factId, value)
  return next.blocksTouched.map((block) => ({
    block,
    standing: blockText(contract, block),
    proposed: next.blocks.find((b) => b.id === block)!.text
  }))
}

/** The asks a decision would open, or why it can no longer apply (it is then re-asked). */
const openedBy = (contract: Contract, decision: Decision, letterId: string): Ask | null => {
  const awaiting = requiredNegotiators(contract).map((p) => p.id).filter((id) => id !== decision.party)
  const base = { id: decision.opens!, why: decision.why, proposer: decision.party, agreed: [decision.party], awaiting, state: "open" as const, opened_in: letterId, closed_in: null, voided_by: null }
  const open = contract.asks.filter((ask) => ask.state === "open")
  if (decision.fact !== null) {
    const changes = factChanges(contract, decision.fact.id, decision.fact.value)
    if (changes.length === 0 || open.some((ask) => touches(ask, changes.map((c) => c.block)))) return null
    return { ...base, type: "grouped", block: changes[0]!.block, changes, fact: decision.fact }
  }
  const answered = decision.ask === null ? undefined : contract.asks.find((ask) => ask.id === decision.ask)
  if (answered !== undefined && answered.type === "grouped" && answered.fact !== null) {
    const value = decision.type === "decline" ? null : decision.text!
    const changes = value === null
      ? answered.changes.map((c) => ({ ...c, proposed: blockText(contract, c.block) }))
      : factChanges(contract, answered.fact.id, value)
    return { ...base, type: "grouped", block: answered.block, changes, fact: value === null ? null : { id: answered.fact.id, value } }
  }
  const block = answered?.block ?? decision.block!
  if (answered === undefined && open.some((ask) => touches(ask, [block]))) return null
  const standing = blockText(contract, block)
  const proposed = decision.type === "decline" ? standing : decision.text!
  return { ...base, type: "replace", block, changes: [{ block, standing, proposed }], fact: null }
}

const withAsk = (contract: Contract, ask: Ask): Contract => ({
  ...contract,
  asks: contract.asks.some((a) => a.id === ask.id) ? contract.asks.map((a) => (a.id === ask.id ? ask : a)) : [...contract.asks, ask]
})

const applyDecision = (contract: Contract, decision: Decision, letterId: string): { contract: Contract; opened: Ask | null } | null => {
  const answered = decision.ask === null ? undefined : contract.asks.find((ask) => ask.id === decision.ask)
  if (decision.ask !== null && (answered === undefined || answered.state !== "open")) return null
  if (decision.type === "accept") {
    const ask = answered!
    if (!ask.awaiting.includes(decision.party)) return { contract, opened: null }
    return {
      contract: withAsk(contract, { ...ask, agreed: [...ask.agreed, decision.party], awaiting: ask.awaiting.filter((p) => p !== decision.party) }),
      opened: null
    }
  }
  const opened = openedBy(contract, decision, letterId)
  if (opened === null) return null
  // A counter resets the unanimity window: the answered ask is void, with every accept it had.
  const voided = answered === undefined ? contract : withAsk(contract, { ...answered, state: "voided", closed_in: letterId, voided_by: opened.id })
  return { contract: withAsk(voided, opened), opened }
}

/**
 * Nobody awaits the ask, and each side said yes through a live negotiator of its own. An
 * `awaiting` emptied because one side removed the other's negotiators is not the other's yes.
 */
const unanimous = (ask: Ask, negotiators: ReadonlyArray<Party>): boolean =>
  ask.awaiting.length === 0 && bothSidesIn(negotiators.filter((party) => ask.agreed.includes(party.id)))

/** Lands every open ask that is unanimous: its proposed words become the block's words. */
const landAsks = (contract: Contract, letterId: string): { contract: Contract; landed: ReadonlyArray<string> } => {
  let next = contract
  const landed: Array<Ask> = []
  const negotiators = requiredNegotiators(contract)
  for (const ask of contract.asks) {
    if (ask.state !== "open" || !unanimous(ask, negotiators)) continue
    if (ask.fact !== null) {
      const change = replaceFactValue(next.blocks, next.facts, ask.fact.id, ask.fact.value)
      next = { ...next, blocks: change.blocks, facts: change.facts }
    } else {
      next = { ...next, blocks: next.blocks.map((b) => ask.changes.find((c) => c.block === b.id) ? { ...b, text: ask.changes.find((c) => c.block === b.id)!.proposed } : b) }
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
  const ordinal = contract.letters.length + 1
  const from = partyById(contract, input.party)!
  const letter: Letter = {
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
  const events: ReadonlyArray<DomainEvent> = [
    {
      type: "letter.sent",
      data: { contract: contract.id, letter: letter.id, from: letter.from, from_side: from.side, asks: letter.asks, words_hash: hash, state }
    },
    ...(hash === contract.words_hash ? [] : [{
      type: "words.changed",
      data: {
        contract: contract.id,
        words_hash: hash,
        previous_hash: contract.words_hash,
        blocks_touched: landing.landed,
        letter: letter.id,
        signatures_voided: settled.voided
      }
    }]),
    ...(state === "agreed" && contract.state !== "agreed" ? [{ type: "contract.agreed", data: { contract: contract.id, words_hash: hash, letter: letter.id } }] : []),
    ...settled.events
  ]
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
