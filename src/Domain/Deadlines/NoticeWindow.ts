import type { Contract, Party } from "../Contract/Contract.js"
import { currentTerm, occurrencesOf, planOf } from "./Schedule.js"

/**
 * The notice deadline a party of a live contract is inside the window of: from the moment the
 * first warning fired until the deadline passes (its `notice_passed` moment), in the term the
 * contract is in. Read from the contract alone, as the feed's stored rows must be: a cancellation,
 * an executed amendment, a rolled renewal or facts that move the deadline past the window clear or move it with the save.
 */
export const openNoticeWindow = (contract: Contract, party: Party) => {
  const fired = contract.deadlines?.fired ?? []
  if (party.org === null || contract.cancelled !== null || contract.deadlines?.amended_by !== undefined || fired.length === 0) return null
  if (contract.state !== "executed" && contract.state !== "filed") return null
  const plan = planOf(contract)
  const term = currentTerm(contract, plan)
  const warned = fired.includes(`notice_window:${term}`) || fired.includes(`notice_reminder:${term}`)
  if (!warned || fired.includes(`notice_passed:${term}`)) return null
  const window = occurrencesOf(plan, term).find((moment) => moment.kind === "notice_window")
  if (window === undefined || window.noticeDeadline === null) return null
  return { term, since: new Date(window.due).toISOString(), noticeDeadline: window.noticeDeadline, expiration: window.end }
}
