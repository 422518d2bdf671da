import { RunnerStorage, ShardingConfig, SqlRunnerStorage } from "@effect/cluster"
import { Effect, Layer } from "effect"

/**
 * The runner storage with its shard-lock statements run one at a time. The library keeps every
 * shard lock (a session advisory lock) on one reserved connection, but calls it from several fibers
 * at once: a rebalance releases each shard in a fiber of its own, so a runner handing 200 shards to
 * a runner that joined queued 400 statements on that one pg client at once. pg warns about it
 * ("Calling client.query() when the client is already executing a query", a DeprecationWarning) and
 * pg 9 refuses it. Queued here instead, in the order asked, they reach the connection as before.
 */
export const oneLockStatementAtATime = (storage: RunnerStorage.RunnerStorage["Type"]) =>
  Effect.map(Effect.makeSemaphore(1), (semaphore): RunnerStorage.RunnerStorage["Type"] => {
    const serial = semaphore.withPermits(1)
    return {
      ...storage,
      acquire: (address, shardIds) => serial(storage.acquire(address, shardIds)),
      refresh: (address, shardIds) => serial(storage.refresh(address, shardIds)),
      release: (address, shardId) => serial(storage.release(address, shardId)),
      releaseAll: (address) => serial(storage.releaseAll(address))
    }
  })

/** The cluster's SQL runner storage (runners and shard locks in PostgreSQL), one lock statement at a time. */
export const lockStorage = Layer.effect(RunnerStorage.RunnerStorage, Effect.flatMap(RunnerStorage.RunnerStorage, oneLockStatementAtATime)).pipe(
  Layer.provide(Layer.orDie(SqlRunnerStorage.layer))
)

/** The same sharding settings the cluster itself reads, for the storage layers built beside it. */
export const shardingConfig = (config: Partial<ShardingConfig.ShardingConfig["Type"]>) => ShardingConfig.layerFromEnv(config)
