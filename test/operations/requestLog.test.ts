import { HttpServerRequest } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, LogLevel } from "effect"
import { connect } from "node:net"
import { Api } from "../../src/Api.js"
import { WriteProbe } from "../../src/Engine/WriteProbe.js"
import { routeTable } from "../../src/Http/RouteTable.js"
import { startingServer } from "../../src/Gateway/StartingServer.js"
import { loggingTo } from "../../src/Operations/Logging.js"
import { requestLog } from "../../src/Operations/RequestLog.js"
import { call, createOrg, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { sentToGuest } from "../support/guestPage.js"
import { type Running, startService } from "../support/service.js"

const requestId = /^req_[0-9A-Za-z]{24}$/

// A write that dies, as a bug would: the one real 500 a route can give.
let failing = false
const breakingProbe = Layer.succeed(WriteProbe, {
  around: (_id, write) => (failing ? Effect.dieMessage("the ledger is upside down") : write)
})
const routes = routeTable(Api)

interface Line {
  readonly time: string
  readonly level: string
  readonly message: string
  readonly [field: string]: unknown
}

/** What a client's raw bytes get back from a server: its status line and headers. */
const rawAnswer = (port: number, bytes: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(bytes))
    let text = ""
    socket.on("data", (chunk) => (text += chunk))
    socket.on("end", () => resolve(text))
    socket.on("error", reject)
  })

describe("request ids before the service runs", () => {
  it("the 503 while starting and Node's refusal of malformed HTTP carry a Request-Id of their own", async () => {
    const server = startingServer("http://localhost/docs")()
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as { port: number }).port
    const starting = await fetch(`http://127.0.0.1:${port}/me`)
    expect(starting.status).toBe(503)
    const malformed = await rawAnswer(port, "GET /me HTTP/1.1\r\nHost: x\r\nBad\u0000Header: y\r\n\r\n")
    server.close()
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /)
    const refusedId = /\r\nRequest-Id: (req_\w+)\r\n/.exec(malformed)?.[1]
    expect(starting.headers.get("request-id")).toMatch(requestId)
    expect(refusedId).toMatch(requestId)
    expect(refusedId).not.toBe(starting.headers.get("request-id"))
  })
})

describe("the request log's severity", () => {
  const logged = (app: Effect.Effect<never>) =>
    Effect.gen(function*() {
      const lines: Array<string> = []
      const request = HttpServerRequest.fromWeb(new Request("http://localhost/contracts/con_1/replies?t=gtk_secret", { method: "POST" }))
      const response = yield* requestLog(routes)(app).pipe(
        Effect.provideService(HttpServerRequest.HttpServerRequest, request),
        Effect.provide(Layer.merge(loggingTo((line) => lines.push(line), LogLevel.Debug), NodeHttpServer.layerContext))
      )
      return { response, lines: lines.map((line) => JSON.parse(line) as Line) }
    })

  it.effect("a defect no step answered is the platform's 500, still one ERROR line with the cause", () =>
    Effect.gen(function*() {
      const { lines, response } = yield* logged(Effect.die(new Error("nobody caught this")))
      expect(response.status).toBe(500)
      expect(response.headers["request-id"]).toMatch(requestId)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({ level: "ERROR", message: "request: unexpected failure", route: "/contracts/:id/replies", status: 500 })
      expect(lines[0]!["request_id"]).toBe(response.headers["request-id"])
      expect(JSON.stringify(lines)).not.toContain("gtk_secret")
      expect(String(lines[0]!["cause"])).toContain("nobody caught this")
    }))
})

