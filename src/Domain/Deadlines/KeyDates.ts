import { keptPerSnapshot } from "../Contract/KeptPerSnapshot.js"
import type { Contract } from "../Contract/Contract.js"
import type { Source } from "./Roles.js"
import { activeSince, currentTerm, endOf, noticeDeadlineOf, pendingOccurrences, planOf } from "./Schedule.js"

/** The key dates, read afresh (`keyDates` below keeps them per snapshot). */
const readKeyDates = (contract: Contract) => {
  const plan = planOf(contract)
  const term = currentTerm(contract, plan)
  const end = plan.perpetual ? null : endOf(plan, term)
  const renewal = plan.roles.renewalTerm
  const notice = plan.roles.noticePeriod
  const next = pendingOccurrences(contract, Number.POSITIVE_INFINITY, 1, plan)[0]
  const sources = (from: ReadonlyArray<Source> | undefined): ReadonlyArray<Source> => from ?? []
  return {
    start_date: plan.start?.value ?? null,
    expiration_date: end,
    perpetual: plan.perpetual,
    renews: renewal !== null && plan.firstEnd !== null,
    renewal_term: renewal?.value ?? null,
    notice_period: notice?.value ?? null,
    notice_deadline: end === null ? null : noticeDeadlineOf(plan, end),
    term,
    expired: contract.deadlines?.fired.includes(`expired:${term}`) ?? false,
    window_days: plan.windowDays,
    amended_by: contract.deadlines?.amended_by ?? null,
    // Only a live contract (executed or filed, not cancelled, not taken over by an amendment) is acted on; a draft's dates are what they would be.
    live: activeSince(contract) !== null && contract.cancelled === null,
    next: next === undefined || contract.cancelled !== null ? null : { kind: next.kind, due_at: new Date(next.due).toISOString() },
    from: {
      start_date: sources(plan.start?.from),
      expiration_date: term === 0 ? sources(plan.firstEnd?.from) : [...sources(plan.firstEnd?.from), ...sources(renewal?.from)],
      renewal_term: sources(renewal?.from),
      notice_period: sources(notice?.from)
    }
  }
}

export type KeyDates = ReturnType<typeof readKeyDates>

/**
 * The contract's `deadlines` as a reader sees them: the term it is in, when that term ends, the
 * last day to give notice against the renewal, and the facts (or clause) each date came from.
 * Read from the contract alone: the term moves when a renewal rolls (`contract.renewed`).
 */
export const keyDates: (contract: Contract) => KeyDates = keptPerSnapshot(readKeyDates)
