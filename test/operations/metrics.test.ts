import { HttpClient, HttpClientRequest, HttpRouter, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import type { SqlClient } from "@effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { PgClient } from "@effect/sql-pg"
import { type Context, Effect, Layer } from "effect"
import Pg from "pg"
import { freePort } from "../support/childService.js"
import { call, idempotencyKey } from "../support/client.js"
import { databases } from "../support/databases.js"
import { mailer } from "../support/mail.js"
import { twoOrgs } from "../support/negotiation.js"
import { has, histogramOf, parseExposition, sampleLabels, type Scrape, scrape, valueOf } from "../support/prometheus.js"
import { type Receiver, startReceiver } from "../support/receiver.js"
import { type Running, startService, testSettings } from "../support/service.js"
import { Api } from "../../src/Api.js"
import { ServerConfig, type Settings } from "../../src/Config.js"
import { routeTable } from "../../src/Http/RouteTable.js"
import { httpMetrics } from "../../src/Operations/HttpMetrics.js"
import { routeTemplates } from "../../src/Operations/RouteTemplate.js"

// Effect's metric registry is one per process: every figure here is a difference between two scrapes.
const token = "metrics-token-for-the-suite"
const allowedRoutes = routeTemplates(routeTable(Api))

const delta = (before: Scrape, after: Scrape, name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels)

const requests = (scraped: Scrape, route: string, method: string, statusClass: string) =>
  histogramOf(scraped, "cns_http_request_duration_seconds", { route, method, status_class: statusClass }).count

/** The metrics middleware alone on a real HTTP server, around a router that has no routes: every path is unknown to it. */
const front = (settings: Settings, database: Context.Context<SqlClient.SqlClient>) =>
  HttpServer.serve(httpMetrics(routeTable(Api))(HttpRouter.empty)).pipe(
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provide(Layer.succeedContext(database)),
    Layer.provide(Layer.succeed(ServerConfig, settings))
  )

const get = (path: string, headers: Record<string, string> = {}) =>
  Effect.flatMap(HttpClient.HttpClient, (client) => client.execute(HttpClientRequest.get(path, { headers }))).pipe(
    Effect.flatMap((response) => Effect.map(response.text, (text) => ({ status: response.status, text })))
  )

for (const database of databases) {
  describe(`GET /metrics (${database.name})`, () => {
    let service: Running
    let receiver: Receiver
    let smtpPort: number
    beforeAll(async () => {
      smtpPort = await freePort()
      // A send/sign allowance of 4 a minute: the negotiation spends 2 per org, a fifth call from another key meets 429.
      service = await startService(database, { metricsToken: token, rateLimits: { sendSignPerMinute: 4 }, ingressSmtpPort: smtpPort })
      receiver = await startReceiver()
    }, 120_000)
    afterAll(async () => {
      await receiver.close()
      await service.stop()
    })

    it("refuses a scrape without the token or with a wrong one, in the API's envelope, and answers it with the token", async () => {
      const wrong: ReadonlyArray<Record<string, string>> = [{}, { authorization: "Bearer not-the-token" }, { authorization: `Basic ${token}` }]
      for (const headers of wrong) {
        const refused = await fetch(`${service.url}/metrics`, { headers })
        expect(refused.status).toBe(401)
        expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ type: "authentication_error", code: "unauthorized" })
      }
      const scraped = await scrape(service.url, token)
      expect(valueOf(scraped, "cns_database_up")).toBe(1)
      expect(valueOf(scraped, "cns_heap_used_bytes")).toBeGreaterThan(0)
      expect(valueOf(scraped, "cns_resident_memory_bytes")).toBeGreaterThan(0)
      expect(valueOf(scraped, "cns_event_loop_delay_max_seconds")).toBeGreaterThanOrEqual(0)
      expect(valueOf(scraped, "cns_webhook_backlog")).toBeGreaterThanOrEqual(0)
      expect(valueOf(scraped, "cns_imports", { state: "queued" })).toBe(0)
      // The pool's own counts: PGlite is one connection; PostgreSQL's pool holds up to 20, and the scrape's ping opened one.
      expect(valueOf(scraped, "cns_database_pool_max_connections")).toBe(database.name === "pglite" ? 1 : 20)
      expect(valueOf(scraped, "cns_database_pool_connections", { state: "open" })).toBeGreaterThanOrEqual(1)
      expect(valueOf(scraped, "cns_database_pool_connections", { state: "waiting" })).toBe(0)
      expect(scraped.families.find((family) => family.name === "cns_http_request_duration_seconds")?.type).toBe("HISTOGRAM")
    })

    it("counts a negotiation to execution by route template, message, event and outcome, and no label names a contract", async () => {
      const { ada, bea, acme } = await twoOrgs(service.url)
      const endpoint = await call(service.url, "POST", "/webhooks/endpoints", {
        key: acme.keys.test,
        person: ada.person,
        body: { url: receiver.url, events: ["contract.executed"] }
      })
      expect(endpoint.status).toBe(201)
      const before = await scrape(service.url, token)

      // Drafted, and the same request again: answered from the idempotency key, not drafted twice.
      const draft = { key: acme.keys.test, person: ada.person, body: { template_id: "tpl_mutual_nda" }, headers: { "idempotency-key": idempotencyKey() } }
      const drafted = (await call(service.url, "POST", "/contracts", draft)).body
      const again = await call(service.url, "POST", "/contracts", draft)
      expect(again.headers.get("idempotent-replayed")).toBe("true")
      const sent = await ada.send(drafted.id, drafted.words_hash, {
        recipients: [{ email: bea.org.people[0]!.email, name: "Ada Lovelace", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      expect(sent.status).toBe(200)
      expect((await bea.commit(drafted.id, drafted.words_hash)).body.state).toBe("agreed")
      expect((await ada.sign(drafted.id, drafted.words_hash)).status).toBe(201)
      expect((await bea.sign(drafted.id, drafted.words_hash)).body.contract_state).toBe("executed")
      await ada.sheet(drafted.id)
      await ada.sheet(drafted.id)
      expect((await call(service.url, "GET", `/no/such/${drafted.id}`)).status).toBe(404)
      expect((await fetch(`${service.url}/guest/page.css`)).status).toBe(200)
      // Acme's live allowance is its own: four calls (each refused 400 for its empty body), then 429.
      const signs = []
      for (let i = 0; i < 5; i++) {
        signs.push((await call(service.url, "POST", `/contracts/${drafted.id}/signatures`, { key: acme.keys.live, person: ada.person, body: {} })).status)
      }
      expect(signs).toEqual([400, 400, 400, 400, 429])
      // Mail for no org's ingress address is refused at RCPT TO.
      await expect(mailer(smtpPort).sendMail({ from: "someone@example.test", to: "nobody@ingress.localhost", subject: "Hello", text: "Hi" })).rejects
        .toThrow(/550/)
      await receiver.waitFor(1, (request) => request.json?.type === "contract.executed", 60_000)

      // The delivery is counted once the receiver's answer is recorded: scrape until it is.
      let after = await scrape(service.url, token)
      for (
        const deadline = Date.now() + 30_000;
        delta(before, after, "cns_webhook_deliveries_total", { outcome: "delivered" }) === 0 && Date.now() < deadline;
      ) {
        after = await scrape(service.url, token)
      }
      expect(delta(before, after, "cns_webhook_deliveries_total", { outcome: "delivered" })).toBe(1)

      for (const [message, times] of [["Draft", 1], ["Send", 1], ["CommitReply", 1], ["Sign", 2]] as const) {
        expect(delta(before, after, "cns_entity_messages_total", { message }), message).toBe(times)
        expect(delta(before, after, "cns_contract_writes_total", { message }), message).toBe(times)
      }
      // Each stored event counted once under its type (both letters are `letter.sent`: the rounds), and nothing else;
      // the contract's log shows as many, each rendered for the reader's side.
      const counted = new Map(
        (after.families.find((family) => family.name === "cns_contract_events_total")?.metrics ?? [])
          .map((sample) => [sample.labels!["type"]!, delta(before, after, "cns_contract_events_total", { type: sample.labels!["type"]! })] as const)
          .filter(([, moved]) => moved > 0)
      )
      expect(counted).toEqual(
        new Map([["contract.drafted", 1], ["letter.sent", 2], ["contract.agreed", 1], ["signature.bound", 2], ["contract.executed", 1]])
      )
      const logged = (await ada.get(`/contracts/${drafted.id}/events?limit=100`)).body.data as ReadonlyArray<unknown>
      expect(logged).toHaveLength([...counted.values()].reduce((sum, moved) => sum + moved, 0))
      expect(delta(before, after, "cns_contract_entities")).toBe(1)
      expect(delta(before, after, "cns_idempotent_requests_total", { outcome: "replay" })).toBe(1)
      expect(delta(before, after, "cns_idempotent_requests_total", { outcome: "proceed" })).toBe(5)
      expect(delta(before, after, "cns_rate_limited_total", { rate_class: "send_sign" })).toBe(1)
      expect(delta(before, after, "cns_mail_received_total", { outcome: "unknown_recipient" })).toBe(1)

      // Requests by the route's template, never the path they were sent to.
      expect(requests(after, "/contracts/:id", "GET", "2xx") - requests(before, "/contracts/:id", "GET", "2xx")).toBe(2)
      expect(requests(after, "/contracts/:id/signatures", "POST", "2xx") - requests(before, "/contracts/:id/signatures", "POST", "2xx")).toBe(2)
      expect(requests(after, "/contracts/:id/signatures", "POST", "4xx") - requests(before, "/contracts/:id/signatures", "POST", "4xx")).toBe(5)
      expect(requests(after, "unmatched", "GET", "4xx") - requests(before, "unmatched", "GET", "4xx")).toBe(1)
      expect(requests(after, "/guest/page.css", "GET", "2xx") - requests(before, "/guest/page.css", "GET", "2xx")).toBe(1)
      const reads = histogramOf(after, "cns_http_request_duration_seconds", { route: "/contracts/:id", method: "GET", status_class: "2xx" })
      expect(reads.buckets.at(-1)).toEqual([Infinity, reads.count])
      expect(reads.sum).toBeGreaterThan(0)
      for (const [i, [, count]] of reads.buckets.entries()) expect(count).toBeGreaterThanOrEqual(reads.buckets[i - 1]?.[1] ?? 0)

      for (const [name, labels] of sampleLabels(after)) {
        for (const value of Object.values(labels)) expect(value, name).not.toContain(drafted.id)
        if (labels["route"] !== undefined) expect(allowedRoutes.has(labels["route"]), labels["route"]).toBe(true)
      }
    }, 120_000)

    it.effect("leaves /metrics to the app when no token is set: it answers as any unknown path", () =>
      Effect.gen(function*() {
        const settings = testSettings()
        const db = yield* Effect.promise(() => service.run(Effect.context<SqlClient.SqlClient>()))
        const [metrics, unknown] = yield* Effect.all([get("/metrics", { authorization: `Bearer ${token}` }), get("/metricz")]).pipe(
          Effect.provide(front(settings, db))
        )
        expect(metrics.status).toBe(404)
        expect(metrics).toEqual(unknown)
      }), 60_000)

    it.effect("answers a scrape while the database is down, without the database's gauges and with cns_database_up 0", () =>
      Effect.gen(function*() {
        const settings = testSettings({ metricsToken: token })
        const live = yield* Effect.promise(() => service.run(Effect.context<SqlClient.SqlClient>()))
        // A pool of real connections to a port nothing listens on: every statement is refused, as by a stopped server.
        const port = yield* Effect.promise(freePort)
        const down = yield* Layer.build(PgClient.layerFromPool({
          acquire: Effect.acquireRelease(
            Effect.sync(() => new Pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/none` })),
            (pool) => Effect.promise(() => pool.end())
          )
        }))
        const scrapeWith = (db: Context.Context<SqlClient.SqlClient>) =>
          get("/metrics", { authorization: `Bearer ${token}` }).pipe(
            Effect.map(({ status, text }) => ({ status, scraped: { text, families: parseExposition(text) } })),
            Effect.provide(front(settings, db))
          )
        const up = yield* scrapeWith(live)
        expect(up.status).toBe(200)
        expect(valueOf(up.scraped, "cns_database_up")).toBe(1)
        expect(has(up.scraped, "cns_webhook_backlog")).toBe(true)
        const refused = yield* scrapeWith(down)
        expect(refused.status).toBe(200)
        expect(valueOf(refused.scraped, "cns_database_up")).toBe(0)
        for (const name of ["cns_database_ping_seconds", "cns_webhook_backlog", "cns_webhook_backlog_oldest_seconds", "cns_imports"]) {
          expect(has(refused.scraped, name), name).toBe(false)
        }
        expect(valueOf(refused.scraped, "cns_heap_used_bytes")).toBeGreaterThan(0)
      }).pipe(Effect.scoped), 60_000)
  })
}
