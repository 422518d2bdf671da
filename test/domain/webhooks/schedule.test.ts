import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { randomUUID } from "node:crypto"
import { attemptDueAt, attemptOffsets, disableAfterMs, failedTooLong, jitterShare, maxAttempts } from "../../../src/Domain/Webhooks/Schedule.js"

const hour = 3_600_000
const day = 24 * hour

const deliveryId = fc.oneof(fc.uuid().map((u) => `dlv_${u}`), fc.string({ minLength: 1, maxLength: 40 }))
const firstAt = fc.integer({ min: 1_500_000_000_000, max: 2_500_000_000_000 })

describe("attemptOffsets", () => {
  it("has twelve attempts, the first at once and the last exactly 24 hours later", () => {
    expect(maxAttempts).toBe(12)
    expect(attemptOffsets).toHaveLength(12)
    expect(attemptOffsets[0]).toBe(0)
    expect(attemptOffsets[11]).toBe(day)
  })

  it("increases strictly", () => {
    for (let k = 1; k < attemptOffsets.length; k++) expect(attemptOffsets[k]!).toBeGreaterThan(attemptOffsets[k - 1]!)
  })

  it("jitters by a tenth of the gap", () => {
    expect(jitterShare).toBe(0.1)
  })
})

describe("attemptDueAt", () => {
  it("attempt 0 is due at the first time, and there is no attempt 12 or later", () => {
    fc.assert(
      fc.property(firstAt, deliveryId, (first, id) => {
        expect(attemptDueAt(first, 0, id)).toBe(first)
        expect(attemptDueAt(first, 12, id)).toBeNull()
        expect(attemptDueAt(first, 13, id)).toBeNull()
        expect(attemptDueAt(first, 1_000, id)).toBeNull()
      })
    )
  })

  it("every retry falls in [first + offset - ceil(gap × jitterShare), first + offset], strictly later than the one before, within 24 hours", () => {
    fc.assert(
      fc.property(firstAt, deliveryId, (first, id) => {
        let previous = attemptDueAt(first, 0, id)!
        for (let k = 1; k < maxAttempts; k++) {
          const due = attemptDueAt(first, k, id)
          expect(due).not.toBeNull()
          expect(Number.isInteger(due)).toBe(true)
          const gap = attemptOffsets[k]! - attemptOffsets[k - 1]!
          expect(due!).toBeLessThanOrEqual(first + attemptOffsets[k]!)
          expect(due!).toBeGreaterThanOrEqual(first + attemptOffsets[k]! - Math.ceil(gap * jitterShare))
          expect(due!).toBeGreaterThan(previous)
          expect(due! - first).toBeLessThanOrEqual(day)
          expect(due! - first).toBeGreaterThan(0)
          previous = due!
        }
      }),
      { numRuns: 1000 }
    )
  })

  it("is the same for the same delivery, whatever the process", () => {
    fc.assert(
      fc.property(firstAt, deliveryId, fc.integer({ min: 0, max: 11 }), (first, id, k) => {
        expect(attemptDueAt(first, k, id)).toBe(attemptDueAt(first, k, id))
        // Only the jitter depends on the delivery: moving the first attempt moves every due time with it.
        expect(attemptDueAt(first + 12_345, k, id)! - attemptDueAt(first, k, id)!).toBe(12_345)
      })
    )
  })

  it("spreads different deliveries across the jitter", () => {
    const first = 1_750_000_000_000
    const ids = Array.from({ length: 200 }, (_, i) => `dlv_${i}_${randomUUID()}`)
    const due = ids.map((id) => attemptDueAt(first, 11, id)!)
    expect(new Set(due).size).toBeGreaterThan(100)
    // And not all at the late edge: some retry early by more than half the allowed jitter.
    const jitter = Math.ceil((attemptOffsets[11]! - attemptOffsets[10]!) * jitterShare)
    expect(due.some((d) => first + day - d > jitter / 2)).toBe(true)
    expect(due.some((d) => first + day - d < jitter / 2)).toBe(true)
    for (let k = 1; k < maxAttempts; k++) expect(new Set(ids.map((id) => attemptDueAt(first, k, id))).size).toBeGreaterThan(100)
  })
})

describe("failedTooLong", () => {
  const since = 1_750_000_000_000

  it("disables after 72 hours of failure, not a millisecond sooner", () => {
    expect(disableAfterMs).toBe(72 * hour)
    expect(failedTooLong(since, since)).toBe(false)
    expect(failedTooLong(since, since + day)).toBe(false)
    expect(failedTooLong(since, since + 72 * hour - 1)).toBe(false)
    expect(failedTooLong(since, since + 72 * hour)).toBe(true)
    expect(failedTooLong(since, since + 72 * hour + 1)).toBe(true)
    expect(failedTooLong(since, since + 30 * day)).toBe(true)
  })

  it("is decided by the elapsed time alone", () => {
    fc.assert(
      fc.property(firstAt, fc.integer({ min: 0, max: 10 * day }), (start, elapsed) => {
        expect(failedTooLong(start, start + elapsed)).toBe(elapsed >= 72 * hour)
      })
    )
  })
})
