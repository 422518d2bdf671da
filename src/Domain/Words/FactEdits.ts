import type { Actor, Contract } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { DomainEvent } from "../Contract/Events.js"
import { checkFactValue } from "../Templates/Drafting.js"
import { type Fact, type FactValue, occurrences, renderValue, replaceFactValue } from "./Fact.js"
import { normalizedValue } from "./FactReading.js"
import { appendEvents, requireCurrentHash, requireOpen, requireSeat } from "../Contract/Guards.js"
import { notFound, reject, Rejection } from "../Contract/Rejection.js"
import { factChanges } from "../Negotiation/ApplyDecision.js"
import { stageFactChange } from "../Negotiation/Staging.js"
import { wordsHash } from "./Blocks.js"
import type { NewId } from "../Contract/Ids.js"

/** After the first Send an edit is staged as a grouped counter: `applied: false`, with its decision. */
export interface FactEditResult {
  readonly applied: boolean
  readonly decision_id?: string
  readonly grouped?: boolean
  readonly blocks_touched: ReadonlyArray<string>
  readonly words_hash: string
}

const findFact = (contract: Contract, factId: string): Fact | Rejection => contract.facts.find((fact) => fact.id === factId) ?? notFound("fact", factId)

export const setFact = (
  contract: Contract,
  actor: Actor,
  input: {
    readonly factId: string
    readonly value: FactValue
    readonly ifMatch: string
    /** The key's scopes; null for a guest link, whose seat is its authority. */
    readonly scopes: ReadonlyArray<string> | null
    readonly now: string
    readonly newId: NewId
  }
): Rejection | Decided<FactEditResult> => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  // Before the first Send a fact edit writes the draft; after it, the edit is a decision.
  const scope = contract.state === "draft" ? "contracts:write" : "decisions:write"
  if (input.scopes !== null && !input.scopes.includes(scope)) {
    return reject("insufficient_scope", `This key lacks the '${scope}' scope.`, { param: scope })
  }
  const fact = findFact(contract, input.factId)
  if (fact instanceof Rejection) return fact
  const refused = requireOpen(contract) ?? requireCurrentHash(contract, input.ifMatch) ?? checkFactValue(input.value, "value")
  if (refused !== undefined) return refused
  if (contract.state !== "draft") {
    return stageFactChange(
      contract,
      actor,
      { factId: fact.id, value: input.value, now: input.now, newId: input.newId },
      factChanges(contract, fact.id, input.value).map((c) => c.block)
    )
  }
  if (seat.side !== "drafter") return reject("invalid_request", "Only the drafting side edits the draft.")
  if (renderValue(fact.value) === renderValue(input.value) && !fact.missing) {
    return { contract, events: [], result: { applied: true, blocks_touched: [], words_hash: contract.words_hash } }
  }
  const change = replaceFactValue(contract.blocks, contract.facts, fact.id, input.value)
  const hash = wordsHash(change.blocks)
  const event: DomainEvent = {
    type: "words.changed",
    data: {
      contract: contract.id,
      words_hash: hash,
      previous_hash: contract.words_hash,
      blocks_touched: change.blocksTouched,
      fact: fact.id,
      changed_by: actor.person?.id ?? null,
      signatures_voided: []
    }
  }
  const next = appendEvents({ ...contract, blocks: change.blocks, facts: change.facts, words_hash: hash }, [event], input.now)
  return { contract: next, events: [event], result: { applied: true, blocks_touched: change.blocksTouched, words_hash: hash } }
}

export interface FactConfirmation {
  readonly id: string
  readonly value: FactValue
  readonly normalized: string | null
  readonly inferred: false
  readonly occurrences: ReadonlyArray<string>
  readonly confirmed_by: string
  readonly words_hash: string
}

/** Confirming clears `inferred` only; it never moves words, so it needs no `If-Match`. */
export const confirmFact = (
  contract: Contract,
  actor: Actor,
  input: { readonly factId: string; readonly now: string }
): Rejection | Decided<FactConfirmation> => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  const fact = findFact(contract, input.factId)
  if (fact instanceof Rejection) return fact
  const person = actor.person!.id
  const confirmed: Fact = { ...fact, inferred: false, confirmed_by: person, confirmed_at: input.now }
  const event: DomainEvent = { type: "fact.confirmed", data: { contract: contract.id, fact: fact.id, confirmed_by: person } }
  const next = appendEvents(
    { ...contract, facts: contract.facts.map((f) => (f.id === fact.id ? confirmed : f)) },
    [event],
    input.now
  )
  return {
    contract: next,
    events: [event],
    result: {
      id: fact.id,
      value: fact.value,
      normalized: normalizedValue(fact, contract.facts),
      inferred: false,
      occurrences: occurrences(fact),
      confirmed_by: person,
      words_hash: contract.words_hash
    }
  }
}
