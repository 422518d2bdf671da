/**
 * The real service for the eval scripts (eval:imports, eval:ask), in this process on a throwaway
 * PGlite (`memory://`), its asset bytes in a temp dir: the layer test/support/service.ts builds.
 */
import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Exit, Layer, Logger, LogLevel, Option, Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { ServerConfig } from "../src/Config.js"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import { startingServer } from "../src/Gateway/StartingServer.js"
import { ServiceLive } from "../src/Server.js"
import { Answerer } from "../src/Ask/Answerer.js"
import { DeliveryClock } from "../src/Webhooks/DeliveryClock.js"
import { DeadlineClock } from "../src/Deadlines/DeadlineClock.js"
import { testSettings } from "../test/support/service.js"

export interface EvalService {
  readonly url: string
  readonly stop: () => Promise<void>
}

/** The service on a free loopback port over `memory://`, its asset bytes in a temp dir: the layer test/support/service.ts builds. */
export const startService = async (): Promise<EvalService> => {
  const assetDir = mkdtempSync(path.join(tmpdir(), "eval-service-assets-"))
  const scope = Effect.runSync(Scope.make())
  const config = Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some("memory://"), assetDir }))
  const layer = ServiceLive.pipe(
    Layer.provideMerge(NodeHttpServer.layer(startingServer("http://localhost/docs"), { port: 0, host: "127.0.0.1" })),
    Layer.provide(WriteProbe.passThrough),
    Layer.provide(DeliveryClock.live),
    Layer.provide(DeadlineClock.live),
    Layer.provide(Answerer.extractive),
    Layer.provide(config),
    // The scores are the report: one access line per request would bury them.
    Layer.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )
  const stop = async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    rmSync(assetDir, { recursive: true, force: true })
  }
  try {
    const context = await Effect.runPromise(Layer.buildWithScope(layer, scope))
    const address = (await Effect.runPromise(Effect.provide(HttpServer.HttpServer, context))).address
    if (address._tag !== "TcpAddress") throw new Error("the service is not listening on a TCP port")
    return { url: `http://127.0.0.1:${address.port}`, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
