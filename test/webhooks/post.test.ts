import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, TestClock } from "effect"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { maxAnswerBytes, post } from "../../src/Webhooks/Post.js"

/** A receiver that answers every request with `handle`, on loopback, for the life of the test's scope. */
const serving = (handle: (request: IncomingMessage, response: ServerResponse) => void) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<Server>((resolve) => {
        const server = createServer(handle)
        server.listen(0, "127.0.0.1", () => resolve(server))
      })
    ),
    (server) =>
      Effect.promise(() =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        })
      )
  ).pipe(Effect.map((server) => (server.address() as AddressInfo).port))

describe("one delivery's POST", () => {
  it.scoped("follows no redirect: a 3xx is the answer", () =>
    Effect.gen(function*() {
      let requests = 0
      const port = yield* serving((_req, res) => {
        requests++
        res.writeHead(301, { location: "http://127.0.0.1:1/elsewhere" }).end()
      })
      const result = yield* post(`http://127.0.0.1:${port}/hooks`, "{}", {}, "test")
      expect(result).toMatchObject({ _tag: "Answered", status: 301 })
      expect(requests).toBe(1)
    }))

  it.scoped("reads at most a small answer, however much the receiver sends", () =>
    Effect.gen(function*() {
      const port = yield* serving((_req, res) => {
        res.writeHead(200)
        const chunk = "x".repeat(64 * 1024)
        for (let i = 0; i < 200; i++) res.write(chunk)
        res.end()
      })
      const result = yield* post(`http://127.0.0.1:${port}/hooks`, "{}", {}, "test")
      expect(result._tag).toBe("Answered")
      if (result._tag === "Answered") expect(result.body.length).toBeLessThanOrEqual(maxAnswerBytes)
    }))

  it.scoped("gives up on a receiver that never answers after five seconds of the delivery clock", () =>
    Effect.gen(function*() {
      const port = yield* serving(() => {})
      const fiber = yield* Effect.fork(post(`http://127.0.0.1:${port}/hooks`, "{}", {}, "test"))
      yield* TestClock.adjust("4 seconds")
      expect(fiber.unsafePoll()).toBe(null)
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(fiber)).toEqual({ _tag: "Unreachable", error: "timed out" })
    }))

  it.scoped("refuses, when connecting, a live delivery to a name that resolves to loopback, and sends nothing", () =>
    Effect.gen(function*() {
      let requests = 0
      const port = yield* serving((_req, res) => {
        requests++
        res.end()
      })
      const live = yield* post(`http://localhost:${port}/hooks`, "{}", {}, "live")
      expect(live._tag).toBe("Unreachable")
      const literal = yield* post(`https://127.0.0.1:${port}/hooks`, "{}", {}, "live")
      expect(literal._tag).toBe("Unreachable")
      const metadata = yield* post("http://169.254.169.254/latest/meta-data", "{}", {}, "test")
      expect(metadata).toMatchObject({ _tag: "Unreachable" })
      expect(requests).toBe(0)
      // The same name is fine for a test-mode endpoint: a developer's own machine.
      expect(yield* post(`http://localhost:${port}/hooks`, "{}", {}, "test")).toMatchObject({ _tag: "Answered", status: 200 })
      expect(requests).toBe(1)
    }))
})
