import { describe, expect, it } from "@effect/vitest"
import { changedDeadlineRow, schedulerMustHear } from "../../../src/Domain/Deadlines/DeadlineRow.js"
import { passTime } from "../../../src/Domain/Deadlines/PassTime.js"
import { byUrgency } from "../../../src/Domain/Views/Attention.js"
import { day, deadlineRows, executedMsa as msa, withFact } from "./fixtures.js"

describe("the feed's deadline row", () => {
  it("opens when the window's warning fires and clears when the deadline passes", () => {
    expect(deadlineRows(msa())).toEqual([])
    const warned = passTime(msa(), { now: day("2026-09-04") })!.contract
    expect(deadlineRows(warned)).toEqual([expect.objectContaining({
      kind: "deadline",
      contract: "con_dl",
      since: day("2026-09-04"),
      notice_deadline: "2026-11-03",
      expiration_date: "2027-02-01",
      letter: null,
      why_you: "Notice against the renewal is due by 2026-11-03; without it the contract renews on 2027-02-01."
    })])
    const reminded = passTime(warned, { now: day("2026-10-27") })!.contract
    expect(deadlineRows(reminded).map((row) => row.id)).toEqual(deadlineRows(warned).map((row) => row.id))
    expect(deadlineRows(passTime(reminded, { now: day("2026-11-04") })!.contract)).toEqual([])
  })

  it("clears when the contract is cancelled, and follows a deadline that moves", () => {
    const warned = passTime(msa(), { now: day("2026-09-04") })!.contract
    expect(deadlineRows({ ...warned, cancelled: { at: day("2026-09-05"), by: "per_ada", reason: "ended" } })).toEqual([])
    const moved = withFact(warned, "notice_period", "sixty (60) days")
    expect(deadlineRows(moved)).toMatchObject([{ notice_deadline: "2026-12-03" }])
  })

  it("ranks after the kinds that hold a deal up", () => {
    const deadline = { id: "atn_b", kind: "deadline" as const, since: day("2026-01-01") }
    const letter = { id: "atn_a", kind: "letter" as const, since: day("2026-06-01") }
    expect(byUrgency(deadline as never, letter as never)).toBeGreaterThan(0)
  })
})

describe("the stored deadline row", () => {
  it("is written for a contract with a date, moves with what moves it, and is left alone otherwise", () => {
    const contract = msa()
    expect(changedDeadlineRow(null, contract)).toEqual({
      contract_id: "con_dl",
      org_id: "org_acme",
      mode: "test",
      expiration_date: "2027-02-01",
      notice_deadline: "2026-11-03",
      next_due: day("2026-09-04"),
      window_days: 60
    })
    expect(changedDeadlineRow(contract, { ...contract, title: "Renamed" })).toBeNull()
    expect(changedDeadlineRow(contract, passTime(contract, { now: day("2026-09-04") })!.contract)).toMatchObject({ next_due: day("2026-10-27") })
    expect(changedDeadlineRow(contract, { ...contract, cancelled: { at: day("2026-03-01"), by: "per_ada", reason: "x" } })).toMatchObject({ next_due: null })
  })

  it("wakes the scheduler only when a moment is set, moved or cleared", () => {
    const executed = msa()
    const draft = { ...executed, state: "draft" as const, executed_at: null }
    // A draft with dates has a row (GET /contracts filters on them) but no moment: nothing to wake for.
    expect(changedDeadlineRow(null, draft)).toMatchObject({ expiration_date: "2027-02-01", next_due: null })
    expect(schedulerMustHear(null, draft)).toBe(false)
    expect(schedulerMustHear(draft, withFact(draft, "initial_term", "two (2) years"))).toBe(false)
    expect(schedulerMustHear(draft, executed)).toBe(true)
    expect(schedulerMustHear(null, executed)).toBe(true)
    expect(schedulerMustHear(executed, { ...executed, title: "Renamed" })).toBe(false)
    expect(schedulerMustHear(executed, passTime(executed, { now: day("2026-09-04") })!.contract)).toBe(true)
    const cancelled = { at: day("2026-03-01"), by: "per_ada", reason: "x" }
    expect(schedulerMustHear(executed, { ...executed, cancelled })).toBe(true)
    // An amendment executed has its parent told, though its own row has no moment (here, cancelled).
    const amendment = { ...draft, amends: "con_parent", cancelled }
    expect(changedDeadlineRow(amendment, { ...amendment, state: "executed" as const })).toBeNull()
    expect(schedulerMustHear(amendment, { ...amendment, state: "executed" as const })).toBe(true)
  })
})
