import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"

const envelopeKeys = (body: { error: Record<string, unknown> }) => Object.keys(body.error).filter((k) => k !== "param").sort()

for (const database of databases) {
  describe(`the error envelope everywhere (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url)
    })
    afterAll(() => service.stop())

    it("answers unknown routes with 404 not_found in the envelope", async () => {
      const reply = await call(service.url, "GET", "/nowhere", { key: org.keys.live })
      expect(reply.status).toBe(404)
      expect(envelopeKeys(reply.body)).toEqual(["code", "doc_url", "message", "type"])
      expect(reply.body.error).toMatchObject({ code: "not_found", type: "invalid_request_error", doc_url: "http://localhost/docs/errors#not-found" })
    })

    it("answers a wrong method with 404 and an Allow header", async () => {
      const reply = await call(service.url, "DELETE", "/templates", { key: org.keys.live })
      expect(reply.status).toBe(404)
      expect(reply.body.error.code).toBe("not_found")
      expect(reply.headers.get("allow")).toBe("GET")
    })

    it("answers malformed JSON, non-object bodies, other content types and extra fields with 400 invalid_request", async () => {
      const post = (raw: string, headers: Record<string, string> = {}) =>
        call(service.url, "POST", "/contracts", {
          key: org.keys.live,
          person: org.people[0]!.id,
          raw,
          headers: { "idempotency-key": idempotencyKey(), ...headers }
        })
      for (const raw of ["{not json", "[1,2]", "42", ""]) {
        const reply = await post(raw)
        expect(reply.status, raw).toBe(400)
        expect(reply.body.error.code).toBe("invalid_request")
      }
      const text = await post("template_id=tpl_mutual_nda", { "content-type": "text/plain" })
      expect(text.status).toBe(400)
      const extra = await post(JSON.stringify({ template_id: "tpl_mutual_nda", colour: "red" }))
      expect(extra.status).toBe(400)
      expect(extra.body.error).toMatchObject({ code: "invalid_request", param: "colour" })
      const huge = await post(JSON.stringify({ template_id: "tpl_mutual_nda", facts: { party_a: "x".repeat(1024 * 1024) } }))
      expect(huge.status).toBe(400)
      expect(huge.body.error.code).toBe("invalid_request")
      const wrongType = await post(JSON.stringify({ template_id: 7 }))
      expect(wrongType.status).toBe(400)
      expect(wrongType.body.error).toMatchObject({ code: "invalid_request", param: "template_id" })
      expect((await seat(service.url, org).get("/contracts")).body.data).toEqual([])
    })

    it("serves the OpenAPI document and a docs page", async () => {
      const openapi = await call(service.url, "GET", "/openapi.json")
      expect(openapi.status).toBe(200)
      expect(openapi.body.openapi).toBe("3.1.0")
      expect(Object.keys(openapi.body.paths)).toContain("/contracts/{id}/facts/{fact_id}")
      const docs = await fetch(`${service.url}/docs`)
      expect(docs.status).toBe(200)
      expect(await docs.text()).toContain("<html")
    })
  })
}
