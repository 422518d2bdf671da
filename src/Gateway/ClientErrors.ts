import type { Server } from "node:http"
import type { Duplex } from "node:stream"
import { reject } from "../Domain/Contract/Rejection.js"
import { envelope } from "../Http/Envelope.js"
import { newRequestId } from "../Operations/RequestLog.js"

/**
 * Requests Node's HTTP parser refuses before any handler sees them (a NUL or bare CR in a header,
 * a malformed request line, headers past Node's size limit) are answered in the spec's envelope
 * too, instead of Node's bare `400 Bad Request`; the connection then closes.
 */
export const answerMalformedRequests = (server: Server, docsUrl: string) =>
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT"
    if (!socket.writable || (!timedOut && !error.code?.startsWith("HPE_"))) return void socket.destroy()
    const refusal = timedOut
      ? reject("invalid_request", "The request took too long to arrive.")
      : reject("invalid_request", "The request is not valid HTTP: check the request line and the header names and values.")
    const body = JSON.stringify(envelope(refusal, docsUrl))
    const status = timedOut ? "408 Request Timeout" : "400 Bad Request"
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nRequest-Id: ${newRequestId()}\r\nContent-Length: ${
        Buffer.byteLength(body)
      }\r\nConnection: close\r\n\r\n${body}`
    )
  })
