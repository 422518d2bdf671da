import { excerpt, reject, Rejection } from "../Contract/Rejection.js"
import { isPlaybookTerm, type PlaybookTerm, playbookTerms, termKinds } from "./Terms.js"
import { compareAmounts, currencies, durationUnits, type Measured, normaliseUnit, type QuantityKind } from "./Units.js"

export { type PlaybookTerm, playbookTerms } from "./Terms.js"

export const ruleSources = ["org_settings", "template", "inherited"] as const
export type RuleSource = (typeof ruleSources)[number]

/** An amount as a rule states it: a number in a unit, or for a prose term a wording with no unit. */
export interface Amount {
  readonly value: number | string
  readonly unit: string | null
}

/** One negotiating position of an org: never shown to the other side. */
export interface PlaybookRule {
  readonly id: string
  readonly term: PlaybookTerm
  readonly rule_text: string
  /** The least the org takes; null leaves that side open. Both null: a prose-only rule, for a human. */
  readonly floor: Amount | null
  readonly ceiling: Amount | null
  /** What a counter proposes when an ask falls outside the bounds. */
  readonly preferred: Amount | null
  readonly source: RuleSource
}

export const isProseOnly = (rule: PlaybookRule): boolean => rule.floor === null && rule.ceiling === null

/** The first rule for a term, in the order given: a later one for the same term never applies. */
export const ruleFor = (rules: ReadonlyArray<PlaybookRule>, term: PlaybookTerm | null): PlaybookRule | null =>
  term === null ? null : rules.find((rule) => rule.term === term) ?? null

export const maxRuleText = 2000
/** Money up to a trillion and durations under a million keep cents exact and print without exponents. */
const maxValue: Readonly<Record<QuantityKind, number>> = { duration: 999_999, money: 1e12, prose: 0 }

export interface RuleInput {
  readonly term: string
  readonly rule_text: string
  readonly floor?: Amount | null | undefined
  readonly ceiling?: Amount | null | undefined
  readonly preferred?: Amount | null | undefined
}

type CheckedRule = Omit<PlaybookRule, "id" | "source">

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const controlCharacter = /[\u0000-\u0008\u000b-\u001f\u007f]/

/** Text a person wrote: present, bounded, well-formed, with no control characters but newline and tab. */
const textProblem = (text: unknown, what: string, param: string): Rejection | undefined => {
  if (typeof text !== "string" || text.trim() === "") return reject("invalid_request", `${what} must be non-empty text.`, { param })
  if (text.trim().length > maxRuleText) return reject("invalid_request", `${what} is at most ${maxRuleText} characters.`, { param })
  if (!text.isWellFormed() || controlCharacter.test(text)) {
    return reject("invalid_request", `${what} must be well-formed text without control characters (newline and tab are fine).`, { param })
  }
  return undefined
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

const unitsOf = (kind: QuantityKind) => (kind === "duration" ? durationUnits : currencies).join(", ")

const checkAmount = (amount: unknown, kind: QuantityKind, param: string): Rejection | Measured => {
  if (!isObject(amount)) return reject("invalid_request", "An amount is an object { value, unit }, or null.", { param })
  const value = amount.value
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > maxValue[kind]) {
    return reject("invalid_request", `value must be a number from 0 to ${maxValue[kind]}.`, { param: `${param}.value` })
  }
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) {
    return reject("invalid_request", "value has at most two decimal places.", { param: `${param}.value` })
  }
  const unit = typeof amount.unit === "string" ? normaliseUnit(kind, amount.unit) : null
  if (unit === null) return reject("invalid_request", `unit must be one of: ${unitsOf(kind)}.`, { param: `${param}.unit` })
  return { value, unit }
}

const checkProse = (input: RuleInput, param: (field: string) => string): Rejection | Pick<CheckedRule, "floor" | "ceiling" | "preferred"> => {
  for (const bound of ["floor", "ceiling"] as const) {
    if (input[bound] !== null && input[bound] !== undefined) {
      return reject("invalid_request", `${input.term} is a prose term: its rule has no ${bound}, only rule_text and an optional preferred wording.`, {
        param: param(bound)
      })
    }
  }
  const preferred = input.preferred ?? null
  if (preferred === null) return { floor: null, ceiling: null, preferred: null }
  if (!isObject(preferred)) return reject("invalid_request", "preferred is an object { value, unit: null }, or null.", { param: param("preferred") })
  const { value } = preferred
  const problem = textProblem(value, "preferred.value", param("preferred.value"))
  if (problem !== undefined) return problem
  if (preferred.unit !== null && preferred.unit !== undefined) {
    return reject("invalid_request", "A prose term's preferred wording has no unit: send unit null.", { param: param("preferred.unit") })
  }
  return { floor: null, ceiling: null, preferred: { value: String(value).trim(), unit: null } }
}

const checkBounds = (input: RuleInput, kind: QuantityKind, param: (field: string) => string) => {
  const read = (field: "floor" | "ceiling" | "preferred"): Rejection | Measured | null => {
    const amount = input[field] ?? null
    return amount === null ? null : checkAmount(amount, kind, param(field))
  }
  const floor = read("floor")
  if (floor instanceof Rejection) return floor
  const ceiling = read("ceiling")
  if (ceiling instanceof Rejection) return ceiling
  const preferred = read("preferred")
  if (preferred instanceof Rejection) return preferred
  if (floor !== null && ceiling !== null) {
    const order = compareAmounts(floor, ceiling)
    if (order === null) {
      return reject("invalid_request", `ceiling is in ${ceiling.unit}, which does not compare with the floor's ${floor.unit}.`, {
        param: param("ceiling.unit")
      })
    }
    if (order > 0) return reject("invalid_request", "floor is above ceiling.", { param: param("floor") })
  }
  if (preferred !== null) {
    for (const bound of [floor, ceiling]) {
      if (bound === null) continue
      const order = compareAmounts(preferred, bound)
      if (order === null) {
        return reject("invalid_request", `preferred is in ${preferred.unit}, which does not compare with ${bound.unit}.`, { param: param("preferred.unit") })
      }
      if ((bound === floor && order < 0) || (bound === ceiling && order > 0)) {
        return reject("invalid_request", "preferred must lie between floor and ceiling.", { param: param("preferred") })
      }
    }
  }
  return { floor, ceiling, preferred }
}

/** One rule as an admin submitted it, refused with the exact param at fault or returned normalised. */
export const checkRule = (rule: RuleInput, index: number): Rejection | CheckedRule => {
  const param = (field: string) => `rules[${index}].${field}`
  if (typeof rule.term !== "string" || !isPlaybookTerm(rule.term)) {
    const named = typeof rule.term === "string" ? ` '${excerpt(rule.term)}'` : ""
    return reject("invalid_request", `Unknown term${named}. A rule's term is one of: ${playbookTerms.join(", ")}.`, { param: param("term") })
  }
  const problem = textProblem(rule.rule_text, "rule_text", param("rule_text"))
  if (problem !== undefined) return problem
  const kind = termKinds[rule.term]
  const amounts = kind === "prose" ? checkProse(rule, param) : checkBounds(rule, kind, param)
  if (amounts instanceof Rejection) return amounts
  return { term: rule.term, rule_text: rule.rule_text.trim(), ...amounts }
}
