import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { LogLevel } from "effect"
import { call, createOrg } from "../support/client.js"
import { databases } from "../support/databases.js"
import { loggingTo } from "../../src/Operations/Logging.js"
import { otlpReceiver, type ReceivedSpan } from "../support/otlpReceiver.js"
import { ofType, startReceiver } from "../support/receiver.js"
import { type Running, startService } from "../support/service.js"

// The batch processor exports every 5 s by default; the standard setting shortens it for the test.
process.env["OTEL_BSP_SCHEDULE_DELAY"] = "100"

const serverKind = 2

/** The spans received so far once `done` holds of them, or a failure after a generous deadline. */
const spansWhen = async (spans: ReadonlyArray<ReceivedSpan>, done: (spans: ReadonlyArray<ReceivedSpan>) => boolean) => {
  for (const deadline = Date.now() + 30_000; !done(spans);) {
    if (Date.now() > deadline) {
      throw new Error(
        `the trace never completed; spans: ${
          spans.map((s) => `${s.name} ${s.traceId.slice(0, 6)} ${s.spanId.slice(0, 6)}<${s.parentSpanId.slice(0, 6)} ${JSON.stringify(s.links)}`).join("\n")
        }`
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return spans
}

/** The span's ancestors, nearest first, as far as the trace holds them. */
const ancestors = (trace: ReadonlyArray<ReceivedSpan>, span: ReceivedSpan) => {
  const byId = new Map(trace.map((s) => [s.spanId, s]))
  const chain: Array<ReceivedSpan> = []
  for (let at = byId.get(span.parentSpanId); at !== undefined; at = byId.get(at.parentSpanId)) chain.push(at)
  return chain
}

for (const database of databases) {
  describe(`traces (${database.name})`, () => {
    let otlp: Awaited<ReturnType<typeof otlpReceiver>>
    let hooks: Awaited<ReturnType<typeof startReceiver>>
    let service: Running
    const logged: Array<string> = []
    beforeAll(async () => {
      otlp = await otlpReceiver()
      hooks = await startReceiver()
      service = await startService(database, { otlpEndpoint: otlp.endpoint, logging: loggingTo((line) => logged.push(line), LogLevel.Info) })
    })
    afterAll(async () => {
      await service.stop()
      await hooks.close()
      await otlp.close()
    })

    it("one write is one trace: the request, the gateway's caller, the entity message, its SQL and the webhook delivery it causes", async () => {
      const org = await createOrg(service.url)
      const person = org.people[0]!.id
      const registered = await call(service.url, "POST", "/webhooks/endpoints", { key: org.keys.test, person, body: { url: hooks.url, events: ["*"] } })
      expect(registered.status).toBe(201)
      const drafted = await call(service.url, "POST", "/contracts", {
        key: org.keys.test,
        person,
        body: { template_id: "tpl_mutual_nda", facts: { party_a: "Acme Ltd", party_b: "Beta GmbH" } },
        headers: { "idempotency-key": `trace-${Date.now()}` }
      })
      expect(drafted.status).toBe(201)
      const requestId = drafted.headers.get("request-id")
      await hooks.waitFor(1, (r) => ofType("contract.drafted")(r) && r.json.data.contract === drafted.body.id, 30_000)

      const isRequest = (s: ReceivedSpan) => s.name === "POST /contracts" && s.attributes["request_id"] === requestId
      const spans = await spansWhen(otlp.spans, (all) => {
        const request = all.find(isRequest)
        return request !== undefined && all.some((s) => s.name === "Webhooks.deliver" && s.traceId === request.traceId)
      })
      const request = spans.find(isRequest)!
      const trace = spans.filter((s) => s.traceId === request.traceId)

      // The request begins the trace, named by its route template, with the caller the gateway found.
      expect(request.parentSpanId).toBe("")
      expect(request.kind).toBe(serverKind)
      expect(request.serviceName).toBe("contract-negotiation-service")
      expect(request.attributes).toMatchObject({
        "http.request.method": "POST",
        "http.route": "/contracts",
        "http.response.status_code": 201,
        org_id: org.org_id,
        person_id: person,
        key_id: org.key_ids.test
      })
      // A tree: one root, and every other span's parent is in the same trace.
      expect(trace.filter((s) => s.parentSpanId === "")).toEqual([request])
      const ids = new Set(trace.map((s) => s.spanId))
      for (const span of trace) if (span !== request) expect(ids.has(span.parentSpanId), `${span.name}'s parent`).toBe(true)

      // The entity message: the cluster's client span under the request, the entity's own span under it.
      const entity = trace.find((s) => /^Contract\(con_[0-9A-Za-z]+\)\.\w+$/.test(s.name))!
      expect(entity, trace.map((s) => s.name).join(", ")).toBeDefined()
      const sender = trace.find((s) => s.spanId === entity.parentSpanId)!
      expect(sender.name).toMatch(/^Contract\.client\.\w+$/)
      expect(ancestors(trace, entity)).toContain(request)
      // SQL statements, the save among them, inside the entity's work.
      const statements = trace.filter((s) => s.name === "sql.execute")
      expect(statements.length).toBeGreaterThan(0)
      const save = statements.find((s) => String(s.attributes["db.query.text"]).includes("contract_events"))!
      expect(save, "the save's statement").toBeDefined()
      expect(ancestors(trace, save)).toContain(entity)
      // The delivery, made later by the webhook engine, joins the trace under the write that logged its event.
      const deliveries = trace.filter((s) => s.name === "Webhooks.deliver")
      expect(deliveries.map((s) => s.attributes["webhook.attempt"])).toEqual([1])
      expect(ancestors(trace, deliveries[0]!)).toContain(entity)
      expect(trace.some((s) => s.name === "sql.execute" && ancestors(trace, s).includes(deliveries[0]!))).toBe(true)

      // Exported as the OTLP/HTTP JSON encoding to the endpoint's /v1/traces.
      expect(new Set(otlp.paths)).toEqual(new Set(["POST /v1/traces application/json"]))
      // Background work (the engine's polls, the cluster's upkeep) begins no trace: every trace is a request's or a delivery's.
      const roots = spans.filter((s) => s.parentSpanId === "" || !spans.some((p) => p.spanId === s.parentSpanId && p.traceId === s.traceId))
      for (const root of roots) expect(root.kind === serverKind || root.name === "Webhooks.deliver", root.name).toBe(true)
      // The request's log line names its trace and span, so a line leads to the trace and back.
      const line = logged.map((l) => JSON.parse(l)).find((l) => l.request_id === requestId)
      expect(line).toMatchObject({ trace_id: request.traceId, span_id: request.spanId })
      // Nothing that opens anything is recorded: no key, no query string.
      const recorded = JSON.stringify(spans)
      expect(recorded).not.toContain(org.keys.test)
      expect(recorded).not.toContain("url.query")
    })
  })
}
