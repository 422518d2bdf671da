import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Api } from "../src/Api.js"
import { routeTable } from "../src/Http/RouteTable.js"
import { call, createOrg, idempotencyKey, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, sharedService } from "./support/service.js"

// The gateway is the one reader of If-Match: handlers take the hash it read, so a route that
// requires one and meets none must be refused there, whatever its body would have said.
const requiring = routeTable(Api).all.filter((route) => route.policy.ifMatch === "required")

for (const database of databases) {
  describe(`If-Match has one owner, the gateway (${database.name})`, () => {
    let service: Running
    let org: Org
    let contract: string
    beforeAll(async () => {
      service = await sharedService(database)
      org = await createOrg(service.url, "IfMatch Ltd")
      contract = (await seat(service.url, org).draft()).body.id
    })
    afterAll(() => service.stop())

    it("answers 428 if_match_required on every route whose policy requires If-Match, before the handler runs", async () => {
      expect(requiring.length).toBeGreaterThanOrEqual(6)
      for (const route of requiring) {
        const path = `/${route.segments.map((segment) => (segment === ":id" ? contract : segment.startsWith(":") ? "x" : segment)).join("/")}`
        const ifMatches: ReadonlyArray<Record<string, string>> = [{}, { "if-match": "" }, { "if-match": "\"\"" }]
        for (const headers of ifMatches) {
          const reply = await call(service.url, route.method, path, {
            key: org.keys.live,
            person: org.people[0]!.id,
            body: {},
            headers: { "idempotency-key": idempotencyKey(), ...headers }
          })
          const what = `${route.method} ${path} ${JSON.stringify(headers)}`
          expect({ what, status: reply.status, error: reply.body.error }).toMatchObject({
            what,
            status: 428,
            error: { code: "if_match_required", param: "If-Match" }
          })
        }
      }
    })
  })
}
