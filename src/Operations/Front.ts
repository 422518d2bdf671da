import type { HttpApp, HttpRouter } from "@effect/platform"
import type { RouteTable } from "../Http/RouteTable.js"
import { httpMetrics } from "./HttpMetrics.js"
import { operatorRoutes } from "./OperatorRoutes.js"
import { requestLog } from "./RequestLog.js"

/**
 * What an operator sees of every request, outermost first: its `Request-Id` and log line, its
 * count and latency by route template, then the probes and metrics that answer before the API.
 */
export const operationsFront = (routes: RouteTable) => <E, R>(app: HttpApp.Default<E, R | HttpRouter.HttpRouter.DefaultServices>) =>
  requestLog(routes)(httpMetrics(routes)(operatorRoutes(routes)(app)))
