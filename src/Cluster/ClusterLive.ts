import { RunnerAddress, SingleRunner, SqlMessageStorage } from "@effect/cluster"
import { NodeClusterSocket } from "@effect/platform-node"
import { Duration, Effect, Layer, Option } from "effect"
import { runnerNeedsPostgres, ServerConfig, type Settings } from "../Config.js"
import { isPostgresUrl } from "../Sql/DatabaseUrl.js"
import { holdServingLock, whileJoining } from "./DatabaseLocks.js"
import { lockStorage, shardingConfig } from "./LockStorage.js"

/** `host:port` as the cluster's address, or why it is not one. */
export const parseRunnerAddress = (name: string, value: string): RunnerAddress.RunnerAddress => {
  const match = /^(.+):(\d{1,5})$/.exec(value)
  const port = match === null ? NaN : Number(match[2])
  if (match === null || port < 1 || port > 65535) throw new Error(`${name} must be host:port, as localhost:34431; it was '${value}'`)
  return RunnerAddress.make(match[1]!.replace(/^\[(.*)\]$/, "$1"), port)
}

/**
 * How fast a killed runner's shards move. A runner is dropped once its heartbeat is older than the
 * lock expiration (the library's 35 s made a failover take 25 to 35 s); the advisory locks, freed
 * the moment a dead runner's connection closes, keep one writer per shard whatever these are, so a
 * live runner judged dead by a long pause only delays the move, never doubles a writer.
 */
export const failoverTimings = {
  shardLockRefreshInterval: Duration.seconds(2),
  shardLockExpiration: Duration.seconds(8),
  refreshAssignmentsInterval: Duration.seconds(1),
  runnerHealthCheckInterval: Duration.seconds(5)
} as const

const onPostgres = (settings: Settings) => Option.exists(settings.databaseUrl, isPostgresUrl)

// One process: the contract entities all live here and the runner's bookkeeping stays in memory.
const alone = SingleRunner.layer({ runnerStorage: "memory" })

/**
 * Several runners over one PostgreSQL: runners and shard locks in its tables, messages for a
 * contract whose shard another runner holds sent to that runner over a socket. Joining is
 * serialised by an advisory lock, because two first starts raced on making the cluster's tables.
 */
const severalRunners = (address: RunnerAddress.RunnerAddress, listen: RunnerAddress.RunnerAddress | undefined) =>
  Layer.unwrapScoped(Effect.gen(function*() {
    yield* holdServingLock(false)
    const scope = yield* Effect.scope
    const config = { ...failoverTimings, runnerAddress: Option.some(address), runnerListenAddress: Option.fromNullable(listen) }
    // The library's own SQL storage ("sql"), but its runner storage one lock statement at a time (LockStorage.ts).
    const storage = Layer.merge(Layer.orDie(SqlMessageStorage.layer), lockStorage).pipe(Layer.provide(shardingConfig(config)))
    const cluster = Layer.provideMerge(NodeClusterSocket.layer({ storage: "byo", shardingConfig: config }), storage)
    return Layer.succeedContext(yield* whileJoining(Layer.buildWithScope(cluster, scope)))
  }))

/**
 * The cluster the Contract entities run on, chosen by settings: alone (PGlite, or PostgreSQL
 * without RUNNER_ADDRESS), or one runner of several (PostgreSQL with RUNNER_ADDRESS).
 */
export const ClusterLive = Layer.unwrapEffect(
  Effect.gen(function*() {
    const settings = yield* ServerConfig
    if (settings.runnerAddress === undefined) {
      return onPostgres(settings) ? Layer.provideMerge(alone, Layer.scopedDiscard(holdServingLock(true))) : alone
    }
    if (!onPostgres(settings)) {
      return yield* Effect.dieMessage(runnerNeedsPostgres)
    }
    const address = parseRunnerAddress("RUNNER_ADDRESS", settings.runnerAddress)
    const listen = settings.runnerListenAddress === undefined ? undefined : parseRunnerAddress("RUNNER_LISTEN_ADDRESS", settings.runnerListenAddress)
    return severalRunners(address, listen)
  }).pipe(Effect.orDie)
)
