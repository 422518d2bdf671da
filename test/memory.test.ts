import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import type { IncomingMessage } from "node:http"
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { createOrg, type Org, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"

// A full collection on demand, without starting the test runner with --expose-gc.
setFlagsFromString("--expose-gc")
const gc = runInNewContext("gc") as () => void

/** Collects until the weak references settle: a WeakRef target lives at least to the end of its job. */
const collect = async () => {
  for (let round = 0; round < 4; round++) {
    gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
}

const drafts = 20

for (const database of databases) {
  describe(`memory held by live contracts (${database.name})`, () => {
    let service: Running
    let org: Org
    const requests: Array<WeakRef<IncomingMessage>> = []

    beforeAll(async () => {
      service = await startService(database)
      org = await createOrg(service.url, "Acme Ltd")
      service.server.on("request", (request: IncomingMessage) => {
        requests.push(new WeakRef(request))
      })
    })
    afterAll(() => service.stop())

    it("a contract's entity, live after a write, does not keep the HTTP request that woke it", async () => {
      const ids: Array<string> = []
      for (let i = 0; i < drafts; i++) {
        const reply = await seat(service.url, org).draft()
        expect(reply.status).toBe(201)
        ids.push(reply.body.id)
      }
      // Each draft woke its own entity, which stays live for CONTRACT_IDLE_SECONDS (300 s by default).
      expect(requests.length).toBe(drafts)
      await collect()
      const retained = requests.filter((request) => request.deref() !== undefined).length
      // A keep-alive socket may still hold the last request it carried; no entity may hold one.
      expect(retained).toBeLessThanOrEqual(2)
      // The entities are still live and answer from their copies.
      for (const id of ids.slice(0, 3)) expect((await seat(service.url, org).get(`/contracts/${id}`)).status).toBe(200)
    })
  })
}
