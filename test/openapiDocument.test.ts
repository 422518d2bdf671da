import SwaggerParser from "@apidevtools/swagger-parser"
import { OpenApi } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Api } from "../src/Api.js"
import { errorCodes } from "../src/Domain/Api/ErrorCodes.js"
import { routeTable } from "../src/Http/RouteTable.js"
import { checkDocumentedError } from "./support/documentedErrors.js"

const document = () => JSON.parse(JSON.stringify(OpenApi.fromApi(Api)))

type Rule = "required" | "ignored" | "refused" | "absent"

// The spec's "Headers per write" table, transcribed for the routes that exist (If-Match,
// Idempotency-Key). Reads take neither. The document and the gateway's policies must both say this.
const perWriteTable: Record<string, { readonly ifMatch: Rule; readonly idempotencyKey: boolean }> = {
  "post /contracts": { ifMatch: "absent", idempotencyKey: true },
  "post /contracts/{id}/facts/{fact_id}": { ifMatch: "required", idempotencyKey: false },
  "post /contracts/{id}/facts/{fact_id}/confirm": { ifMatch: "ignored", idempotencyKey: false },
  "post /contracts/{id}/blocks/{block_id}/confirm": { ifMatch: "required", idempotencyKey: false },
  "post /imports": { ifMatch: "absent", idempotencyKey: true },
  "post /ingress/{id}/accept": { ifMatch: "absent", idempotencyKey: true },
  "post /ingress/{id}/reject": { ifMatch: "absent", idempotencyKey: true },
  "post /assets": { ifMatch: "absent", idempotencyKey: true },
  "post /contracts/{id}/send": { ifMatch: "required", idempotencyKey: true },
  "post /contracts/{id}/decisions": { ifMatch: "required", idempotencyKey: false },
  "post /contracts/{id}/decisions/apply-playbook": { ifMatch: "required", idempotencyKey: false },
  "delete /contracts/{id}/decisions/{decision_id}": { ifMatch: "ignored", idempotencyKey: false },
  "patch /contracts/{id}/reply": { ifMatch: "ignored", idempotencyKey: false },
  "delete /contracts/{id}/reply": { ifMatch: "ignored", idempotencyKey: false },
  "post /contracts/{id}/replies": { ifMatch: "required", idempotencyKey: true },
  // "in body as text_hash": an If-Match header is refused.
  "post /contracts/{id}/signatures": { ifMatch: "refused", idempotencyKey: true },
  "post /signatures/{signature_id}/withdraw": { ifMatch: "absent", idempotencyKey: true },
  "post /asks/{ask_id}/withdraw": { ifMatch: "absent", idempotencyKey: false },
  "post /contracts/{id}/invite": { ifMatch: "absent", idempotencyKey: false },
  "delete /contracts/{id}/parties/{party_id}": { ifMatch: "absent", idempotencyKey: false },
  "post /contracts/{id}/cancel": { ifMatch: "absent", idempotencyKey: true },
  "post /contracts/{id}/amend": { ifMatch: "absent", idempotencyKey: true },
  "put /people/{id}/mark": { ifMatch: "absent", idempotencyKey: false },
  "delete /people/{id}/mark": { ifMatch: "absent", idempotencyKey: false },
  // "webhook endpoint group: n/a, no".
  "post /webhooks/endpoints": { ifMatch: "absent", idempotencyKey: false },
  // Not in the spec (docs/gaps.md): advance_to is the retry-safe form, so no key is asked for.
  "post /sandbox/clock": { ifMatch: "absent", idempotencyKey: false },
  "delete /webhooks/endpoints/{id}": { ifMatch: "absent", idempotencyKey: false },
  "post /webhooks/endpoints/{id}/rotate": { ifMatch: "absent", idempotencyKey: false },
  "post /webhooks/endpoints/{id}/verify": { ifMatch: "absent", idempotencyKey: false },
  "post /webhooks/endpoints/{id}/test": { ifMatch: "absent", idempotencyKey: false },
  "post /webhooks/endpoints/{id}/replay": { ifMatch: "absent", idempotencyKey: false },
  // A read that takes a body: not in the spec's table, and it takes neither header.
  "post /ask": { ifMatch: "absent", idempotencyKey: false }
}

const operationsOf = (doc: any) =>
  Object.entries<Record<string, any>>(doc.paths).flatMap(([path, operations]) =>
    Object.entries<any>(operations).map(([method, operation]) => ({ key: `${method} ${path}`, path, method, operation }))
  )

const headerRule = (operation: any, name: string): Rule => {
  const header = operation.parameters.find((p: any) => p.in === "header" && p.name === name)
  if (header === undefined) return "absent"
  if (header.required) return "required"
  return header.description.startsWith("Must not be sent") ? "refused" : "ignored"
}

