import * as Metrics from "@effect/opentelemetry/Metrics"
import * as Resource from "@effect/opentelemetry/Resource"
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { PrometheusSerializer } from "@opentelemetry/exporter-prometheus"
import type { ResourceMetrics } from "@opentelemetry/sdk-metrics"
import { Effect } from "effect"
import { secretsEqual } from "../Auth/Secrets.js"
import { reject } from "../Domain/Contract/Rejection.js"
import { errorResponse } from "../Http/Envelope.js"
import { refreshGauges } from "./MetricsGauges.js"

export const metricsPath = "/metrics"

/** The Prometheus text exposition format. */
const contentType = "text/plain; version=0.0.4; charset=utf-8"

// Effect's registry read as OpenTelemetry metric data (the producer keeps no state of its own worth
// sharing), written out by OpenTelemetry's Prometheus serializer. Prometheus names the target
// (job, instance), so neither `target_info` nor a scope label on every sample.
const producer = Effect.runSync(Effect.provide(Metrics.makeProducer, Resource.layerEmpty))
const serializer = new PrometheusSerializer(undefined, false, undefined, true, true)

const without = (collected: ResourceMetrics, stale: ReadonlySet<string>): ResourceMetrics =>
  stale.size === 0 ? collected : {
    ...collected,
    scopeMetrics: collected.scopeMetrics.map((scope) => ({
      ...scope,
      metrics: scope.metrics.filter((metric) => !stale.has(metric.descriptor.name))
    }))
  }

const refused = (docsUrl: string, message: string) => errorResponse(reject("unauthorized", message), docsUrl, { "www-authenticate": "Bearer" })

/**
 * `GET /metrics` behind its bearer token, compared in constant time; two `Authorization` headers
 * are refused as the gateway refuses them (Node would keep the first).
 */
export const metricsAnswer = (token: string, docsUrl: string) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const sent = NodeHttpServerRequest.toIncomingMessage(request).headersDistinct["authorization"] ?? []
    const given = sent.length === 1 ? /^Bearer\s+(\S+)\s*$/i.exec(sent[0]!)?.[1] : undefined
    if (given === undefined || !secretsEqual(given, token)) return refused(docsUrl, "Send the metrics token as `Authorization: Bearer …`.")
    const stale = yield* refreshGauges
    const collected = yield* Effect.promise(() => producer.collect())
    return HttpServerResponse.text(serializer.serialize(without(collected.resourceMetrics, stale)), {
      contentType,
      headers: { "cache-control": "no-store" }
    })
  })
