import type { Actor, Contract, Party } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import { checkFactValue } from "../Templates/Drafting.js"
import type { FactValue } from "../Words/Fact.js"
import { requireCurrentHash, requireOpen, requireSeat } from "../Contract/Guards.js"
import type { NewId } from "../Contract/Ids.js"
import type { Decision, DecisionType, StagedReply } from "./AsksAndLetters.js"
import { notFound, reject, Rejection } from "../Contract/Rejection.js"

export const maxTextLength = 20_000
export const maxNoteLength = 5_000

/** The caller's own party, if it may negotiate: the seat every staging and commit acts from. */
export const requireNegotiator = (contract: Contract, actor: Actor): Rejection | Party => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  if (seat.party === null) return reject("not_on_required_party_list", "You are not a party to this contract.")
  if (!seat.party.capacity.includes("negotiator")) return reject("not_a_negotiator", "Your seat on this contract does not negotiate.")
  return seat.party
}

/** Decisions exist only on an open contract that was sent: before that the draft's facts are edited directly. */
export const afterFirstSend = (contract: Contract): Rejection | undefined =>
  requireOpen(contract) ??
    (contract.state === "draft"
      ? reject("invalid_request", "Nothing is negotiated before the first Send: edit the draft's facts directly.")
      : undefined)

export const replyOf = (contract: Contract, party: string): StagedReply =>
  contract.replies.find((reply) => reply.party === party) ?? { party, decisions: [], note: null }

const withReply = (contract: Contract, reply: StagedReply): Contract => ({
  ...contract,
  replies: [...contract.replies.filter((r) => r.party !== reply.party), ...(reply.decisions.length > 0 || reply.note !== null ? [reply] : [])]
})

export interface StageInput {
  readonly askId?: string | undefined
  readonly blockId?: string | undefined
  readonly type: DecisionType
  readonly text?: string | undefined
  readonly why?: string | undefined
  readonly ifMatch: string
  readonly now: string
  readonly newId: NewId
}

const validateShape = (input: StageInput): Rejection | undefined => {
  if ((input.askId === undefined) === (input.blockId === undefined)) {
    return reject("invalid_request", "Send exactly one of ask_id (to answer an ask) or block_id (to open a question).", { param: "ask_id" })
  }
  if (input.blockId !== undefined && input.type !== "counter") {
    return reject("invalid_request", "block_id opens a new question, so it goes only with type counter.", { param: "block_id" })
  }
  if (input.type === "counter" && (input.text === undefined || input.text.trim() === "")) {
    return reject("invalid_request", "A counter needs the text it proposes.", { param: "text" })
  }
  if (input.type !== "accept" && (input.why === undefined || input.why.trim() === "")) {
    return reject("invalid_request", `A ${input.type} needs a why.`, { param: "why" })
  }
  if ((input.text?.length ?? 0) > maxTextLength) return reject("invalid_request", `text is at most ${maxTextLength} characters.`, { param: "text" })
  if ((input.why?.length ?? 0) > maxNoteLength) return reject("invalid_request", `why is at most ${maxNoteLength} characters.`, { param: "why" })
  return undefined
}

/** Checks the target of a decision against the words as they stand; staging changes nothing visible. */
const validateTarget = (contract: Contract, party: Party, input: StageInput): Rejection | undefined => {
  if (input.askId !== undefined) {
    const ask = contract.asks.find((a) => a.id === input.askId)
    if (ask === undefined) return notFound("ask", input.askId, "ask_id")
    if (ask.state === "voided") return reject("ask_voided_by_counter", "A counter superseded this ask: decide the live ask on that block.", { param: "ask_id" })
    if (ask.state !== "open") return reject("invalid_request", `This ask is ${ask.state}; there is nothing left to decide.`, { param: "ask_id" })
    if (input.type === "accept" && !ask.awaiting.includes(party.id)) {
      return reject("invalid_request", "This ask is not waiting on you: you already agree with it.", { param: "ask_id" })
    }
    return undefined
  }
  const block = contract.blocks.find((b) => b.id === input.blockId)
  if (block === undefined) return notFound("block", input.blockId!, "block_id")
  // A conflict of state, not of input: the caller read the block free, and a counter (most often the
  // other side's round, committed meanwhile without moving the words) opened an ask on it since.
  if (contract.asks.some((ask) => ask.state === "open" && ask.changes.some((c) => c.block === block.id))) {
    return reject("ask_voided_by_counter", "A counter has opened an ask on this block: decide that ask with ask_id.", { param: "block_id" })
  }
  if (input.text === block.text) return reject("invalid_request", "The text is the same as the standing words.", { param: "text" })
  return undefined
}

