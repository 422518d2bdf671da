import type { Contract } from "../Contract/Contract.js"
import type { Ask } from "../Negotiation/AsksAndLetters.js"
import { writeLike } from "./Quantities.js"
import { readAsk } from "./ReadAsk.js"
import { type Amount, isProseOnly, type PlaybookRule, ruleFor } from "./Rule.js"
import { compareAmounts, type Measured } from "./Units.js"

type OutsideReason = "below_floor" | "above_ceiling"

/** What a rule says of one ask, before anything is staged. */
export type Verdict =
  | { readonly type: "skip"; readonly reason: "no_rule"; readonly rule: null }
  | { readonly type: "skip"; readonly reason: "needs_a_human" | OutsideReason; readonly rule: PlaybookRule }
  | { readonly type: "accept"; readonly rule: PlaybookRule }
  | { readonly type: "counter"; readonly rule: PlaybookRule; readonly text: string; readonly why: string; readonly otherwise: OutsideReason }

const measured = (amount: Amount | null): Measured | null | "unreadable" => {
  if (amount === null) return null
  return typeof amount.value === "number" && typeof amount.unit === "string" ? { value: amount.value, unit: amount.unit } : "unreadable"
}

export const judgeAsk = (contract: Contract, ask: Ask, rules: ReadonlyArray<PlaybookRule>): Verdict => {
  const reading = readAsk(contract, ask)
  const rule = ruleFor(rules, reading.term)
  if (rule === null) return { type: "skip", reason: "no_rule", rule: null }
  const human = { type: "skip", reason: "needs_a_human", rule } as const
  const floor = measured(rule.floor)
  const ceiling = measured(rule.ceiling)
  if (isProseOnly(rule) || reading.offer === null || floor === "unreadable" || ceiling === "unreadable") return human
  const offered = reading.offer.quantity
  const aboveFloor = floor === null ? 0 : compareAmounts(offered, floor)
  const belowCeiling = ceiling === null ? 0 : compareAmounts(offered, ceiling)
  if (aboveFloor === null || belowCeiling === null) return human
  if (aboveFloor >= 0 && belowCeiling <= 0) return { type: "accept", rule }
  const otherwise: OutsideReason = aboveFloor < 0 ? "below_floor" : "above_ceiling"
  const preferred = measured(rule.preferred)
  if (preferred === null || preferred === "unreadable" || compareAmounts(offered, preferred) === null) return { type: "skip", reason: otherwise, rule }
  const plain = offered.style.kind === "duration" ? { ...offered, style: { ...offered.style, capital: false } } : offered
  // The why travels to the other side with the round, so it names the amount and never the rule.
  return { type: "counter", rule, text: reading.offer.counterWith(preferred), why: `We propose ${writeLike(plain, preferred)}.`, otherwise }
}
