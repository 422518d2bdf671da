import { describe, expect, it } from "@effect/vitest"
import { changedDeadlineRow } from "../../../src/Domain/Deadlines/DeadlineRow.js"
import { keyDates } from "../../../src/Domain/Deadlines/KeyDates.js"
import { passTime } from "../../../src/Domain/Deadlines/PassTime.js"
import { day, deadlineRows, executedMsa as msa } from "./fixtures.js"

describe("the org's warning window", () => {
  it("moves the first warning and the stored row's next moment, and names its days in the event", () => {
    expect(keyDates(msa())).toMatchObject({ window_days: 60, next: { kind: "notice_window", due_at: day("2026-09-04") } })
    // Told the org's window early in the year: nothing is due yet, but the window is kept and the row moves.
    const told = passTime(msa(), { now: day("2026-03-01"), window_days: 90 })!
    expect(told.events).toEqual([])
    expect(told.result.acted).toEqual([])
    expect(keyDates(told.contract)).toMatchObject({ window_days: 90, next: { kind: "notice_window", due_at: day("2026-08-05") } })
    expect(changedDeadlineRow(msa(), told.contract)).toMatchObject({ next_due: day("2026-08-05"), window_days: 90 })
    const warned = passTime(told.contract, { now: day("2026-08-05"), window_days: 90 })!
    expect(warned.events).toEqual([expect.objectContaining({ type: "contract.deadline_approaching", data: expect.objectContaining({ days_before: 90 }) })])
    expect(deadlineRows(warned.contract)).toEqual([expect.objectContaining({ since: day("2026-08-05"), notice_deadline: "2026-11-03" })])
  })

  it("is no write when it is the window the contract already has, and warns late when a wider window has already opened", () => {
    expect(passTime(msa(), { now: day("2026-03-01"), window_days: 60 })).toBeNull()
    const late = passTime(msa(), { now: day("2026-08-20"), window_days: 90 })!
    expect(late.result.acted).toEqual(["notice_window:0"])
    expect(late.events[0]!.data).toMatchObject({ days_before: 90, due_at: day("2026-08-05") })
  })
})

describe("an executed amendment", () => {
  it("takes the contract's place: its warning row clears, nothing more is due, and it is kept once", () => {
    const warned = passTime(msa(), { now: day("2026-09-04") })!.contract
    expect(deadlineRows(warned)).toHaveLength(1)
    const amended = passTime(warned, { now: day("2026-09-10"), amended_by: "con_amendment" })!
    expect(amended.events).toEqual([])
    expect(deadlineRows(amended.contract)).toEqual([])
    expect(keyDates(amended.contract)).toMatchObject({ amended_by: "con_amendment", live: false, next: null })
    expect(changedDeadlineRow(warned, amended.contract)).toMatchObject({ next_due: null })
    // Years later, nothing: no reminder, no renewal. Told again of the same or another amendment, no write.
    expect(passTime(amended.contract, { now: day("2029-01-01") })).toBeNull()
    expect(passTime(amended.contract, { now: day("2029-01-01"), amended_by: "con_amendment" })).toBeNull()
    expect(passTime(amended.contract, { now: day("2029-01-01"), amended_by: "con_later" })).toBeNull()
  })

  it("is kept for a contract with nothing due yet, and a cancelled contract is not written", () => {
    const amended = passTime(msa(), { now: day("2026-03-01"), amended_by: "con_amendment" })!
    expect(amended.contract.deadlines).toEqual({ term: 0, fired: [], amended_by: "con_amendment" })
    const cancelled = { ...msa(), cancelled: { at: day("2026-03-01"), by: "per_ada", reason: "ended" } }
    expect(passTime(cancelled, { now: day("2026-03-02"), amended_by: "con_amendment" })).toBeNull()
  })
})
