import { SqlClient } from "@effect/sql"
import { Clock, Effect, Layer } from "effect"
import type { Caller } from "../Auth/Actor.js"
import { runsAcrossRunners } from "../Cluster/Signals.js"
import { ServerConfig } from "../Config.js"
import type { RateClass } from "../Http/Policy.js"
import { type Allowance, allowanceOf, classesOf, limitOf, refilled } from "./Allowance.js"
import { sharedBuckets } from "./SharedBuckets.js"

interface Bucket {
  tokens: number
  at: number
}

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
 * at once, then it returns at the configured rate. `Default` keeps them in memory, for a process
 * alone; `layer` keeps a cluster runner's in PostgreSQL (src/RateLimit/SharedBuckets.ts), so an
 * org spends one allowance across all the runners instead of one per runner.
 */
export class RateLimiter extends Effect.Service<RateLimiter>()("RateLimit/RateLimiter", {
  effect: Effect.gen(function*() {
    const { rateLimits } = yield* ServerConfig
    const buckets = new Map<string, Bucket>()

    const refill = (key: string, limit: number, now: number): Bucket => {
      const bucket = buckets.get(key) ?? { tokens: limit, at: now }
      bucket.tokens = refilled(bucket.tokens, now - bucket.at, limit)
      bucket.at = now
      buckets.set(key, bucket)
      return bucket
    }

    /** Spends one request from `bucket`, or answers how many seconds until one is allowed again. */
    const take = (bucket: string, rateClass: RateClass): Effect.Effect<Allowance> =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const charged = classesOf(rateClass).map((cls) => {
          const limit = limitOf(rateLimits, cls)
          return { limit, bucket: refill(`${bucket}:${cls}`, limit, now) }
        })
        const allowance = allowanceOf(charged.map(({ bucket, limit }) => ({ tokens: bucket.tokens, limit })))
        if (allowance.allowed) { for (const { bucket } of charged) bucket.tokens -= 1 }
        return allowance
      })

    return { take } as const
  })
}) {
  /** The buckets a cluster runner shares with the others, in its database. */
  static readonly shared = Layer.effect(
    RateLimiter,
    Effect.gen(function*() {
      const { rateLimits } = yield* ServerConfig
      return RateLimiter.make(sharedBuckets(yield* SqlClient.SqlClient, rateLimits))
    })
  )

  /** In PostgreSQL for a cluster runner (as src/Cluster/Signals.ts decides), else in memory. */
  static readonly layer = Layer.unwrapEffect(
    Effect.map(ServerConfig, (settings) => runsAcrossRunners(settings) ? RateLimiter.shared : RateLimiter.Default)
  )
}
