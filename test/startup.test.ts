import { describe, expect, it } from "@effect/vitest"
import type { AddressInfo } from "node:net"
import { startingServer } from "../src/Gateway/StartingServer.js"

describe("the server while the service starts", () => {
  it("answers 503 with Retry-After in the envelope (the probes: alive, starting) until the application's handler attaches, then only that handler answers", async () => {
    const server = startingServer("http://localhost/docs")()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/me`
    try {
      const early = await fetch(url, { signal: AbortSignal.timeout(5000) })
      expect(early.status).toBe(503)
      expect(early.headers.get("retry-after")).toBe("1")
      expect(await early.json()).toMatchObject({ error: { type: "api_error", code: "api_error", doc_url: "http://localhost/docs/errors#api-error" } })
      // The probes say alive, not ready: a balancer sends nothing yet, and a liveness probe does not restart a slow start.
      const origin = url.replace(/\/me$/, "")
      const alive = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5000) })
      expect([alive.status, await alive.json(), alive.headers.get("cache-control")]).toEqual([200, { status: "ok" }, "no-store"])
      const notReady = await fetch(`${origin}/readyz`, { method: "HEAD", signal: AbortSignal.timeout(5000) })
      expect(notReady.status).toBe(503)
      expect(await (await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) })).json()).toEqual({ status: "starting" })
      server.on("request", (_request, response) => response.end("ready"))
      const ready = await fetch(url, { signal: AbortSignal.timeout(5000) })
      expect(ready.status).toBe(200)
      expect(await ready.text()).toBe("ready")
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
