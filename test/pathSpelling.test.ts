import { afterAll, beforeAll, describe, expect, it, vi } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import { request } from "node:http"
import { AdminAdmission, requireAdmission } from "../src/Http/AdminAdmitted.js"
import openapi from "../docs/openapi.json" with { type: "json" }
import { createOrg, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, sharedService } from "./support/service.js"

/** A request with its target exactly as written: fetch and URL would tidy `//` and `%61` away. */
const send = (base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  new Promise<{ status: number; body: { error?: { code: string } }; raw: string }>((resolve, reject) => {
    const { hostname, port } = new URL(base)
    const outgoing = request({ hostname, port, method, path, headers: { "content-type": "application/json", ...headers } }, (response) => {
      let text = ""
      response.on("data", (chunk) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text === "" ? {} : JSON.parse(text), raw: text }))
    })
    outgoing.on("error", reject)
    outgoing.end(body)
  })

// Spellings the router reads as /admin/orgs (it collapses slashes and decodes segments).
const adminSpellings = ["//admin/orgs", "///admin/orgs", "/admin//orgs", "/%61dmin/orgs", "/admin/%6Frgs", "/%61%64%6D%69%6E/orgs"]
const newOrg = JSON.stringify({ name: "Mallory Ltd", people: [{ name: "Mallory", email: "m@mallory.test" }] })

for (const database of databases) {
  describe(`a route is the same route however its path is spelt (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("asks every spelling of the admin API for the admin token", async () => {
      for (const path of adminSpellings) {
        const reply = await send(service.url, "POST", path, {}, newOrg)
        expect({ path, status: reply.status, code: reply.body.error?.code }).toEqual({ path, status: 401, code: "unauthorized" })
      }
    })

    it("serves the admin API under any spelling once the token is given", async () => {
      const reply = await send(service.url, "POST", "/%61dmin/orgs", { authorization: `Bearer ${adminToken}` }, newOrg)
      expect(reply.status).toBe(201)
    })

    it("asks every spelling of a caller's route for a credential, never answering 500", async () => {
      for (const path of ["//me", "/%6De", "//contracts", "/%63ontracts"]) {
        const reply = await send(service.url, "GET", path)
        expect({ path, status: reply.status, code: reply.body.error?.code }).toEqual({ path, status: 401, code: "unauthorized" })
      }
    })
  })
}

interface Spelt {
  readonly method: string
  readonly target: string
  /** Spelt so that no declared route matches it: it must answer 404 whatever the credential. */
  readonly noRoute: boolean
}

const declared = Object.entries(openapi.paths as Record<string, Record<string, unknown>>)
  .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))

/** Whether a declared route of `method` has this path, literals compared exactly, any value in a parameter. */
const routed = (method: string, path: string) => {
  const segments = path.split("/").slice(1)
  return declared.some((route) => {
    const template = route.path.split("/").slice(1)
    return route.method === method && template.length === segments.length &&
      template.every((segment, i) => segment.startsWith("{") || segment === segments[i])
  })
}

// Each spelling of one declared route: those HTTP or the router read as the same path, those
// that name no route at all, and HEAD, which RFC 9110 makes GET without a body.
const spellings = (method: string, path: string, at: number): ReadonlyArray<Spelt> => {
  const segments = path.split("/").slice(1)
  const literal = segments.findIndex((segment) => /^[a-z-]+$/.test(segment))
  const recased = [...segments]
  recased[literal] = recased[literal]!.charAt(0).toUpperCase() + recased[literal]!.slice(1)
  const encoded = [...segments]
  const char = at % encoded[literal]!.length
  encoded[literal] = encoded[literal]!.slice(0, char) + `%${encoded[literal]!.charCodeAt(char).toString(16)}` + encoded[literal]!.slice(char + 1)
  const matrix = [...segments]
  matrix[at % matrix.length] += ";v=1"
  const other = (target: string) => ({ method, target, noRoute: !routed(method, target) })
  return [
    other(path.toUpperCase()),
    other(`/${recased.join("/")}`),
    other(`${path};jsessionid=1`),
    other(`/${matrix.join("/")}`),
    other(`/${encoded.join("/").toUpperCase().replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())}`),
    { method, target: `/${encoded.join("/")}`, noRoute: false },
    { method, target: `/${segments.join("//")}`, noRoute: false },
    { method, target: `//${segments.join("/")}/`, noRoute: false },
    { method, target: `http://example.test${path}`, noRoute: false },
    { method, target: `/${segments[0]}/../${segments.join("/")}`, noRoute: false },
    ...(method === "GET" ? [{ method: "HEAD", target: path, noRoute: false }] : [])
  ]
}

for (const database of databases) {
  describe(`every spelling of every declared route, with every kind of credential, answers in the envelope and never 5xx (${database.name})`, () => {
    let service: Running
    let credentials: ReadonlyArray<Record<string, string>>
    let contract: string
    beforeAll(async () => {
      service = await sharedService(database)
      const org = await createOrg(service.url)
      contract = (await seat(service.url, org).draft()).body.id
      credentials = [
        {},
        { authorization: `Bearer ${org.keys.test}`, "contracts-acting-person": org.people[0]!.id },
        { authorization: `Bearer ${org.keys.live}` },
        { authorization: `Bearer ${adminToken}` },
        { authorization: "Token gtk_nope" }
      ]
    })
    afterAll(() => service.stop())

    it("sweeps each route through each spelling and each credential", async () => {
      const logged = vi.spyOn(console, "log")
      let sent = 0
      try {
        for (const [i, route] of declared.entries()) {
          const path = route.path.replace("{id}", route.path.startsWith("/contracts") ? contract : "x").replace(/\{\w+\}/g, "x")
          for (const spelt of spellings(route.method, path, i)) {
            for (const headers of credentials) {
              const reply = await send(service.url, spelt.method, spelt.target, { ...headers, "idempotency-key": `spelt-${sent++}` })
              const what = `${spelt.method} ${spelt.target} as ${headers.authorization ?? "nobody"}`
              expect(reply.status, what).toBeLessThan(500)
              if (spelt.method === "HEAD") expect(reply.raw, `${what}: a body`).toBe("")
              else if (reply.status >= 400) expect(reply.body.error?.code, what).toMatch(/^[a-z_]+$/)
              if (spelt.noRoute) expect({ what, status: reply.status }).toEqual({ what, status: 404 })
            }
          }
        }
      } finally {
        logged.mockRestore()
      }
      // A client's mistake is no operator's concern: nothing above INFO.
      const loud = logged.mock.calls.map((args) => args.join(" ")).filter((line) => /level=(WARN|ERROR|FATAL)/.test(line))
      expect(loud.slice(0, 3)).toEqual([])
      expect(sent).toBeGreaterThan(declared.length * 40)
    }, 180_000)
  })
}

describe("the admin API's second lock", () => {
  it("dies on a request the gateway did not admit, and lets an admitted one through", async () => {
    const refused = await Effect.runPromiseExit(requireAdmission)
    expect(Exit.isFailure(refused) && Cause.isDie(refused.cause)).toBe(true)
    const admitted = await Effect.runPromiseExit(Effect.provideService(requireAdmission, AdminAdmission, { admitted: true }))
    expect(Exit.isSuccess(admitted)).toBe(true)
  })
})
