import { describe, expect, it } from "@effect/vitest"
import { keyDates } from "../../../src/Domain/Deadlines/KeyDates.js"
import { passTime } from "../../../src/Domain/Deadlines/PassTime.js"
import { mutualNda } from "../../../src/Domain/Templates/MutualNda.js"
import { masterServices } from "../../../src/Domain/Templates/MasterServices.js"
import { saasSubscription } from "../../../src/Domain/Templates/SaasSubscription.js"
import { executedFrom, passEach, withFact } from "./fixtures.js"

const msaFacts = { customer: "Acme Ltd", supplier: "Beta LLC", effective_date: "1 February 2026", liability_cap: "$100,000", initial_term: "one (1) year" }
const msa = () => executedFrom(masterServices, msaFacts)
const day = (date: string) => `${date}T00:00:00.000Z`

describe("key dates", () => {
  it("reads the term, the renewal the words give and the notice against it, with where each came from", () => {
    const dates = keyDates(msa())
    const notice = msa().facts.find((f) => f.name === "notice_period")!
    expect(dates).toMatchObject({
      start_date: "2026-02-01",
      expiration_date: "2027-02-01",
      perpetual: false,
      renews: true,
      renewal_term: "P1Y",
      notice_period: "P90D",
      // 1 February 2027 less ninety days.
      notice_deadline: "2026-11-03",
      term: 0,
      expired: false,
      live: true,
      next: { kind: "notice_window", due_at: day("2026-09-04") }
    })
    expect(dates.from.notice_period).toEqual([{ fact: notice.id, name: "notice_period", value: "ninety (90) days" }])
    expect(dates.from.renewal_term).toEqual([{ block: expect.stringMatching(/^blk_/), words: expect.stringContaining("successive one-year") }])
    expect(dates.from.expiration_date.map((s) => ("name" in s ? s.name : "words"))).toEqual(["effective_date", "initial_term"])
  })

  it("gives a contract that does not renew its end and no notice deadline, and a draft's dates as they would be", () => {
    const nda = executedFrom(mutualNda, { party_a: "Acme Ltd", party_b: "Beta LLC", effective_date: "2026-01-01" })
    expect(keyDates(nda)).toMatchObject({
      expiration_date: "2028-01-01",
      renews: false,
      notice_deadline: null,
      next: { kind: "expired", due_at: day("2028-01-01") }
    })
    const draft = { ...msa(), state: "draft" as const, executed_at: null }
    expect(keyDates(draft)).toMatchObject({ expiration_date: "2027-02-01", live: false, next: null })
  })
})

