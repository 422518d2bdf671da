// Several runner processes over one PostgreSQL database, as docs/scale-out.md starts them: each its
// own PORT and RUNNER_ADDRESS, all one DATABASE_URL, ADMIN_TOKEN and ASSET_DIR.
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import Pg from "pg"
import { cpuMsOf, freePort } from "../lib/child.js"
import { connectionPool } from "../lib/rawClient.js"
import { type Service, startService } from "../service/service.js"

export interface Runner extends Service {
  readonly address: string
}

export interface ClusterOptions {
  readonly repo: string
  readonly databaseUrl: string
  /** Each runner gets <scratch>/runner-<i> as its DATA_DIR; all share <scratch>/assets. */
  readonly scratch: string
  /** <logPrefix>-<i>.log per runner. */
  readonly logPrefix: string
  readonly env?: Record<string, string | undefined>
}

/** Starts one runner; resolves once it answers HTTP. */
export const startRunner = async (options: ClusterOptions, index: number): Promise<Runner> => {
  const address = `localhost:${await freePort()}`
  const dataDir = join(options.scratch, `runner-${index}`)
  mkdirSync(join(options.scratch, "assets"), { recursive: true })
  const service = await startService({
    repo: options.repo,
    databaseUrl: options.databaseUrl,
    dataDir,
    logFile: `${options.logPrefix}-${index}.log`,
    env: { RUNNER_ADDRESS: address, ASSET_DIR: join(options.scratch, "assets"), ...options.env },
    startTimeoutMs: 180_000
  })
  return { ...service, address }
}

/** `count` runners started together, as three first starts on an empty database would be, each answering and the shards spread over all. */
export const startCluster = async (options: ClusterOptions, count: number): Promise<Array<Runner>> => {
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startRunner(options, i)))
  const runners = started.flatMap((s) => s.status === "fulfilled" ? [s.value] : [])
  const failed = started.find((s) => s.status === "rejected")
  if (failed !== undefined) {
    await stopCluster(runners)
    throw (failed as PromiseRejectedResult).reason
  }
  await shardsSpread(options.databaseUrl, count)
  return runners
}

export const stopCluster = async (runners: ReadonlyArray<Runner>) => {
  await Promise.all(runners.map((r) => r.child.stop()))
}

// @effect/cluster's shard of an entity, copied from its internal/hash.ts (not exported): the
// contract id hashed onto 300 shards, numbered from 1.
const hashString = (text: string) => {
  let h = 5381
  let i = text.length
  while (i) h = (h * 33) ^ text.charCodeAt(--i)
  return (h & 0xbfffffff) | ((h >>> 1) & 0x40000000)
}
export const shardsPerGroup = 300
export const shardOf = (contractId: string) => Math.abs(hashString(contractId) % shardsPerGroup) + 1

// On PostgreSQL a runner holds each of its shards as an advisory lock numbered 1,000,000 + shard
// (the one shard group, "default"), all on one connection of its own.
const shardLocks = `
  SELECT pid, array_agg(objid::int - 1000000 ORDER BY objid) AS shards FROM pg_locks
  WHERE locktype = 'advisory' AND granted AND objid BETWEEN 1000001 AND 1000300
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
  GROUP BY pid`

/** Which backend holds which shards now. */
export const shardHolders = async (client: Pg.Client): Promise<Map<number, ReadonlyArray<number>>> =>
  new Map((await client.query<{ pid: number; shards: Array<number> }>(shardLocks)).rows.map((r) => [r.pid, r.shards]))

/** Waits until `count` runners hold all 300 shards between them: before that, shards are still moving. */
export const shardsSpread = async (databaseUrl: string, count: number, timeoutMs = 90_000) => {
  const client = new Pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const holders = [...(await shardHolders(client)).values()]
      if (holders.length === count && holders.reduce((sum, s) => sum + s.length, 0) === shardsPerGroup) return
      if (Date.now() > deadline) throw new Error(`the shards did not spread over ${count} runners: ${holders.map((s) => s.length).join(", ")}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  } finally {
    await client.end()
  }
}

/** One keep-alive connection per client, client `c` on runner `c % runners`: the load spread evenly over every runner's port. */
export const spreadPool = (bases: ReadonlyArray<string>, clients: number) => {
  const pools = bases.map((base) => connectionPool(base, clients))
  return {
    at: (client: number) => pools[client % pools.length]!.at(client),
    close: () => pools.forEach((p) => p.close())
  }
}

/** CPU (ms, all threads) the runners have used so far, summed. */
export const cpuOf = (runners: ReadonlyArray<Runner>) => runners.reduce((sum, r) => sum + cpuMsOf(r.child.pid), 0)
