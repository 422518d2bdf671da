import { ShardId, Sharding, ShardingConfig } from "@effect/cluster"
import { SqlClient } from "@effect/sql"
import { Duration, Effect, Exit, Option } from "effect"
import { ServerConfig } from "../Config.js"
import { Readiness } from "./Readiness.js"
import { Listener } from "./Shutdown.js"

/** What `/readyz` answers: `ready` alone is 200; every other status names why not, and nothing private. */
export type ReadyStatus = "ready" | "starting" | "draining" | "database_unreachable" | "no_shards"

export interface ReadyAnswer {
  readonly status: ReadyStatus
  /** Shards of the contract entities this process holds the lock of. */
  readonly shards?: number
}

/** Long enough for a loaded database, short enough for a probe's own timeout (Kubernetes' default is 1 s; docs say 3 s). */
const databaseDeadline = Duration.seconds(2)
const { shardsPerGroup } = ShardingConfig.defaults

// The Contract entity's group: the library's default, as the entity declares none.
const heldShards = Effect.map(Sharding.Sharding, (sharding) => {
  let held = 0
  for (let id = 1; id <= shardsPerGroup; id++) if (sharding.hasShardId(ShardId.make("default", id))) held++
  return held
})

/** Draining from the moment the listener stops taking connections, which the drain does just before it marks the phase. */
const draining = Effect.gen(function*() {
  if ((yield* Effect.flatMap(Readiness, (readiness) => readiness.phase)) === "draining") return true
  const listener = yield* Effect.serviceOption(Listener)
  return Option.isSome(listener) && !listener.value.server.listening
})

/**
 * Ready to serve: every layer built (migrations first of all) and not draining, the database
 * answers a `SELECT 1` within its deadline, and the cluster holds its shards: all of them for a
 * process serving alone, some for one runner of several (the others hold the rest).
 */
export const readinessProbe: Effect.Effect<ReadyAnswer, never, Readiness | SqlClient.SqlClient | Sharding.Sharding | ServerConfig> = Effect.gen(
  function*() {
    const phase = yield* Effect.flatMap(Readiness, (readiness) => readiness.phase)
    if (phase !== "ready") return { status: phase }
    const sql = yield* SqlClient.SqlClient
    const answered = yield* Effect.exit(Effect.timeoutFail(sql`SELECT 1`, { duration: databaseDeadline, onTimeout: () => "timeout" }))
    if (Exit.isFailure(answered)) return { status: "database_unreachable" }
    const shards = yield* heldShards
    // A drain may have begun while the database answered: an answer it would send says so, never a stale `ready`.
    if (yield* draining) return { status: "draining" }
    const alone = (yield* ServerConfig).runnerAddress === undefined
    return (alone ? shards === shardsPerGroup : shards > 0) ? { status: "ready", shards } : { status: "no_shards", shards }
  }
)
