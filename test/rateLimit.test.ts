import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, TestClock } from "effect"
import { ServerConfig } from "../src/Config.js"
import { RateLimiter } from "../src/RateLimit/RateLimiter.js"
import { call, createOrg, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { startService, testSettings } from "./support/service.js"

const limits = { readsPerMinute: 3, writesPerMinute: 2, sendSignPerMinute: 1 }

const limiter = RateLimiter.Default.pipe(Layer.provide(Layer.succeed(ServerConfig, testSettings({ rateLimits: limits }))))

describe("rate limits", () => {
  it.effect("refill at the configured rate per minute", () =>
    Effect.gen(function*() {
      const rl = yield* RateLimiter
      for (let i = 0; i < 3; i++) expect((yield* rl.take("per_a", "read")).allowed).toBe(true)
      expect(yield* rl.take("per_a", "read")).toEqual({ allowed: false, retryAfter: 20 })
      expect((yield* rl.take("per_b", "read")).allowed).toBe(true)
      yield* TestClock.adjust("20 seconds")
      expect((yield* rl.take("per_a", "read")).allowed).toBe(true)
      expect((yield* rl.take("per_a", "read")).allowed).toBe(false)
    }).pipe(Effect.provide(limiter)))

  it.effect("charges send and sign to both the write and the send+sign allowance", () =>
    Effect.gen(function*() {
      const rl = yield* RateLimiter
      expect((yield* rl.take("per_a", "send_sign")).allowed).toBe(true)
      expect(yield* rl.take("per_a", "send_sign")).toEqual({ allowed: false, retryAfter: 60 })
      expect((yield* rl.take("per_a", "write")).allowed).toBe(true)
      expect((yield* rl.take("per_a", "write")).allowed).toBe(false)
    }).pipe(Effect.provide(limiter)))

  const database = databases[0]!
  it("answers 429 rate_limited with Retry-After, counted per org and mode whoever the key acts for", async () => {
    const service = await startService(database, { rateLimits: limits })
    try {
      const org = await createOrg(service.url)
      const other = await createOrg(service.url)
      const read = (person?: string, key = org.keys.live) => call(service.url, "GET", "/templates", { key, ...(person ? { person } : {}) })
      for (let i = 0; i < 3; i++) expect((await read(org.people[0]!.id)).status).toBe(200)
      const limited = await read(org.people[0]!.id)
      expect(limited.status).toBe(429)
      expect(limited.body.error).toMatchObject({ code: "rate_limited", type: "rate_limit_error" })
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
      // The org's allowance is spent, whoever its key names, and with no one named.
      expect((await read(org.people[1]!.id)).status).toBe(429)
      expect((await read()).status).toBe(429)
      // Test mode has its own allowance, and so has every other org.
      expect((await read(org.people[0]!.id, org.keys.test)).status).toBe(200)
      expect((await read(other.people[0]!.id, other.keys.live)).status).toBe(200)
      const write = () =>
        call(service.url, "POST", "/contracts", {
          key: org.keys.test,
          person: org.people[1]!.id,
          body: { template_id: "tpl_mutual_nda" },
          headers: { "idempotency-key": idempotencyKey() }
        })
      expect((await write()).status).toBe(201)
      expect((await write()).status).toBe(201)
      expect((await write()).status).toBe(429)
    } finally {
      await service.stop()
    }
  })

  it("counts a guest link's requests against that link, never against the org that sent it", async () => {
    const service = await startService(database, { rateLimits: limits })
    try {
      const { ada } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const email = "gail@outside.test"
      expect(
        (await ada.send(drafted.id, drafted.words_hash, { recipients: [{ email, name: "Gail", capacity: ["negotiator"] }], confirmed_by: ada.person })).status
      ).toBe(200)
      const link = new URL((await ada.get("/sandbox/outbox")).body.data.find((m: { to: string }) => m.to === email).link)
      const asGuest = () => fetch(`${service.url}${link.pathname}${link.search}`).then((response) => response.status)
      for (let i = 0; i < 3; i++) expect(await asGuest()).toBe(200)
      expect(await asGuest()).toBe(429)
      // The org spent one read on its outbox: its own allowance is untouched by the guest's.
      expect((await ada.get(`/contracts/${drafted.id}`)).status).toBe(200)
    } finally {
      await service.stop()
    }
  })
})
