import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import { createOrg, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"

// A write that dies with an internal error, as a bug or a lost database connection would.
let failing = false
const breakingProbe = Layer.succeed(WriteProbe, {
  around: (_id, write) => (failing ? Effect.dieMessage("secret internal detail: connection to 10.0.0.7 lost") : write)
})

describe("an unexpected failure", () => {
  let service: Running
  let org: Org
  beforeAll(async () => {
    service = await startService(databases[0]!, { probe: breakingProbe })
    org = await createOrg(service.url)
  })
  afterAll(() => service.stop())

  it("answers 500 api_error in the envelope with no internals, stores nothing, and the server goes on", async () => {
    const contract = (await seat(service.url, org).draft()).body
    failing = true
    const reply = await seat(service.url, org).post(`/contracts/${contract.id}/facts/${contract.facts[0].id}/confirm`)
    failing = false
    expect(reply.status).toBe(500)
    expect(reply.body.error).toMatchObject({ type: "api_error", code: "api_error", doc_url: "http://localhost/docs/errors#api-error" })
    expect(reply.text).not.toContain("secret")
    expect(reply.text).not.toContain("10.0.0.7")
    const after = await seat(service.url, org).get(`/contracts/${contract.id}`)
    expect(after.status).toBe(200)
    expect(after.body.head_sequence).toBe(1)
  })
})
