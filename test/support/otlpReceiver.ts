import { createServer } from "node:http"

/** One span as an OTLP/HTTP JSON export carries it (ids in hex, as the JSON encoding has them). */
export interface ReceivedSpan {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId: string
  readonly name: string
  readonly kind: number
  readonly attributes: Record<string, unknown>
  readonly links: ReadonlyArray<{ readonly traceId: string; readonly spanId: string }>
  readonly serviceName: unknown
}

interface KeyValue {
  readonly key: string
  readonly value: Record<string, unknown>
}

const attributesOf = (list: ReadonlyArray<KeyValue> | undefined) => Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]))

interface Export {
  readonly resourceSpans?: ReadonlyArray<{
    readonly resource?: { readonly attributes?: ReadonlyArray<KeyValue> }
    readonly scopeSpans?: ReadonlyArray<{
      readonly spans?: ReadonlyArray<Omit<ReceivedSpan, "attributes" | "serviceName"> & { readonly attributes?: ReadonlyArray<KeyValue> }>
    }>
  }>
}

/**
 * An OTLP/HTTP collector in the test's process: takes `POST /v1/traces` in the JSON encoding the
 * OpenTelemetry HTTP exporter sends, and keeps every span it decodes.
 */
export const otlpReceiver = async () => {
  const spans: Array<ReceivedSpan> = []
  const paths: Array<string> = []
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      paths.push(`${request.method} ${request.url} ${request.headers["content-type"]}`)
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Export
      for (const resource of body.resourceSpans ?? []) {
        const serviceName = attributesOf(resource.resource?.attributes)["service.name"]
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({ ...span, parentSpanId: span.parentSpanId ?? "", links: span.links ?? [], attributes: attributesOf(span.attributes), serviceName })
          }
        }
      }
      response.writeHead(200, { "content-type": "application/json" })
      response.end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as { port: number }).port
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    /** What each export was sent as: method, path and content type. */
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
