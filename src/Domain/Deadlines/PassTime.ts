import type { Contract } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { DomainEvent } from "../Contract/Events.js"
import { appendEvents } from "../Contract/Guards.js"
import { defaultWindowDays, endOf, type Occurrence, pendingOccurrences, type Plan, planOf, reminderDays } from "./Schedule.js"

/** Moments acted on in one write at most: a contract down for years catches up over several writes, each bounded. */
export const momentsPerWrite = 100

export interface PassedTime {
  /** The keys of the moments this write acted on, oldest first. */
  readonly acted: ReadonlyArray<string>
}

const eventOf = (contract: Contract, plan: Plan, moment: Occurrence): DomainEvent | null => {
  const due_at = new Date(moment.due).toISOString()
  switch (moment.kind) {
    case "notice_window":
    case "notice_reminder":
      return {
        type: "contract.deadline_approaching",
        data: {
          contract: contract.id,
          deadline: "notice",
          notice_deadline: moment.noticeDeadline!,
          expiration_date: moment.end,
          days_before: moment.kind === "notice_window" ? plan.windowDays : reminderDays,
          term: moment.term,
          due_at
        }
      }
    // The deadline passing clears the feed's row; it is no news of its own.
    case "notice_passed":
      return null
    case "renewed":
      return {
        type: "contract.renewed",
        data: {
          contract: contract.id,
          previous_expiration: moment.end,
          expiration_date: endOf(plan, moment.term + 1) ?? moment.end,
          renewal_term: plan.roles.renewalTerm?.value ?? "",
          term: moment.term + 1,
          due_at
        }
      }
    case "expired":
      return { type: "contract.expired", data: { contract: contract.id, expiration_date: moment.end, term: moment.term, due_at } }
  }
}

/** What the scheduler tells a contract: the time, and what it knows of the contract's surroundings. */
export interface TimePassed {
  readonly now: string
  /** The drafting org's warning window, as its settings give it now. */
  readonly window_days?: number
  /** An executed amendment of this contract, once there is one. */
  readonly amended_by?: string
}

/** The contract as it stands once told of a window that changed, or of the amendment that took its place. */
const settled = (contract: Contract, input: TimePassed): Contract => {
  const deadlines = contract.deadlines ?? { term: 0, fired: [] }
  const window = input.window_days !== undefined && input.window_days !== (deadlines.window_days ?? defaultWindowDays)
  const amended = input.amended_by !== undefined && deadlines.amended_by === undefined
  if (!window && !amended) return contract
  return {
    ...contract,
    deadlines: { ...deadlines, ...(window ? { window_days: input.window_days } : {}), ...(amended ? { amended_by: input.amended_by } : {}) }
  }
}

/**
 * Time passed `now`: every moment of the contract's key dates due by then and not yet acted on is
 * acted on, in due order, each exactly once (its key is kept). A rolled renewal moves the contract
 * to its next term and forgets the keys of the one it left. A new window or an executed amendment
 * is kept first, so the moments are those it gives (none after an amendment). Nothing to do is no
 * write at all.
 */
export const passTime = (stored: Contract, input: TimePassed): Decided<PassedTime> | null => {
  if (stored.cancelled !== null) return null
  const contract = settled(stored, input)
  const plan = planOf(contract)
  const due = pendingOccurrences(contract, Date.parse(input.now), momentsPerWrite, plan)
  if (due.length === 0) return contract === stored ? null : { contract, events: [], result: { acted: [] } }
  let deadlines = contract.deadlines ?? { term: 0, fired: [] }
  const events: Array<DomainEvent> = []
  for (const moment of due) {
    const event = eventOf(contract, plan, moment)
    if (event !== null) events.push(event)
    deadlines = moment.kind === "renewed"
      ? { ...deadlines, term: moment.term + 1, fired: deadlines.fired.filter((key) => Number(key.split(":")[1]) > moment.term) }
      : { ...deadlines, term: Math.max(deadlines.term, moment.term), fired: [...deadlines.fired, moment.key] }
  }
  return { contract: appendEvents({ ...contract, deadlines }, events, input.now), events, result: { acted: due.map((moment) => moment.key) } }
}
