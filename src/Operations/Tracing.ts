import { NodeSdk } from "@effect/opentelemetry"
import { Headers, HttpMiddleware, HttpServerError, type HttpServerRequest, type HttpServerResponse, HttpTraceContext } from "@effect/platform"
import { type Attributes, type Context as OtelContext, type Link, SpanKind } from "@opentelemetry/api"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import { BatchSpanProcessor, ParentBasedSampler, type Sampler, SamplingDecision, type SamplingResult, type SpanProcessor } from "@opentelemetry/sdk-trace-base"
import { Config, Effect, type Exit, FiberRef, Layer, Option, type Tracer } from "effect"
import { ServerConfig } from "../Config.js"

export const defaultServiceName = "contract-negotiation-service"

/** The span of one webhook delivery attempt: besides a request, the only span that may begin a trace. */
export const deliverySpanName = "Webhooks.deliver"

/**
 * Which spans may begin a trace: a request (a server span) and a webhook delivery. The cluster's
 * heartbeats, the engines' polls and their SQL run all the time and would bury the requests'
 * traces, so a span without a parent is dropped unless it is one of those two; every other span
 * follows its parent (ParentBased).
 */
class RequestsAndDeliveries implements Sampler {
  shouldSample(_context: OtelContext, _traceId: string, name: string, kind: SpanKind, _attributes: Attributes, _links: Array<Link>): SamplingResult {
    const begins = kind === SpanKind.SERVER || name === deliverySpanName
    return { decision: begins ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD }
  }
  toString() {
    return "RequestsAndDeliveries"
  }
}

/**
 * The platform's own request span is off in either mode: it records the full URL, query string
 * included, and a guest's link carries its token there (`?t=`). The request log makes the request's
 * span instead, named by route template (src/Operations/RequestLog.ts).
 */
const platformRequestSpanOff = Layer.scopedDiscard(Effect.locallyScoped(HttpMiddleware.currentTracerDisabledWhen, () => true))

/** Spans go to `processor` (an OTLP exporter, or a test's in-memory one), under `serviceName`. */
export const tracingTo = (processor: SpanProcessor, serviceName = defaultServiceName) =>
  Layer.merge(
    NodeSdk.layer(() => ({
      resource: { serviceName },
      spanProcessor: processor,
      tracerConfig: { sampler: new ParentBasedSampler({ root: new RequestsAndDeliveries() }) }
    })),
    platformRequestSpanOff
  )

/** `OTEL_EXPORTER_OTLP_ENDPOINT` is a base URL, as the OpenTelemetry SDKs read it: traces go to its `/v1/traces`. */
export const tracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, "")}/v1/traces`

/**
 * Traces when an OTLP endpoint is set: exported over HTTP (JSON) in batches, flushed when the
 * service stops. Otherwise no spans at all: making them (one per Effect.fn, SQL statement, RPC and
 * request) cost a third of a commit's CPU (docs/performance.md). Layers built below inherit it.
 */
export const TracingLive = Layer.unwrapEffect(Effect.gen(function*() {
  const { otlpEndpoint } = yield* ServerConfig
  if (otlpEndpoint === undefined) return Layer.merge(Layer.setTracerEnabled(false), platformRequestSpanOff)
  const serviceName = yield* Config.string("OTEL_SERVICE_NAME").pipe(Config.withDefault(defaultServiceName))
  return tracingTo(new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(otlpEndpoint) })), serviceName)
}))

/** The W3C `traceparent` of the span running now, or null when no span is being exported. */
export const currentTraceParent: Effect.Effect<string | null> = Effect.gen(function*() {
  if (!(yield* FiberRef.get(FiberRef.currentTracerEnabled))) return null
  const span = yield* Effect.option(Effect.currentSpan)
  if (Option.isNone(span) || !span.value.sampled) return null
  return HttpTraceContext.toHeaders(span.value)["traceparent"] ?? null
})

/** The span a stored `traceparent` names, if it reads as one. */
export const spanOfTraceParent = (traceParent: string | null): Tracer.ExternalSpan | null =>
  traceParent === null ? null : Option.getOrNull(HttpTraceContext.w3c(Headers.fromInput({ traceparent: traceParent })))

/**
 * A webhook delivery attempt's span. The first attempt of a first delivery is a child of the write
 * that logged the event, so the request's trace shows what it caused. A retry (minutes or days
 * later) or a replay (asked for by another request) begins a trace of its own, linked to that
 * write: a trace that grew for 72 hours of retries would never be complete.
 */
export const withDeliverySpan =
  (traceParent: string | null, first: boolean, attributes: Record<string, unknown>) => <A, E, R>(attempt: Effect.Effect<A, E, R>) => {
    const cause = spanOfTraceParent(traceParent)
    if (cause !== null && first) return Effect.withSpan(attempt, deliverySpanName, { parent: cause, kind: "client", attributes, captureStackTrace: false })
    return Effect.withSpan(attempt, deliverySpanName, {
      root: true,
      kind: "client",
      attributes,
      links: cause === null ? [] : [{ _tag: "SpanLink", span: cause, attributes: { "link.reason": "caused by" } }],
      captureStackTrace: false
    })
  }

/**
 * The request's span, named by its route template: its parent is the caller's `traceparent` when
 * it sends one (a gateway in front that traces), and it carries the request id and the status.
 */
export const withRequestSpan = <E, R>(
  request: HttpServerRequest.HttpServerRequest,
  route: string,
  requestId: string,
  handle: Effect.Effect<Exit.Exit<HttpServerResponse.HttpServerResponse, E>, never, R>
) =>
  Effect.useSpan(
    `${request.method} ${route}`,
    {
      parent: Option.getOrUndefined(HttpTraceContext.fromHeaders(request.headers)),
      kind: "server",
      captureStackTrace: false,
      attributes: { "http.request.method": request.method, "http.route": route, request_id: requestId }
    },
    (span) =>
      Effect.map(Effect.withParentSpan(handle, span), (exit) => {
        span.attribute("http.response.status_code", HttpServerError.exitResponse(exit).status)
        return exit
      })
  )
