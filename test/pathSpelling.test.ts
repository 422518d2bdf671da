import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import { request } from "node:http"
import { AdminAdmission, requireAdmission } from "../src/Http/AdminAdmitted.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, startService } from "./support/service.js"

/** A request with its target exactly as written: fetch and URL would tidy `//` and `%61` away. */
const send = (base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  new Promise<{ status: number; body: { error?: { code: string } } }>((resolve, reject) => {
    const { hostname, port } = new URL(base)
    const outgoing = request({ hostname, port, method, path, headers: { "content-type": "application/json", ...headers } }, (response) => {
      let text = ""
      response.on("data", (chunk) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text === "" ? {} : JSON.parse(text) }))
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
      service = await startService(database)
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

describe("the admin API's second lock", () => {
  it("dies on a request the gateway did not admit, and lets an admitted one through", async () => {
    const refused = await Effect.runPromiseExit(requireAdmission)
    expect(Exit.isFailure(refused) && Cause.isDie(refused.cause)).toBe(true)
    const admitted = await Effect.runPromiseExit(Effect.provideService(requireAdmission, AdminAdmission, { admitted: true }))
    expect(Exit.isSuccess(admitted)).toBe(true)
  })
})
