import type { HttpServerRequest, Multipart } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Data, Effect } from "effect"
import type { JsonBody } from "./JsonBody.js"

/** A body that stopped arriving: answered `408`, and the connection closed, since the rest may still come. */
export class BodyStalled extends Data.TaggedError("BodyStalled")<{ readonly seconds: number }> {}

/**
 * A timer for a body that must keep arriving: `onStall` runs after `seconds` without a byte.
 * Node's own `requestTimeout` bounds the whole request; this catches the client that stops.
 */
export const stallTimer = (seconds: number, onStall: () => void) => {
  let timer = setTimeout(onStall, seconds * 1000)
  return {
    touch: () => {
      clearTimeout(timer)
      timer = setTimeout(onStall, seconds * 1000)
    },
    stop: () => clearTimeout(timer)
  }
}

/**
 * A request's body as raw bytes, so the gateway can refuse invalid UTF-8 instead of letting a
 * decoder replace it; null once it passes `limit`. Past the limit the rest is left to Node to
 * discard (the platform's reader destroys the socket instead, so the client would get no answer).
 */
export const readBytes = (request: HttpServerRequest.HttpServerRequest, limit: number, stallSeconds: number) =>
  Effect.async<Uint8Array | null, BodyStalled>((resume) => {
    const source = NodeHttpServerRequest.toIncomingMessage(request)
    const chunks: Array<Buffer> = []
    let size = 0
    const stall = stallTimer(stallSeconds, () => {
      detach()
      resume(Effect.fail(new BodyStalled({ seconds: stallSeconds })))
    })
    const onData = (chunk: Buffer) => {
      stall.touch()
      size += chunk.length
      if (size <= limit) return void chunks.push(chunk)
      detach()
      source.resume()
      resume(Effect.succeed(null))
    }
    const onEnd = () => {
      detach()
      resume(Effect.succeed(Buffer.concat(chunks)))
    }
    // A client that goes away mid-body has no one left to answer.
    const onError = () => {
      detach()
      resume(Effect.interrupt)
    }
    const detach = () => {
      stall.stop()
      source.off("data", onData)
      source.off("end", onEnd)
      source.off("error", onError)
    }
    source.on("data", onData)
    source.on("end", onEnd)
    source.on("error", onError)
    return Effect.sync(detach)
  })

/**
 * The same request with some of its body readers replaced: the stream is spent once the gateway
 * has read it, and a handler must decode exactly what was checked. A prototype copy keeps every
 * other property (the Node request and response underneath) as it is; the platform has no way to
 * replace a body, so this is the one cast of a request.
 */
const withBody = (request: HttpServerRequest.HttpServerRequest, readers: PropertyDescriptorMap): HttpServerRequest.HttpServerRequest =>
  // cast: Object.create answers `any`; the copy is the request with its body readers replaced (see above)
  Object.create(request, readers) as HttpServerRequest.HttpServerRequest

/**
 * The request, its body reading as the JSON the gateway checked, and saying so: the platform picks
 * a payload's decoder by Content-Type, and must never hand a checked body to another one.
 */
export const withJsonBody = (request: HttpServerRequest.HttpServerRequest, body: JsonBody): HttpServerRequest.HttpServerRequest =>
  withBody(request, {
    headers: { value: { ...request.headers, "content-type": "application/json" } },
    text: { value: Effect.succeed(body.text) },
    json: { value: Effect.succeed(body.value) },
    arrayBuffer: { value: Effect.sync(() => new TextEncoder().encode(body.text).buffer) }
  })

/** The request, its multipart body reading as the parts the gateway already streamed to disk. */
export const withParts = (request: HttpServerRequest.HttpServerRequest, parts: Multipart.Persisted): HttpServerRequest.HttpServerRequest =>
  withBody(request, { multipart: { value: Effect.succeed(parts) } })
