import type { RateLimits } from "../Config.js"
import type { RateClass } from "../Http/Policy.js"

/** A request let through, or how many whole seconds until one would be. */
export type Allowance = { readonly allowed: true } | { readonly allowed: false; readonly retryAfter: number }

/** The span an allowance is stated over: every limit is per minute. */
export const minute = 60_000

export const limitOf = (limits: RateLimits, rateClass: RateClass) =>
  rateClass === "read"
    ? limits.readsPerMinute
    : rateClass === "write"
    ? limits.writesPerMinute
    : limits.sendSignPerMinute

/** Send and sign are writes too: they spend from both allowances. */
export const classesOf = (rateClass: RateClass): ReadonlyArray<RateClass> => rateClass === "send_sign" ? ["write", "send_sign"] : [rateClass]

/** A bucket's tokens `elapsed` ms after it held `tokens`: refilled continuously, never past its limit. */
export const refilled = (tokens: number, elapsed: number, limit: number) => Math.min(limit, tokens + (elapsed * limit) / minute)

/** A charged class's refilled tokens before this request, and its limit. */
export interface Charged {
  readonly tokens: number
  readonly limit: number
}

/**
 * Whether a request charged to these classes goes through: only if every one holds a whole token.
 * Refused, it waits for the slowest class to refill to one, rounded up to a whole second, at least 1.
 */
export const allowanceOf = (charged: ReadonlyArray<Charged>): Allowance => {
  const short = charged.filter(({ tokens }) => tokens < 1)
  if (short.length === 0) return { allowed: true }
  const wait = Math.max(...short.map(({ limit, tokens }) => ((1 - tokens) * minute) / limit))
  return { allowed: false, retryAfter: Math.max(1, Math.ceil(wait / 1000)) }
}