describe("time passing", () => {
  it("warns at the start of the window and a week before the deadline, each once", () => {
    const first = passTime(msa(), { now: day("2026-09-04") })!
    expect(first.events).toEqual([{
      type: "contract.deadline_approaching",
      data: {
        contract: "con_dl",
        deadline: "notice",
        notice_deadline: "2026-11-03",
        expiration_date: "2027-02-01",
        days_before: 60,
        term: 0,
        due_at: day("2026-09-04")
      }
    }])
    expect(first.contract.head_sequence).toBe(msa().head_sequence + 1)
    expect(passTime(first.contract, { now: day("2026-10-01") })).toBeNull()
    const second = passTime(first.contract, { now: day("2026-10-27") })!
    expect(second.events.map((e) => [e.type, (e.data as { days_before: number }).days_before])).toEqual([["contract.deadline_approaching", 7]])
  })

  it("after downtime acts on everything that fell due, in order, each with the moment it was due", () => {
    const { contract, events } = passEach(msa(), [day("2026-09-05"), "2028-03-01T12:00:00.000Z"])
    expect(events.map((e) => [e.type, e.data["due_at"]])).toEqual([
      ["contract.deadline_approaching", day("2026-09-04")],
      ["contract.deadline_approaching", day("2026-10-27")],
      ["contract.renewed", day("2027-02-01")],
      ["contract.deadline_approaching", day("2027-09-04")],
      ["contract.deadline_approaching", day("2027-10-27")],
      ["contract.renewed", day("2028-02-01")]
    ])
    expect(events[2]!.data).toMatchObject({ previous_expiration: "2027-02-01", expiration_date: "2028-02-01", renewal_term: "P1Y", term: 1 })
    expect(keyDates(contract)).toMatchObject({ term: 2, expiration_date: "2029-02-01", notice_deadline: "2028-11-03" })
    // The term it left is forgotten: only what is still to come can be acted on.
    expect(contract.deadlines).toEqual({ term: 2, fired: [] })
    expect(passTime(contract, { now: "2028-03-01T12:00:00.000Z" })).toBeNull()
  })

  it("rolls a monthly subscription twelve times in a year, once each, however often it is told", () => {
    const saas = executedFrom(saasSubscription, {
      customer: "Acme Ltd",
      provider: "Beta LLC",
      effective_date: "2026-01-01",
      annual_fee: "$12,000",
      subscription_term: "one (1) month",
      renewal_notice: "five (5) days"
    })
    const instants = Array.from({ length: 365 }, (_, n) => new Date(Date.UTC(2026, 0, 2 + n)).toISOString())
    const { contract, events } = passEach(saas, [...instants, ...instants])
    const renewals = events.filter((e) => e.type === "contract.renewed")
    expect(renewals.map((e) => e.data["expiration_date"])).toEqual(
      Array.from({ length: 12 }, (_, n) => new Date(Date.UTC(2026, 2 + n, 1)).toISOString().slice(0, 10))
    )
    expect(new Set(events.map((e) => `${e.type} ${e.data["due_at"]} ${e.data["days_before"]}`)).size).toBe(events.length)
    expect(keyDates(contract)).toMatchObject({ term: 12, expiration_date: "2027-02-01" })
  })

  it("expires a contract that does not renew, once, and then has nothing left to do", () => {
    const nda = executedFrom(mutualNda, { party_a: "Acme Ltd", party_b: "Beta LLC", effective_date: "2026-01-01" })
    expect(passTime(nda, { now: day("2027-12-31") })).toBeNull()
    const ended = passTime(nda, { now: day("2028-01-01") })!
    expect(ended.events).toEqual([{
      type: "contract.expired",
      data: { contract: "con_dl", expiration_date: "2028-01-01", term: 0, due_at: day("2028-01-01") }
    }])
    expect(keyDates(ended.contract)).toMatchObject({ expired: true, next: null })
    expect(passTime(ended.contract, { now: day("2040-01-01") })).toBeNull()
  })

  it("moves with a fact that changes, and never warns twice of the same term's deadline", () => {
    const warned = passTime(msa(), { now: day("2026-09-04") })!.contract
    const shorter = withFact(warned, "notice_period", "thirty (30) days")
    expect(keyDates(shorter)).toMatchObject({ notice_deadline: "2027-01-02", next: { kind: "notice_reminder", due_at: day("2026-12-26") } })
    expect(passTime(shorter, { now: day("2026-11-03") })).toBeNull()
    expect(passTime(shorter, { now: day("2026-12-26") })!.events.map((e) => (e.data as { days_before: number }).days_before)).toEqual([7])
  })

  it("acts on nothing for a contract not yet executed or cancelled", () => {
    expect(passTime({ ...msa(), state: "agreed", executed_at: null }, { now: day("2030-01-01") })).toBeNull()
    expect(passTime({ ...msa(), cancelled: { at: day("2026-03-01"), by: "per_ada", reason: "x" } }, { now: day("2030-01-01") })).toBeNull()
  })

  it("skips what fell due before the contract was signed, save the warning still in force", () => {
    const late = (executedAt: string) => passTime(executedFrom(masterServices, msaFacts, executedAt), { now: executedAt })?.events ?? []
    // Inside the window: the window's warning, late.
    expect(late("2026-10-01T09:00:00.000Z").map((e) => e.data)).toMatchObject([{ days_before: 60, due_at: day("2026-09-04") }])
    // Inside the last week: only the reminder.
    expect(late("2026-10-30T09:00:00.000Z").map((e) => e.data)).toMatchObject([{ days_before: 7 }])
    // Past the deadline: nothing until the renewal.
    expect(late("2026-12-01T09:00:00.000Z")).toEqual([])
    // Past the first renewal: that term was over before the contract was signed here.
    expect(keyDates(executedFrom(masterServices, msaFacts, "2027-03-01T09:00:00.000Z"))).toMatchObject({ term: 1, expiration_date: "2028-02-01" })
  })
})
