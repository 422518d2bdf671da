import type { Contract } from "../Contract/Contract.js"
import { addDays, dayOf, isDay, shiftDate, startOfDay } from "./Calendar.js"
import { type Reading, type Roles, rolesOf } from "./Roles.js"

/**
 * A contract's key dates and the moments the service acts on them, derived from its facts alone.
 * Term `n` is the initial term (n = 0) or the n-th renewal; it ends on `endOf(n)`, the anniversary
 * the annotators count ("three years from 1 March 2026" ends 2029-03-01). Notice against a renewal
 * is due by `endOf(n)` less the notice period.
 */

/** How long before the notice deadline the first warning comes, unless the drafting org's settings say otherwise. */
export const defaultWindowDays = 60
/** The second warning. */
export const reminderDays = 7
/** The window an org may set, in days: longer than the reminder, at most a year. */
export const windowDaysRange = { min: reminderDays + 1, max: 365 } as const

export const occurrenceKinds = ["notice_window", "notice_reminder", "notice_passed", "renewed", "expired"] as const
export type OccurrenceKind = (typeof occurrenceKinds)[number]

/** One moment to act. Its key names the term it belongs to, so a date that moves never fires the same deadline twice. */
export interface Occurrence {
  readonly key: string
  readonly kind: OccurrenceKind
  readonly term: number
  readonly due: number
  readonly end: string
  readonly noticeDeadline: string | null
}

export interface Plan {
  readonly roles: Roles
  readonly start: Reading<string> | null
  /** The initial term's end, a date; null when the contract has none (or runs until ended: `perpetual`). */
  readonly firstEnd: Reading<string> | null
  readonly perpetual: boolean
  /** Days before the notice deadline the first warning comes. */
  readonly windowDays: number
}

export const planOf = (contract: Contract): Plan => {
  const roles = rolesOf(contract)
  const windowDays = contract.deadlines?.window_days ?? defaultWindowDays
  const signed = contract.executed_at ?? contract.signed_elsewhere?.claimed_at ?? null
  const start = roles.start ?? (signed === null ? null : { value: signed.slice(0, 10), from: [] })
  const written = roles.expiration
  if (written?.value === "perpetual") return { roles, start, firstEnd: null, perpetual: true, windowDays }
  if (written !== null && isDay(written.value)) return { roles, start, firstEnd: written, perpetual: false, windowDays }
  const counted = start === null || roles.initialTerm === null ? null : shiftDate(start.value, roles.initialTerm.value)
  const firstEnd = counted === null ? null : { value: counted, from: [...start!.from, ...roles.initialTerm!.from] }
  return { roles, start, firstEnd, perpetual: false, windowDays }
}

/** The end of term `n`; null past what a calendar can count. */
export const endOf = (plan: Plan, term: number): string | null => {
  if (plan.firstEnd === null) return null
  if (term === 0) return plan.firstEnd.value
  const renewal = plan.roles.renewalTerm
  return renewal === null ? null : shiftDate(plan.firstEnd.value, renewal.value, term)
}

export const noticeDeadlineOf = (plan: Plan, end: string): string | null =>
  plan.roles.renewalTerm === null || plan.roles.noticePeriod === null ? null : shiftDate(end, plan.roles.noticePeriod.value, -1)

/** The moments of one term, in the order they fall due. */
export const occurrencesOf = (plan: Plan, term: number): ReadonlyArray<Occurrence> => {
  const end = endOf(plan, term)
  if (end === null) return []
  const renews = plan.roles.renewalTerm !== null
  const deadline = noticeDeadlineOf(plan, end)
  const at = (kind: OccurrenceKind, day: string): Occurrence => ({ key: `${kind}:${term}`, kind, term, due: startOfDay(day), end, noticeDeadline: deadline })
  const notices = deadline === null
    ? []
    : [
      at("notice_window", addDays(deadline, -plan.windowDays)),
      at("notice_reminder", addDays(deadline, -reminderDays)),
      at("notice_passed", addDays(deadline, 1))
    ]
  return [...notices, renews ? at("renewed", end) : at("expired", end)]
}

/**
 * When the contract's life started for the service: signed here, or filed. Nothing due before it
 * is acted on, save the warning still in force. An executed amendment ends it: its own dates
 * take over, and this contract is acted on no more.
 */
export const activeSince = (contract: Contract): number | null => {
  if (contract.deadlines?.amended_by !== undefined) return null
  if (contract.state === "executed") return Date.parse(contract.executed_at!)
  if (contract.state === "filed") return Date.parse(contract.created_at)
  return null
}

/** Terms are counted this far at most: a renewal of a day over a century is well past any contract's life. */
const maxTerms = 40_000

/** The first term that had not ended when the contract became active. */
export const firstLiveTerm = (plan: Plan, since: number): number => {
  if (plan.roles.renewalTerm === null) return 0
  let term = 0
  for (let end = endOf(plan, 0); end !== null && startOfDay(end) <= since && term < maxTerms; end = endOf(plan, term)) term++
  return term
}

/**
 * Every moment still to come for a contract that is live, in due order, from its first live term
 * on; a moment due before it became active is skipped, except the latest warning whose deadline
 * it had not yet passed. Stops after `limit` moments or at `until`.
 */
export const pendingOccurrences = (contract: Contract, until: number, limit: number, plan: Plan = planOf(contract)): ReadonlyArray<Occurrence> => {
  const since = activeSince(contract)
  if (since === null) return []
  const fired = new Set(contract.deadlines?.fired ?? [])
  const found: Array<Occurrence> = []
  for (let term = Math.max(firstLiveTerm(plan, since), contract.deadlines?.term ?? 0); term < maxTerms; term++) {
    const moments = occurrencesOf(plan, term)
    if (moments.length === 0) break
    const late = moments.filter((o) => o.due < since)
    const warning = late.at(-1)
    const kept = moments.filter((o) => o.due >= since || (o === warning && (o.kind === "notice_window" || o.kind === "notice_reminder")))
    for (const moment of kept) {
      if (moment.due > until || found.length >= limit) return found
      if (!fired.has(moment.key)) found.push(moment)
    }
    if (moments.at(-1)!.kind === "expired" || fired.has(`expired:${term}`)) break
  }
  return found
}

/** The live term the contract is in: the first live one, or past every renewal that rolled since. */
export const currentTerm = (contract: Contract, plan: Plan): number => {
  const since = activeSince(contract)
  return Math.max(since === null ? 0 : firstLiveTerm(plan, since), contract.deadlines?.term ?? 0)
}

export { dayOf }
