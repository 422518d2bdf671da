import type { Template } from "../Templates/Template.js"
import { effectiveDate } from "./PromptDates.js"
import { type DurationRole, findDurations } from "./PromptDurations.js"
import { governingLaw } from "./PromptLaw.js"
import { findMoney, type MoneyRole } from "./PromptMoney.js"

/**
 * The facts other than parties: each blank of the template takes the one value the prompt states
 * for it. Two different values for one blank, or a value whose purpose the words leave open, fill
 * nothing: the drafting step asks instead.
 */

const moneyRoles: Readonly<Record<string, MoneyRole>> = { daily_rate: "daily", annual_fee: "annual", liability_cap: "cap", fees: "total" }

const durationRoles: Readonly<Record<string, DurationRole>> = {
  term: "term",
  confidentiality_period: "term",
  initial_term: "term",
  duration: "term",
  engagement_term: "term",
  subscription_term: "term",
  notice_period: "notice",
  renewal_notice: "notice",
  acceptance_period: "acceptance",
  payment_terms: "payment"
}

const onlyOne = (values: ReadonlyArray<string>): string | undefined => {
  const distinct = new Set(values)
  return distinct.size === 1 ? [...distinct][0] : undefined
}

export const readFacts = (text: string, template: Template, today: string): Record<string, string> => {
  const facts: Record<string, string> = {}
  const money = findMoney(text)
  const durations = findDurations(text)
  const termBlanks = template.blanks.filter((blank) => durationRoles[blank.key] === "term")
  for (const blank of template.blanks) {
    let value: string | undefined
    if (blank.kind === "date") value = effectiveDate(text, today)
    else if (blank.kind === "jurisdiction") value = governingLaw(text)
    else if (moneyRoles[blank.key] !== undefined) {
      const role = moneyRoles[blank.key]
      const stated = money.filter((m) => m.role === role)
      // "SOW … for $40,000": with one money blank meaning the price, the price is what "for" buys.
      const bought = role === "total" && stated.length === 0 ? money.filter((m) => m.role === "unclear" && m.afterFor) : stated
      value = onlyOne(bought.map((m) => m.value))
    } else if (durationRoles[blank.key] !== undefined) {
      const role = durationRoles[blank.key]
      let stated = durations.filter((d) => d.role === role)
      if (role === "term" && stated.length === 0 && termBlanks.length === 1) stated = durations.filter((d) => d.role === "bare")
      value = onlyOne(stated.map((d) => d.value))
    }
    if (value !== undefined) facts[blank.key] = value
  }
  return facts
}
