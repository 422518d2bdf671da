import { Clock, Effect } from "effect"
import type { Caller } from "../Auth/Actor.js"
import { ServerConfig } from "../Config.js"
import type { RateClass } from "../Http/Policy.js"

interface Bucket {
  tokens: number
  at: number
}

const minute = 60_000

/**
 * Whose allowance a request spends. The spec counts per org: an org key spends its org's (one
 * allowance per mode, as Stripe keeps test traffic off the live budget), whoever it acts for. A
 * guest link holds no org, so it spends its own seat's. A person token (an app or an MCP agent)
 * spends its person's: agent traffic is counted against the acting person.
 */
export const rateBucketOf = (caller: Caller): string =>
  caller.guest !== null
    ? `guest:${caller.guest.party}`
    : caller.credential === "person_token"
    ? `person:${caller.person!.id}:${caller.mode}`
    : `org:${caller.org!.id}:${caller.mode}`

/**
 * Token buckets per bucket (see rateBucketOf) and class, refilled continuously: a full minute's allowance can be spent
 * at once, then it returns at the configured rate. Kept in memory: one node owns its counts.
 */
export class RateLimiter extends Effect.Service<RateLimiter>()("RateLimit/RateLimiter", {
  effect: Effect.gen(function*() {
    const { rateLimits } = yield* ServerConfig
    const buckets = new Map<string, Bucket>()
    const limitOf = (rateClass: RateClass) =>
      rateClass === "read"
        ? rateLimits.readsPerMinute
        : rateClass === "write"
        ? rateLimits.writesPerMinute
        : rateLimits.sendSignPerMinute
    // Send and sign are writes too: they spend from both allowances.
    const classesOf = (rateClass: RateClass): ReadonlyArray<RateClass> => rateClass === "send_sign" ? ["write", "send_sign"] : [rateClass]

    const refill = (key: string, limit: number, now: number): Bucket => {
      const bucket = buckets.get(key) ?? { tokens: limit, at: now }
      bucket.tokens = Math.min(limit, bucket.tokens + ((now - bucket.at) * limit) / minute)
      bucket.at = now
      buckets.set(key, bucket)
      return bucket
    }

    /** Spends one request from `bucket`, or answers how many seconds until one is allowed again. */
    const take = (bucket: string, rateClass: RateClass) =>
      Effect.map(Clock.currentTimeMillis, (now): { readonly allowed: true } | { readonly allowed: false; readonly retryAfter: number } => {
        const charged = classesOf(rateClass).map((cls) => ({ limit: limitOf(cls), bucket: refill(`${bucket}:${cls}`, limitOf(cls), now) }))
        const short = charged.filter(({ bucket }) => bucket.tokens < 1)
        if (short.length > 0) {
          const wait = Math.max(...short.map(({ bucket, limit }) => ((1 - bucket.tokens) * minute) / limit))
          return { allowed: false, retryAfter: Math.max(1, Math.ceil(wait / 1000)) }
        }
        for (const { bucket } of charged) bucket.tokens -= 1
        return { allowed: true }
      })

    return { take } as const
  })
}) {}
