import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { ServerConfig } from "./Config.js"
import { reportingFailures } from "./Operations/StartupChecks.js"

// The settings are read and checked before the service's modules load: a mistake is told in a second.
const main = Effect.gen(function*() {
  yield* Effect.provide(ServerConfig, ServerConfig.fromEnv)
  const { ServerLive } = yield* Effect.promise(() => import("./Server.js"))
  return yield* Layer.launch(ServerLive)
})

main.pipe(reportingFailures, NodeRuntime.runMain({ disableErrorReporting: true }))
