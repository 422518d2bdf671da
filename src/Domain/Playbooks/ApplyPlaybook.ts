import type { Actor, Contract } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import { requireCurrentHash } from "../Contract/Guards.js"
import type { NewId } from "../Contract/Ids.js"
import { Rejection } from "../Contract/Rejection.js"
import { seatOf } from "../Contract/Seat.js"
import { afterFirstSend, requireNegotiator, stageDecision } from "../Negotiation/Staging.js"
import { judgeAsk } from "./Judge.js"
import type { PlaybookOutcome, PlaybookSkipped, PlaybookStaged } from "./Outcome.js"
import type { PlaybookRule } from "./Rule.js"
import { awaitsParty, decidedAlready, selectAsks } from "./Selection.js"

export type { PlaybookOutcome, PlaybookSkipped, PlaybookStaged, SkipReason } from "./Outcome.js"

export interface ApplyPlaybookInput {
  readonly askIds?: ReadonlyArray<string> | undefined
  readonly rules: ReadonlyArray<PlaybookRule>
  readonly ifMatch: string
  readonly now: string
  readonly newId: NewId
}

// The refusals stageDecision gives before the first Send and after the end, so both answer alike.
const quoting = (rule: PlaybookRule) => `Playbook (${rule.term}): "${rule.rule_text}"`

/**
 * Stages, through the same stageDecision as POST /decisions, an accept for each ask of the other
 * side within the caller's rules and a counter toward `preferred` for each outside them. It stages
 * only; a dry run is this same call with the returned contract left unstored.
 */
export const applyPlaybook = (contract: Contract, actor: Actor, input: ApplyPlaybookInput): Rejection | Decided<PlaybookOutcome> => {
  const negotiator = requireNegotiator(contract, actor)
  // A seat that may not negotiate is answered ask by ask, so the caller sees what was left undone.
  if (negotiator instanceof Rejection && negotiator.code !== "not_a_negotiator") return negotiator
  const party = negotiator instanceof Rejection ? seatOf(contract, actor)!.party! : negotiator
  const refused = afterFirstSend(contract) ?? requireCurrentHash(contract, input.ifMatch)
  if (refused !== undefined) return refused
  const asks = selectAsks(contract, party, input.askIds)
  if (asks instanceof Rejection) return asks
  const staged: Array<PlaybookStaged> = []
  const skipped: Array<PlaybookSkipped> = []
  let next = contract
  for (const ask of asks) {
    if (negotiator instanceof Rejection) {
      skipped.push({ ask: ask.id, reason: "not_a_negotiator", rule: null })
      continue
    }
    if (decidedAlready(contract, ask, party) || !awaitsParty(contract, ask, party)) {
      skipped.push({ ask: ask.id, reason: "already_decided", rule: null })
      continue
    }
    const verdict = judgeAsk(contract, ask, input.rules)
    if (verdict.type === "skip") {
      skipped.push({ ask: ask.id, reason: verdict.reason, rule: verdict.rule?.id ?? null })
      continue
    }
    const decision = stageDecision(next, actor, {
      askId: ask.id,
      type: verdict.type,
      ...(verdict.type === "counter" ? { text: verdict.text, why: verdict.why } : {}),
      ifMatch: input.ifMatch,
      now: input.now,
      newId: input.newId
    })
    if (decision instanceof Rejection) {
      // A counter too long to stage is left, like every counter the playbook cannot write.
      if (verdict.type === "counter") {
        skipped.push({ ask: ask.id, reason: verdict.otherwise, rule: verdict.rule.id })
        continue
      }
      return decision
    }
    next = decision.contract
    staged.push({ decision: decision.result.id, ask: ask.id, type: verdict.type, rule: verdict.rule.id, why: quoting(verdict.rule) })
  }
  return { contract: next, events: [], result: { staged, skipped, words_hash: contract.words_hash } }
}
