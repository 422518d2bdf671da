import { type HttpApp, type HttpRouter, HttpServerError, HttpServerRequest } from "@effect/platform"
import type { SqlClient } from "@effect/sql"
import { Clock, Effect, Exit, Metric } from "effect"
import { ServerConfig } from "../Config.js"
import { requestTarget, type RouteTable } from "../Http/RouteTable.js"
import { routeTemplate } from "./RouteTemplate.js"
import { httpRequestSeconds } from "./Metrics.js"
import { watchEventLoop } from "./MetricsGauges.js"
import { metricsAnswer, metricsPath } from "./MetricsRoute.js"

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

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
                Metric.tagged("route", routeTemplate(routes, request.method, request.url)),
                Metric.tagged("method", methods.has(request.method) ? request.method : "other"),
                Metric.tagged("status_class", `${Math.floor(status / 100)}xx`)
              ),
              Number(end - start) / 1e9
            )))
      ))
    })
}
