import { type HttpApp, type HttpRouter, HttpServerError, HttpServerRequest } from "@effect/platform"
import type { SqlClient } from "@effect/sql"
import { Clock, Effect, Exit, Metric } from "effect"
import { ServerConfig } from "../Config.js"
import { requestTarget, type RouteTable } from "../Http/RouteTable.js"
import { httpRequestSeconds } from "./Metrics.js"
import { watchEventLoop } from "./MetricsGauges.js"
import { metricsAnswer, metricsPath } from "./MetricsRoute.js"

/** A label for a request no route answers: unknown paths are unbounded, so they share one. */
export const unmatched = "unmatched"

// Served outside the HttpApi (probes, docs, MCP, certificates' files, the guest's pages): known
// templates too, so what an operator sees of them is as bounded as the API's routes.
const otherTemplates = [
  "/healthz",
  "/readyz",
  metricsPath,
  "/docs",
  "/docs/errors",
  "/openapi.json",
  "/mcp",
  "/guest/page.css",
  "/certificates/signing-key.pem",
  "/certificates/:id/certificate.json",
  "/certificates/:id/certificate.sig",
  "/contracts/:id/page/blocks/:block",
  "/contracts/:id/page/:action"
].map((template) => template.split("/").filter((segment) => segment !== ""))

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

const template = (segments: ReadonlyArray<string>) => `/${segments.join("/")}`

/** Every value the `route` label can take: a bounded set, whatever clients send. */
export const routeLabels = (routes: RouteTable): ReadonlySet<string> =>
  new Set([...routes.all.map((route) => template(route.segments)), ...otherTemplates.map(template), unmatched])

/** The route template a request is counted under: the declared route's, never the path it was sent to. */
export const routeLabel = (routes: RouteTable, method: string, target: string): string => {
  const url = requestTarget(target)
  if (url === null) return unmatched
  // HEAD meets GET's route, as the gateway has it.
  const route = routes.find(method === "HEAD" ? "GET" : method, url.pathname)
  if (route !== undefined) return template(route.segments)
  const segments = url.pathname.split("/").filter((segment) => segment !== "")
  const other = otherTemplates.find((known) =>
    known.length === segments.length && known.every((segment, i) => segment.startsWith(":") || segment === segments[i])
  )
  return other === undefined ? unmatched : template(other)
}

const statusOf = <E>(exit: Exit.Exit<{ readonly status: number }, E>) =>
  Exit.isSuccess(exit)
    ? Effect.succeed(exit.value.status)
    // What the server will answer for a failure: 499 for a client that went away, else 500 or the error's own.
    : Effect.map(HttpServerError.causeResponse(exit.cause), ([response]) => response.status)

/**
 * Counts every request by route template, method and status class with its latency (to the
 * answer's head), and answers `GET /metrics` when a metrics token is set; unset, `/metrics` is
 * left to the app, which answers it as any unknown route.
 */
export const httpMetrics = (routes: RouteTable) => {
  watchEventLoop()
  return <E, R>(app: HttpApp.Default<E, R | HttpRouter.HttpRouter.DefaultServices>) =>
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const start = yield* Clock.currentTimeNanos
      const { docsUrl, metricsToken } = yield* ServerConfig
      const scrape = metricsToken !== undefined && (request.method === "GET" || request.method === "HEAD") &&
        requestTarget(request.url)?.pathname === metricsPath
      const answer: HttpApp.Default<E, R | HttpRouter.HttpRouter.DefaultServices | SqlClient.SqlClient> = scrape ? metricsAnswer(metricsToken, docsUrl) : app
      return yield* answer.pipe(Effect.onExit((exit) =>
        Effect.flatMap(statusOf(exit), (status) =>
          Effect.flatMap(Clock.currentTimeNanos, (end) =>
            Metric.update(
              httpRequestSeconds.pipe(
                Metric.tagged("route", routeLabel(routes, request.method, request.url)),
                Metric.tagged("method", methods.has(request.method) ? request.method : "other"),
                Metric.tagged("status_class", `${Math.floor(status / 100)}xx`)
              ),
              Number(end - start) / 1e9
            )))
      ))
    })
}