const stage = (contract: Contract, party: Party, decision: Decision, replaces: (d: Decision) => boolean): Contract => {
  const reply = replyOf(contract, party.id)
  return withReply(contract, { ...reply, decisions: [...reply.decisions.filter((d) => !replaces(d)), decision] })
}

export const stageDecision = (contract: Contract, actor: Actor, input: StageInput) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party
  const refused = afterFirstSend(contract) ?? requireCurrentHash(contract, input.ifMatch) ?? validateShape(input) ??
    validateTarget(contract, party, input)
  if (refused !== undefined) return refused
  const opens = input.type === "accept" ? null : input.newId("ask")
  const decision: Decision = {
    id: input.newId("dec"),
    type: input.type,
    ask: input.askId ?? null,
    block: input.blockId ?? null,
    fact: null,
    text: input.type === "counter" ? input.text! : null,
    why: input.why ?? null,
    opens,
    person_id: actor.person!.id,
    party: party.id,
    staged_at: input.now
  }
  // One decision per ask per seat: deciding again replaces the earlier one.
  const next = stage(
    contract,
    party,
    decision,
    (d) => (decision.ask !== null && d.ask === decision.ask) || (decision.block !== null && d.block === decision.block)
  )
  return {
    contract: next,
    events: [],
    result: {
      id: decision.id,
      object: "decision" as const,
      type: decision.type,
      state: "staged" as const,
      sent: false as const,
      ask: decision.ask ?? opens!,
      ...(decision.block !== null ? { ask_created: true as const } : {}),
      words_hash: contract.words_hash
    }
  } satisfies Decided<unknown>
}

/** A fact change after the first Send: staged as one grouped decision, words untouched until it lands. */
export const stageFactChange = (
  contract: Contract,
  actor: Actor,
  input: { readonly factId: string; readonly value: FactValue; readonly now: string; readonly newId: NewId },
  changes: ReadonlyArray<string>
) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party
  const problem = checkFactValue(input.value, "value")
  if (problem !== undefined) return problem
  if (contract.asks.some((ask) => ask.state === "open" && ask.changes.some((c) => changes.includes(c.block)))) {
    return reject("invalid_request", "A block this fact stands in already has an open ask: answer that first.", { param: "value" })
  }
  const decision: Decision = {
    id: input.newId("dec"),
    type: "counter",
    ask: null,
    block: null,
    fact: { id: input.factId, value: input.value },
    text: null,
    why: null,
    opens: input.newId("ask"),
    person_id: actor.person!.id,
    party: party.id,
    staged_at: input.now
  }
  const next = stage(contract, party, decision, (d) => d.fact?.id === input.factId)
  return {
    contract: next,
    events: [],
    result: { applied: false, decision_id: decision.id, grouped: true, blocks_touched: changes, words_hash: contract.words_hash }
  } satisfies Decided<unknown>
}

export const withdrawDecision = (contract: Contract, actor: Actor, { decisionId }: { readonly decisionId: string }) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party
  const reply = replyOf(contract, party.id)
  // Someone else's staged decision does not exist as far as this seat can tell.
  if (!reply.decisions.some((d) => d.id === decisionId)) return notFound("decision", decisionId)
  const next = withReply(contract, { ...reply, decisions: reply.decisions.filter((d) => d.id !== decisionId) })
  return {
    contract: next,
    events: [],
    result: { id: decisionId, object: "decision" as const, deleted: true as const, words_hash: contract.words_hash }
  } satisfies Decided<unknown>
}

export const setReplyNote = (contract: Contract, actor: Actor, { note }: { readonly note: string | null }) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party
  const refused = afterFirstSend(contract)
  if (refused !== undefined) return refused
  if (note !== null && note.length > maxNoteLength) return reject("invalid_request", `note is at most ${maxNoteLength} characters.`, { param: "note" })
  return { contract: withReply(contract, { ...replyOf(contract, party.id), note }), events: [], result: { party: party.id } } satisfies Decided<unknown>
}

export const discardReply = (contract: Contract, actor: Actor) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party
  return { contract: withReply(contract, { party: party.id, decisions: [], note: null }), events: [], result: { party: party.id } } satisfies Decided<unknown>
}
