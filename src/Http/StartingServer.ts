import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { Rejection } from "../Domain/Contract/Rejection.js"
import { answerMalformedRequests } from "./ClientErrors.js"
import { envelope } from "./Envelope.js"

/**
 * A node:http server that answers while the service is still starting. The platform's server
 * listens as soon as its layer is built, but the application attaches its request handler only
 * once migrations and every other layer are ready; a request arriving in between would have no
 * listener and hang forever. Until the real handler attaches, this one answers
 * `503` with `Retry-After` in the spec's envelope, then steps aside.
 */
export const startingServer = (docsUrl: string) => (): Server => {
  const server = createServer()
  const starting = (_request: IncomingMessage, response: ServerResponse) => {
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
