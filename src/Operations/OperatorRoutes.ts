import { type HttpApp, type HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect } from "effect"
import { requestTarget, type RouteTable } from "../Http/RouteTable.js"
import { Readiness } from "./Readiness.js"
import { type ReadyAnswer, readinessProbe } from "./ReadinessProbe.js"

// A probe's answer is about this moment: no cache between a balancer and the node may keep it.
const probeHeaders = { "cache-control": "no-store" }

/** `GET /healthz`: the process is alive and its event loop turns. No database call, no credential. */
export const alive = () => HttpServerResponse.unsafeJson({ status: "ok" }, { headers: probeHeaders })

export const readyResponse = (answer: ReadyAnswer) =>
  HttpServerResponse.unsafeJson(answer, { status: answer.status === "ready" ? 200 : 503, headers: probeHeaders })

const probeOf = (request: HttpServerRequest.HttpServerRequest) => {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined
  const path = requestTarget(request.url)?.pathname
  return path === "/healthz" || path === "/readyz" ? path : undefined
}

/**
 * The probes, answered in front of the API (no gateway, no credential), and the count of requests
 * in flight a drain waits for. A request counts until Node closes its response, so a streamed
 * body counts to its last byte. While draining, every response says `Connection: close`: the
 * client's next request opens a connection the closed listener refuses, and so goes to another node.
 */
export const operatorRoutes = (_routes: RouteTable) => <E, R>(app: HttpApp.Default<E, R | HttpRouter.HttpRouter.DefaultServices>) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const readiness = yield* Readiness
    const response = NodeHttpServerRequest.toServerResponse(request)
    const leave = yield* readiness.enter
    response.once("close", leave)
    const probe = probeOf(request)
    const answer = probe === "/healthz" ? alive() : probe === "/readyz" ? readyResponse(yield* readinessProbe) : yield* app
    return (yield* readiness.phase) === "draining" ? HttpServerResponse.setHeader(answer, "connection", "close") : answer
  })
