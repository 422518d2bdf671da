import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { freePort } from "../support/childService.js"
import { createOrg, idempotencyKey, type Org } from "../support/client.js"
import { databases } from "../support/databases.js"
import { type Receiver, startReceiver } from "../support/receiver.js"
import { type Running, startService } from "../support/service.js"
import { makeWorld } from "../torture/world.js"
import { type ModeContext, modeRecipes } from "./recipes.js"
import { writeRoutes } from "./routes.js"
import { perform, viewOf } from "./view.js"

// SEMANTICS.md "Sandbox": every stored row belongs to one mode. For every write route of the route
// table, a write made with one mode's key, on that mode's objects, leaves everything the other
// mode's keys of the same orgs read exactly as it was; aimed at the other mode's objects, it finds
// nothing (404). Both ways. Each write reuses its route's Idempotency-Key in the second mode too,
// so a key claimed in one mode must not answer in the other.
describe("every write route has a recipe for the mode test", () => {
  it("names each write route of the route table, and nothing else", () => {
    expect(writeRoutes.length).toBeGreaterThan(25)
    expect(writeRoutes.map((r) => r.key).filter((key) => !(key in modeRecipes))).toEqual([])
    expect(Object.keys(modeRecipes).filter((key) => !writeRoutes.some((r) => r.key === key))).toEqual([])
  })
})

for (const database of databases) {
  describe(`a key's writes stay in its mode (${database.name})`, () => {
    let service: Running
    let receiver: Receiver
    const modes: Partial<Record<"live" | "test", ModeContext>> = {}
    beforeAll(async () => {
      const smtpPort = await freePort()
      service = await startService(database, { ingressSmtpPort: smtpPort })
      receiver = await startReceiver()
      const orgs: { acme: Org; beta: Org; spare: Org } = {
        acme: await createOrg(service.url, "Acme Ltd"),
        beta: await createOrg(service.url, "Beta GmbH"),
        spare: await createOrg(service.url, "Spare Ltd")
      }
      for (const mode of ["test", "live"] as const) {
        // No public https receiver exists here: a live endpoint is registered and stays pending.
        const hookUrl = mode === "test" ? receiver.url : "https://hooks.invalid/modes"
        modes[mode] = { mode, world: await makeWorld(service.url, { mode, orgs }), hookUrl, smtpPort }
      }
    })
    afterAll(async () => {
      await receiver?.close()
      await service?.stop()
    })

    for (const [writer, watcher] of [["test", "live"], ["live", "test"]] as const) {
      for (const route of writeRoutes) {
        it(`${route.key} with a ${writer} key leaves the ${watcher} mode untouched`, async () => {
          const mine = modes[writer]!
          const theirs = modes[watcher]!
          const recipe = modeRecipes[route.key]!
          const own = await recipe.prepare(mine)
          const foreign = recipe.crossReach ? await recipe.prepare(theirs) : undefined
          const before = await viewOf(theirs, foreign?.contract)

          const wrote = await perform(mine, route, own, own.seat, `modes.${route.method}.${route.template}`)
          if (own.refused === undefined) expect(wrote.status, wrote.text).toBeLessThan(300)
          else expect(wrote.body?.error?.code, wrote.text).toBe(own.refused)
          if (own.consumes !== undefined) mine.world.retire(own.consumes)
          await own.settle?.(wrote.body)

          if (foreign !== undefined) {
            // The same write with this mode's key of the same org and person, on the other mode's objects.
            const org = [mine.world.acme, mine.world.beta].find((o) => o.keys[watcher] === foreign.seat.key)!
            const across = await perform(mine, route, foreign, { ...foreign.seat, key: org.keys[writer] }, idempotencyKey())
            expect({ status: across.status, code: across.body?.error?.code }, across.text).toEqual({ status: 404, code: "not_found" })
          }
          expect(await viewOf(theirs, foreign?.contract)).toEqual(before)
        })
      }
    }
  })
}