describe("the OpenAPI document", () => {
  it("passes a real OpenAPI validator", async () => {
    await expect(SwaggerParser.validate(document())).resolves.toBeDefined()
  })

  it("names the credentials of every operation, with a summary and a description", () => {
    const doc = document()
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["AdminToken", "GuestLink", "GuestToken", "OrgKey"])
    expect(doc.components.securitySchemes.OrgKey).toMatchObject({ type: "http", scheme: "bearer" })
    expect(doc.components.securitySchemes.GuestLink).toMatchObject({ type: "apiKey", in: "query", name: "t" })
    for (const { key, operation, path, method } of operationsOf(doc)) {
      expect(operation.summary, key).toEqual(expect.any(String))
      expect(operation.description, key).toEqual(expect.any(String))
      const schemes = operation.security.map((requirement: object) => Object.keys(requirement)[0])
      for (const scheme of schemes) expect(doc.components.securitySchemes, key).toHaveProperty(scheme)
      if (path.startsWith("/admin/")) expect(schemes, key).toEqual(["AdminToken"])
      else expect(schemes[0], key).toBe("OrgKey")
      // A guest link reaches its own contract, asks and signatures by id, its feed, /me and its mark.
      const guestRoute = /^\/(contracts\/\{id\}|asks|signatures|attention|me|people)/.test(path)
      expect(schemes.includes("GuestToken"), key).toBe(guestRoute)
      // The token never rides in the URL on a write.
      expect(schemes.includes("GuestLink"), key).toBe(guestRoute && method === "get")
    }
  })

  it("marks If-Match and Idempotency-Key exactly as the spec's per-write table, as the gateway enforces them", () => {
    const doc = document()
    const routes = routeTable(Api)
    for (const { key, method, operation, path } of operationsOf(doc)) {
      if (path.startsWith("/admin/")) continue
      const expected = perWriteTable[key] ?? (method === "get" ? { ifMatch: "absent", idempotencyKey: false } : undefined)
      expect(expected, `${key} is missing from the per-write table of this test`).toBeDefined()
      expect(headerRule(operation, "If-Match"), key).toBe(expected!.ifMatch)
      expect(headerRule(operation, "Idempotency-Key"), key).toBe(expected!.idempotencyKey ? "required" : "absent")
      const route = routes.find(method.toUpperCase(), path.replace(/\{\w+\}/g, "x"))!
      expect(route.policy.ifMatch, key).toBe(expected!.ifMatch)
      expect(route.policy.idempotent, key).toBe(expected!.idempotencyKey)
      expect(headerRule(operation, "Contracts-Version"), key).toBe("ignored")
      const acting = operation.parameters.find((p: any) => p.name === "Contracts-Acting-Person")
      expect(acting.description.startsWith("With an org key, required"), key).toBe(route.policy.actingPerson)
    }
  })

  it("lists each operation's errors in the real envelope, its code an enum of the one error table", () => {
    const doc = document()
    expect(doc.components.schemas.Error.properties.error.properties.code.enum.sort()).toEqual(Object.keys(errorCodes).sort())
    expect(Object.keys(doc.components.schemas)).not.toContain("HttpApiDecodeError")
    for (const { key, operation } of operationsOf(doc)) {
      const listed: Array<string> = []
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (Number(status) < 400) continue
        const [envelope, narrowed] = response.content["application/json"].schema.allOf
        expect(envelope.$ref, key).toBe("#/components/schemas/Error")
        for (const code of narrowed.properties.error.properties.code.enum) {
          expect(Object.keys(errorCodes), key).toContain(code)
          // 503 (starting) and 408 (stopped arriving) are the two statuses a code has beside its own.
          if (status !== "503" && status !== "408") expect(errorCodes[code as keyof typeof errorCodes][0], `${key} ${code}`).toBe(Number(status))
          listed.push(code)
        }
      }
      expect(listed, key).toContain("api_error")
      expect(listed, key).toContain("invalid_request")
    }
    const send = doc.paths["/contracts/{id}/send"].post.responses
    expect(send["409"].content["application/json"].schema.allOf[1].properties.error.properties.code.enum.sort())
      .toEqual(["confirmation_required", "contract_cancelled", "contract_executed", "contract_filed", "idempotency_in_flight", "words_changed"])
    expect(send["428"]).toBeDefined()
    expect(doc.paths["/templates"].get.responses["409"]).toBeUndefined()
  })

  it("is what every test's client holds the service to: an error its operation does not list fails the test", () => {
    expect(() => checkDocumentedError("GET", "http://x/templates", 409, "words_changed")).toThrow(/does not list/)
    expect(() => checkDocumentedError("POST", "http://x/contracts/con_1/send", 404, "words_changed")).toThrow(/does not list/)
    expect(() => checkDocumentedError("POST", "http://x/contracts/con_1/send", 409, "words_changed")).not.toThrow()
    expect(() => checkDocumentedError("GET", "http://x/nowhere", 404, "not_found")).not.toThrow()
  })
})
