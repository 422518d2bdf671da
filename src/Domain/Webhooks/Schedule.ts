import { createHash } from "node:crypto"

const second = 1_000
const minute = 60 * second
const hour = 60 * minute

/**
 * When each of a delivery's 12 attempts falls, measured from the first: the spec's figures
 * ("about 10s, 30s, 1m, … 24h"), with the first made at once rather than ten seconds late, so
 * the twelve span exactly 24 hours (docs/gaps.md).
 */
export const attemptOffsets: ReadonlyArray<number> = [
  0,
  30 * second,
  1 * minute,
  5 * minute,
  15 * minute,
  30 * minute,
  1 * hour,
  2 * hour,
  4 * hour,
  8 * hour,
  16 * hour,
  24 * hour
]

export const maxAttempts = attemptOffsets.length

/** Each retry comes early by up to this share of the gap before it, so a burst of failures does not retry in step. */
export const jitterShare = 0.1

/** An endpoint failing every delivery for this long is disabled. */
export const disableAfterMs = 72 * hour

// A fraction in [0, 1) fixed by the delivery and the attempt: every process computes the same due time.
const spread = (deliveryId: string, attempt: number) => createHash("sha256").update(`${deliveryId}:${attempt}`).digest().readUInt32BE(0) / 2 ** 32

/** When attempt `attempt` (0-based) of a delivery first tried at `first` is due; null once all twelve are spent. */
export const attemptDueAt = (first: number, attempt: number, deliveryId: string): number | null => {
  if (attempt >= maxAttempts) return null
  if (attempt === 0) return first
  const gap = attemptOffsets[attempt]! - attemptOffsets[attempt - 1]!
  return first + attemptOffsets[attempt]! - Math.floor(gap * jitterShare * spread(deliveryId, attempt))
}

/** Whether a run of failures that began at `failingSince` has lasted long enough to disable the endpoint. */
export const failedTooLong = (failingSince: number, now: number) => now - failingSince >= disableAfterMs
