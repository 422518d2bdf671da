import { describe, expect, it } from "@effect/vitest"
import { NodeHttpServer } from "@effect/platform-node"
import { Context, Effect, Exit, Layer, Option, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Answerer } from "../src/Ask/Answerer.js"
import { AuthCache } from "../src/Auth/Cache.js"
import { ServerConfig } from "../src/Config.js"
import { DeadlineClock } from "../src/Deadlines/DeadlineClock.js"
import { Appended } from "../src/Doorbells/Appended.js"
import { DatesMoved } from "../src/Doorbells/DatesMoved.js"
import { ContractStore } from "../src/Engine/ContractStore.js"
import { LiveContracts } from "../src/Engine/LiveContracts.js"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import { startingServer } from "../src/Gateway/StartingServer.js"
import { ImportWorker } from "../src/Imports/Worker.js"
import { RateLimiter } from "../src/RateLimit/RateLimiter.js"
import { SandboxClocks } from "../src/Sandbox/SandboxClocks.js"
import { ServiceLive } from "../src/Server.js"
import { DeliveryClock } from "../src/Webhooks/DeliveryClock.js"
import { WebhookEngine } from "../src/Webhooks/Engine.js"
import { databases } from "./support/databases.js"
import { testSettings } from "./support/service.js"

/**
 * A memo map that notes, for every service key, each distinct instance a layer of the build hands
 * on: what a layer builds, and what is provided to each service through its `dependencies`. Effect's
 * memo map builds a layer's parts through `this`, so an object over it sees every part, not only
 * the root (a change there leaves `seen` empty, and the test fails rather than passes).
 */
// The memo map's one method, marked internal in Effect's types.
interface Memoizing {
  getOrElseMemoize: (layer: Layer.Layer<unknown, unknown, unknown>, scope: Scope.Scope) => Effect.Effect<Context.Context<unknown>, unknown, unknown>
}

const watching = (memoMap: Layer.MemoMap, seen: Map<string, Set<unknown>>): Layer.MemoMap => {
  const inner = memoMap as unknown as Memoizing
  const watcher = Object.create(memoMap) as Memoizing
  watcher.getOrElseMemoize = (layer, scope) =>
    Effect.tap(inner.getOrElseMemoize.call(watcher, layer, scope), (context) => {
      for (const [key, instance] of context.unsafeMap) seen.set(key, (seen.get(key) ?? new Set()).add(instance))
    })
  return watcher as unknown as Layer.MemoMap
}

// The services that keep state in the process: two of any would each hold half of it.
const stateful = [LiveContracts, ContractStore, AuthCache, RateLimiter, Appended, DatesMoved, SandboxClocks, WebhookEngine, ImportWorker]

for (const database of databases) {
  describe(`the layer graph (${database.name})`, () => {
    it("builds each service once: every service that names another in its dependencies gets the same instance", async () => {
      const made = await database.create()
      const settings = testSettings({
        databaseUrl: Option.some(made.url),
        memoryImage: made.memoryImage,
        assetDir: mkdtempSync(join(tmpdir(), "cns-test-assets-"))
      })
      const layer = ServiceLive.pipe(
        Layer.provide(NodeHttpServer.layer(() => startingServer(settings.docsUrl)(), { port: 0, host: "127.0.0.1" })),
        Layer.provide(WriteProbe.passThrough),
        Layer.provide(DeliveryClock.live),
        Layer.provide(DeadlineClock.live),
        Layer.provide(Answerer.extractive),
        Layer.provide(Layer.succeed(ServerConfig, settings))
      )
      const seen = new Map<string, Set<unknown>>()
      const scope = Effect.runSync(Scope.make())
      try {
        const memoMap = await Effect.runPromise(Layer.makeMemoMap)
        const context = await Effect.runPromise(Layer.buildWithMemoMap(layer, watching(memoMap, seen), scope))
        expect(stateful.map((tag) => [tag.key, seen.get(tag.key)?.size])).toEqual(stateful.map((tag) => [tag.key, 1]))
        // Ours only: the platform builds its ETag generator in two of its own layers, and every
        // `Layer.unwrapEffect` hands its layer on under one internal key.
        const ours = [...seen].filter(([key]) => !key.startsWith("effect/") && !key.startsWith("@effect/"))
        expect(ours.filter(([, instances]) => instances.size > 1).map(([key]) => key)).toEqual([])
        // The store a test reaches through the output is the one every service was given.
        expect([...seen.get(ContractStore.key)!]).toEqual([Context.get(context, ContractStore)])
      } finally {
        await Effect.runPromise(Scope.close(scope, Exit.void))
        await made.drop()
      }
    }, 60_000)
  })
}
