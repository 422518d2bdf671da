import type { HttpApp, HttpRouter } from "@effect/platform"
import { HttpServerRequest } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect } from "effect"
import { IncomingMessage } from "node:http"
import { Socket } from "node:net"

/** What the API answered one call of the page: its status and its JSON body. */
export interface Answer {
  readonly status: number
  readonly body: any
}

export interface ApiCall {
  readonly method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT"
  readonly path: string
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

/**
 * A request for the API, made inside this process: the same gateway, checks, idempotency, rate
 * limits and handlers as a request from outside, with nothing crossing a socket. The platform
 * builds its requests from Node's; so does this, from a message that holds the call's body.
 */
const requestFor = (outer: HttpServerRequest.HttpServerRequest, call: ApiCall, token: string) => {
  const message = new IncomingMessage(new Socket())
  const body = call.body === undefined ? null : Buffer.from(JSON.stringify(call.body))
  const headers: Record<string, string> = {
    host: outer.headers["host"] ?? "localhost",
    accept: "application/json",
    authorization: `Token ${token}`,
    ...(body === null ? {} : { "content-type": "application/json", "content-length": String(body.length) }),
    ...call.headers
  }
  message.method = call.method
  message.url = call.path
  message.httpVersion = "1.1"
  message.httpVersionMajor = 1
  message.httpVersionMinor = 1
  // How Node's parser hands a message its headers: `headers`, `headersDistinct` and `rawHeaders` then agree.
  const raw = Object.entries(headers).flat()
  // cast: _addHeaderLines is Node's own, undeclared, way to give an IncomingMessage its headers
  const parser = message as unknown as { _addHeaderLines: (lines: Array<string>, n: number) => void }
  parser._addHeaderLines(raw, raw.length)
  if (body !== null) message.push(body)
  message.push(null)
  // The platform's Node request class, as the outer request was made with; its one constructor.
  // cast: @effect/platform-node exports the class only as a type, so its constructor is reached through an instance
  const NodeRequest = outer.constructor as new(source: IncomingMessage, response: unknown) => HttpServerRequest.HttpServerRequest
  return new NodeRequest(message, NodeHttpServerRequest.toServerResponse(outer))
}

const decoder = new TextDecoder()

/** Calls the API as the guest, and reads its JSON answer. */
export const callApi = (
  app: HttpApp.Default<never, HttpRouter.HttpRouter.DefaultServices>,
  outer: HttpServerRequest.HttpServerRequest,
  token: string,
  call: ApiCall
) =>
  Effect.map(
    // A request per run: its body is a stream read once, and a call may be run again.
    Effect.suspend(() => Effect.provideService(app, HttpServerRequest.HttpServerRequest, requestFor(outer, call, token))),
    (response): Answer => {
      const text = response.body._tag === "Uint8Array" ? decoder.decode(response.body.body) : ""
      return { status: response.status, body: text === "" ? null : JSON.parse(text) }
    }
  )
