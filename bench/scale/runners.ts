import { join } from "node:path"
import { pgRoundFloor } from "../floors/pgFloor.js"
import { expectJson, keepAliveAgent, request } from "../lib/http.js"
import { runLoad, type LoadResult } from "../lib/load.js"
import { type PgWaits, sampleWaits } from "../lib/pgWaits.js"
import { freshDatabase } from "../lib/postgres.js"
import type { RawConnection } from "../lib/rawClient.js"
import { round } from "../lib/stats.js"
import { draftAndSend, freshKey, type Seat, type SentContract, twoSides } from "../service/actors.js"
import { inParallel } from "../service/flows.js"
import { cpuOf, type Runner, spreadPool, startCluster, stopCluster } from "./cluster.js"

export interface RunnerSettings {
  readonly runnerCounts: ReadonlyArray<number>
  readonly contracts: number
  readonly durationMs: number
  readonly readConnections: number
  readonly writeClients: number
}

export interface RunnerLoad extends LoadResult {
  /** CPU of every runner (all threads) per operation answered, warm-up included. */
  readonly runnersCpuMsPerOp: number
  /** What the database's backends did meanwhile. */
  readonly db: PgWaits
}

export interface RunnersResult {
  /** The round transaction at `writeClients` clients through pg, in this run: the floor under a spread commit. */
  readonly roundFloor: LoadResult
  readonly points: ReadonlyArray<RunnerPoint>
}

export interface RunnerPoint {
  readonly runners: number
  readonly setupSeconds: number
  /** Draft-and-sends of the set-up that failed and were tried again. */
  readonly setupFailures: ReadonlyArray<string>
  readonly reads: RunnerLoad
  readonly commits: RunnerLoad & { readonly okAnswers: number; readonly roundsCommitted: number }
}

export interface Where {
  readonly repo: string
  readonly adminUrl: string
  readonly scratch: string
  readonly logDir: string
}

/** A load spread over every runner, with the runners' CPU per operation. */
const spreadLoad = async (
  databaseUrl: string,
  runners: ReadonlyArray<Runner>,
  clients: number,
  durationMs: number,
  op: (connection: RawConnection) => Promise<number>
): Promise<RunnerLoad> => {
  const pool = spreadPool(runners.map((r) => r.url), clients)
  const cpuBefore = cpuOf(runners)
  const waits = await sampleWaits(databaseUrl)
  const result = await runLoad({ clients, durationMs, op: (client) => op(pool.at(client)) })
  const db = await waits()
  const served = Object.values(result.allStatuses).reduce((a, b) => a + b, 0)
  pool.close()
  return { ...result, runnersCpuMsPerOp: round((cpuOf(runners) - cpuBefore) / Math.max(1, served), 2), db }
}

/** Every contract's head_sequence summed, read through one runner (any runner answers what is committed). */
export const headsOf = async (base: string, seat: Seat, contracts: ReadonlyArray<SentContract>) => {
  const agent = keepAliveAgent(16)
  const heads = await inParallel(
    contracts.length,
    16,
    async (i) =>
      (await expectJson(200, request(base, `/contracts/${contracts[i]!.id}/state`, { agent, headers: seat.headers }), "state")).head_sequence as number
  )
  agent.destroy()
  return heads.reduce((a, b) => a + b, 0)
}

/** The reply commit of the spread flow (bench/service/flows.ts): an empty reply, sides taking turns, a real round each. */
export const replyRequest = (sides: { ada: Seat; bea: Seat }, targets: ReadonlyArray<SentContract>, n: number) => {
  const target = targets[n % targets.length]!
  const seat = Math.floor(n / targets.length) % 2 === 0 ? sides.bea : sides.ada
  return {
    path: `/contracts/${target.id}/replies`,
    headers: { ...seat.headers, "if-match": target.wordsHash, "idempotency-key": freshKey("reply") },
    body: JSON.stringify({ confirmed_by: seat.person.id })
  }
}

/**
 * Sent contracts drafted through every runner in turn. A draft or send that fails is tried again
 * from the start (at most four times) and its error kept: a runner that loses its shard locks
 * under the burst answers 500s, which the run reports rather than dies of.
 */
export const seedThrough = async (runners: ReadonlyArray<{ readonly url: string }>, count: number, log?: (line: string) => void) => {
  const agents = runners.map(() => keepAliveAgent(32))
  const sides = await twoSides(runners[0]!.url, agents[0]!)
  const failures: Array<string> = []
  const contracts = await inParallel(count, 32, async (i) => {
    for (let attempt = 0;; attempt++) {
      try {
        return await draftAndSend(runners[i % runners.length]!.url, agents[i % runners.length]!, sides.ada, sides.bea)
      } catch (error) {
        failures.push(String(error).slice(0, 200))
        if (attempt === 3) throw error
      }
    }
  })
  agents.forEach((a) => a.destroy())
  if (failures.length > 0) log?.(`  set-up: ${failures.length} draft-and-sends failed and were tried again; the first: ${failures[0]}`)
  return { sides, contracts, failures }
}

/** Reads and spread commits against 1, 2 and 3 runners, each count on a fresh database, the load spread over every runner's port. */
export const runnersFlow = async (where: Where, settings: RunnerSettings, log: (line: string) => void): Promise<RunnersResult> => {
  const floorDb = await freshDatabase(where.adminUrl, "contracts_bench_runners_floor")
  const roundFloor = await pgRoundFloor(floorDb.url, settings.writeClients, settings.durationMs).finally(() => floorDb.drop())
  log(`  round transaction, PostgreSQL, at ${settings.writeClients}: ${roundFloor.medianRate}/s`)
  const points: Array<RunnerPoint> = []
  for (const count of settings.runnerCounts) {
    const database = await freshDatabase(where.adminUrl, "contracts_bench_runners")
    let runners: Array<Runner> = []
    try {
      runners = await startCluster(
        { repo: where.repo, databaseUrl: database.url, scratch: join(where.scratch, `runners-${count}`), logPrefix: join(where.logDir, `runners-${count}`) },
        count
      )
      const began = performance.now()
      const { contracts, failures, sides } = await seedThrough(runners, settings.contracts, log)
      const setupSeconds = round((performance.now() - began) / 1000, 1)
      let nextRead = 0
      const reads = await spreadLoad(
        database.url,
        runners,
        settings.readConnections,
        settings.durationMs,
        (connection) => connection.request("GET", `/contracts/${contracts[nextRead++ % contracts.length]!.id}`, sides.bea.headers)
      )
      const before = await headsOf(runners[0]!.url, sides.ada, contracts)
      let nextWrite = 0
      const commits = await spreadLoad(database.url, runners, settings.writeClients, settings.durationMs, (connection) => {
        const reply = replyRequest(sides, contracts, nextWrite++)
        return connection.request("POST", reply.path, reply.headers, reply.body)
      })
      const roundsCommitted = (await headsOf(runners[0]!.url, sides.ada, contracts)) - before
      points.push({
        runners: count,
        setupSeconds,
        setupFailures: failures,
        reads,
        commits: { ...commits, okAnswers: commits.allStatuses["200"] ?? 0, roundsCommitted }
      })
      log(
        `  ${count} runner(s): reads ${reads.medianRate}/s (p99 ${reads.p99Ms} ms), spread commits ${commits.medianRate}/s (${
          commits.allStatuses["200"] ?? 0
        } answered 200, ${roundsCommitted} rounds)`
      )
    } finally {
      await stopCluster(runners)
      await database.drop()
    }
  }
  return { roundFloor, points }
}
