import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { Rejection } from "../Domain/Contract/Rejection.js"
import { defaultClientTimeoutSeconds } from "../Config.js"
import { answerMalformedRequests } from "./ClientErrors.js"
import { envelope } from "../Http/Envelope.js"
import { newRequestId, requestIdHeader } from "../Operations/RequestLog.js"
import { requestTarget } from "../Http/RouteTable.js"

/** The longest any request may take to arrive whole, uploads included (100 files of 25 MB at 3 MB/s). */
export const wholeRequestSeconds = 15 * 60

/**
 * How long a client may take to send a request (docs/gaps.md): its headers within the client
 * timeout, the whole of it within `wholeRequestSeconds`; Node's parser answers both `408`
 * (ClientErrors.ts), checking every second instead of its default thirty. A body that stalls is
 * the body readers' to time (BodyReader.ts, Upload.ts). A request without `Host` reaches the
 * gateway, which refuses it in the envelope instead of Node's bare `400`.
 */
const arrivalLimits = (clientTimeoutSeconds: number) => ({
  headersTimeout: clientTimeoutSeconds * 1000,
  requestTimeout: Math.max(wholeRequestSeconds, clientTimeoutSeconds) * 1000,
  connectionsCheckingInterval: Math.min(1000, clientTimeoutSeconds * 500),
  requireHostHeader: false
})

/**
 * A node:http server that answers while the service is still starting. The platform's server
 * listens as soon as its layer is built, but the application attaches its request handler only
 * once migrations and every other layer are ready; a request arriving in between would have no
 * listener and hang forever. Until the real handler attaches, this one answers
 * `503` with `Retry-After` in the spec's envelope, then steps aside. The probes answer as they
 * will once it has: `/healthz` 200 (alive), `/readyz` 503 `starting`.
 */
export const startingServer = (docsUrl: string, clientTimeoutSeconds = defaultClientTimeoutSeconds) => (): Server => {
  const server = createServer(arrivalLimits(clientTimeoutSeconds))
  const starting = (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader(requestIdHeader, newRequestId())
    const probe = request.method === "GET" || request.method === "HEAD" ? requestTarget(request.url ?? "")?.pathname : undefined
    if (probe === "/healthz" || probe === "/readyz") {
      // Alive, not ready: the answers src/Operations/OperatorRoutes.ts gives, before it can.
      response.writeHead(probe === "/healthz" ? 200 : 503, { "content-type": "application/json", "cache-control": "no-store" })
      return response.end(JSON.stringify({ status: probe === "/healthz" ? "ok" : "starting" }))
    }
    const rejection = new Rejection({ code: "api_error", message: "The service is starting; retry in a moment." })
    response.writeHead(503, { "content-type": "application/json", "retry-after": "1" })
    response.end(JSON.stringify(envelope(rejection, docsUrl)))
  }
  server.on("request", starting)
  answerMalformedRequests(server, docsUrl)
  server.on("newListener", (event: string | symbol, listener: unknown) => {
    if (event === "request" && listener !== starting) server.off("request", starting)
  })
  return server
}