for (const database of databases) {
  describe(`request ids and the request log (${database.name})`, () => {
    const output: Array<string> = []
    let service: Running
    beforeAll(async () => {
      service = await startService(database, { logging: loggingTo((line) => output.push(line), LogLevel.Debug), probe: breakingProbe })
    })
    afterAll(() => service.stop())

    it("every answer carries its own Request-Id; each request is one JSON line with that id, its route, status, time and caller, and nothing secret", async () => {
      const words = "Quokkas of Zanzibar shall indemnify the lighthouse"
      const guest = await sentToGuest(service.url)
      const { acme, token } = guest
      const key = acme.keys.test
      const person = acme.people[0]!.id
      const from = output.length
      const success = await call(service.url, "GET", `/contracts/${guest.drafted.id}`, { key, person })
      const drafted = await call(service.url, "POST", "/contracts", {
        key,
        person,
        body: { template_id: "tpl_mutual_nda", facts: { party_a: words, party_b: "Beta GmbH" } },
        headers: { "idempotency-key": `log-${Date.now()}` }
      })
      const refused = await call(service.url, "POST", "/contracts", { key, person, body: { template_id: 42 } })
      const unknown = await call(service.url, "GET", "/no/such/route?t=gtk_not_a_route", {})
      const page = await fetch(`${service.url}/contracts/${guest.drafted.id}?t=${token}`, { headers: { accept: "text/html" } })
      const probe = await fetch(`${service.url}/healthz`)
      const answers = [success, drafted, refused, unknown, page, probe]
      expect(answers.map((a) => a.status)).toEqual([200, 201, 400, 404, 200, 200])
      const ids = answers.map((a) => a.headers.get("request-id"))
      for (const id of ids) expect(id).toMatch(requestId)
      expect(new Set(ids).size).toBe(ids.length)

      // Give the last line a moment to be written after its answer left.
      await new Promise((resolve) => setTimeout(resolve, 200))
      const lines = output.slice(from).map((line) => JSON.parse(line) as Line)
      const requestLines = lines.filter((line) => line.message.startsWith("request"))
      const lineOf = (id: string | null) => {
        const mine = requestLines.filter((line) => line["request_id"] === id)
        expect(mine, `lines of ${id}`).toHaveLength(1)
        expect(mine[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT/)
        expect(mine[0]!["duration_ms"]).toEqual(expect.any(Number))
        return mine[0]!
      }
      expect(lineOf(ids[0]!)).toMatchObject({
        level: "INFO",
        method: "GET",
        route: "/contracts/:id",
        status: 200,
        org_id: acme.org_id,
        person_id: person,
        key_id: acme.key_ids.test
      })
      expect(lineOf(ids[1]!)).toMatchObject({ level: "INFO", method: "POST", route: "/contracts", status: 201, org_id: acme.org_id })
      expect(lineOf(ids[2]!)).toMatchObject({ level: "INFO", route: "/contracts", status: 400, org_id: acme.org_id })
      expect(lineOf(ids[3]!)).toMatchObject({ level: "INFO", route: "unmatched", status: 404 })
      expect(lineOf(ids[4]!)).toMatchObject({ level: "INFO", route: "/contracts/:id", status: 200, credential: "guest_token" })
      expect(lineOf(ids[5]!)).toMatchObject({ level: "DEBUG", route: "/healthz", status: 200 })
      // A client's mistakes never reach WARN or ERROR.
      expect(lines.filter((line) => line.level === "WARN" || line.level === "ERROR")).toEqual([])

      // No key, token, document words or query string anywhere in what was written.
      const everything = output.join("\n")
      for (const secret of [key, token, "gtk_not_a_route", words, "Zanzibar", "Bearer"]) expect(everything).not.toContain(secret)
      expect(everything).not.toContain("?t=")
    })

    it("a write that dies answers 500 with its Request-Id: the request's line is ERROR, and the entity's ERROR line holds the cause", async () => {
      const org = await createOrg(service.url)
      const contract = (await seat(service.url, org).draft()).body
      const from = output.length
      failing = true
      const died = await seat(service.url, org).post(`/contracts/${contract.id}/facts/${contract.facts[0].id}/confirm`)
      failing = false
      expect(died.status).toBe(500)
      const id = died.headers.get("request-id")
      expect(id).toMatch(requestId)
      await new Promise((resolve) => setTimeout(resolve, 200))
      const lines = output.slice(from).map((line) => JSON.parse(line) as Line)
      const mine = lines.filter((line) => line["request_id"] === id)
      expect(mine).toHaveLength(1)
      expect(mine[0]).toMatchObject({ level: "ERROR", route: "/contracts/:id/facts/:fact_id/confirm", status: 500, org_id: org.org_id })
      // The defect happened in the contract's entity (on whichever runner holds it), which logs it with its cause.
      const entity = lines.filter((line) => line["contract"] === contract.id)
      expect(entity).toMatchObject([{ level: "ERROR", message: "contract write died" }])
      expect(String(entity[0]!["cause"])).toContain("the ledger is upside down")
    })
  })
}
