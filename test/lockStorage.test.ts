import { RunnerAddress, type RunnerStorage, ShardId } from "@effect/cluster"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { oneLockStatementAtATime } from "../src/Cluster/LockStorage.js"

// A runner storage whose lock calls each take a few turns of the scheduler, counting how many overlap,
// as statements on the library's one lock connection would.
const counting = () => {
  const seen = { now: 0, most: 0, calls: 0 }
  const statement = <A>(value: A) =>
    Effect.gen(function*() {
      seen.now++
      seen.calls++
      seen.most = Math.max(seen.most, seen.now)
      for (let turn = 0; turn < 3; turn++) yield* Effect.yieldNow()
      seen.now--
      return value
    })
  const storage = {
    acquire: (_address, shardIds) => statement([...shardIds]),
    refresh: (_address, shardIds) => statement([...shardIds]),
    release: () => statement(undefined),
    releaseAll: () => statement(undefined)
  } as Pick<RunnerStorage.RunnerStorage["Type"], "acquire" | "refresh" | "release" | "releaseAll">
  return { seen, storage: storage as RunnerStorage.RunnerStorage["Type"] }
}

const self = RunnerAddress.make("127.0.0.1", 34431)
const shards = Array.from({ length: 100 }, (_, i) => ShardId.make("default", i + 1))

// What a rebalance does: each shard released in a fiber of its own, while the heartbeat refreshes and the acquisition loop runs.
const rebalance = (storage: RunnerStorage.RunnerStorage["Type"]) =>
  Effect.all(
    [
      ...shards.map((shard) => storage.release(self, shard)),
      storage.refresh(self, shards.slice(0, 3)),
      storage.acquire(self, shards.slice(3, 6)),
      storage.releaseAll(self)
    ],
    { concurrency: "unbounded", discard: true }
  )

describe("the cluster's shard-lock statements", () => {
  it.effect("overlap on the library's one lock connection during a rebalance, as they come", () =>
    Effect.gen(function*() {
      const { seen, storage } = counting()
      yield* rebalance(storage)
      expect(seen.most).toBeGreaterThan(1)
    }))

  it.effect("reach it one at a time through oneLockStatementAtATime, every one of them", () =>
    Effect.gen(function*() {
      const { seen, storage } = counting()
      yield* rebalance(yield* oneLockStatementAtATime(storage))
      expect(seen.most).toBe(1)
      expect(seen.calls).toBe(shards.length + 3)
    }))
})
