import { keptPerSnapshot } from "../Contract/KeptPerSnapshot.js"
import type { Contract } from "../Contract/Contract.js"
import { keyDates } from "./KeyDates.js"

/**
 * A contract's row in `contract_deadlines`: the dates `GET /contracts` filters on and the next
 * moment the scheduler acts at. Written by the statement that saves the contract, so the row is
 * never behind the contract it describes.
 */
export const deadlineColumns: ReadonlyArray<readonly [name: string, type: string]> = [
  ["contract_id", "text"],
  ["org_id", "text"],
  ["mode", "text"],
  ["expiration_date", "text"],
  ["notice_deadline", "text"],
  ["next_due", "timestamptz"],
  ["window_days", "integer"]
]

export type DeadlineRow = {
  readonly contract_id: string
  /** The drafting org, whose sandbox clock a test-mode contract's moments follow. */
  readonly org_id: string
  readonly mode: string
  readonly expiration_date: string | null
  readonly notice_deadline: string | null
  readonly next_due: string | null
  /** The warning window `next_due` was counted with: the scheduler tells the contract when its org's setting differs. */
  readonly window_days: number
}

// The copy one save stores is the next save's `previous` (the entity keeps it): its row is read once.
export const deadlineRowOf: (contract: Contract) => DeadlineRow = keptPerSnapshot((contract) => {
  const dates = keyDates(contract)
  return {
    contract_id: contract.id,
    org_id: contract.org,
    mode: contract.mode,
    expiration_date: dates.expiration_date,
    notice_deadline: dates.notice_deadline,
    next_due: dates.live ? dates.next?.due_at ?? null : null,
    window_days: dates.window_days
  }
})

/**
 * What can move a contract's key dates: its facts, its state (only a live contract is acted on),
 * a cancellation, or a moment acted on. Any other write leaves the row as it was, unread.
 */
export const datesMayMove = (previous: Contract, next: Contract) =>
  previous.facts !== next.facts || previous.state !== next.state || previous.cancelled !== next.cancelled ||
  previous.deadlines !== next.deadlines || previous.blocks !== next.blocks

/** The row a save writes, or null when it leaves the stored row true. A new contract with no date to keep has none. */
export const changedDeadlineRow = (previous: Contract | null, next: Contract): DeadlineRow | null => {
  if (previous !== null && !datesMayMove(previous, next)) return null
  const row = deadlineRowOf(next)
  const empty = row.expiration_date === null && row.notice_deadline === null && row.next_due === null
  if (previous === null) return empty ? null : row
  return JSON.stringify(deadlineRowOf(previous)) === JSON.stringify(row) ? null : row
}

/** An amendment executed by this save: its parent's row settles (src/Deadlines/Scheduler.ts), and the save records it. */
export const amendmentExecuted = (previous: Contract | null, next: Contract): next is Contract & { readonly amends: string } =>
  next.amends !== null && next.state === "executed" && previous?.state !== "executed"

/**
 * Whether a save changes what the deadline scheduler waits on: a moment set, moved or cleared, or
 * an amendment executed whose parent it must tell. The scheduler reads only rows with a moment, so
 * a save whose row has none before or after (every draft, every round before execution) gives it
 * nothing to wake for: a ring there cost two statements for nothing.
 */
export const schedulerMustHear = (previous: Contract | null, next: Contract): boolean => {
  if (amendmentExecuted(previous, next)) return true
  const row = changedDeadlineRow(previous, next)
  return row !== null && (row.next_due !== null || (previous !== null && deadlineRowOf(previous).next_due !== null))
}
