import { join } from "node:path"
import Pg from "pg"
import { keepAliveAgent, request } from "../lib/http.js"
import { freshDatabase } from "../lib/postgres.js"
import { RawConnection } from "../lib/rawClient.js"
import { quantile, round } from "../lib/stats.js"
import { cpuOf, type Runner, shardHolders, shardOf, startCluster, stopCluster } from "./cluster.js"
import { headsOf, replyRequest, seedThrough, type Where } from "./runners.js"

export interface FailoverSettings {
  readonly contracts: number
  readonly writeClients: number
  /** Load before the kill, and after the last contract answered again. */
  readonly leadMs: number
  /** Give up on a contract answering again after this long. */
  readonly timeoutMs: number
}

export interface FailoverResult {
  readonly contracts: number
  /** Draft-and-sends of the set-up that failed and were tried again. */
  readonly setupFailures: ReadonlyArray<string>
  readonly victimShards: number
  readonly victimContracts: number
  /** From SIGKILL until the killed runner's shard locks were gone from PostgreSQL. */
  readonly locksFreedMs: number
  /** From SIGKILL until the two survivors held all 300 shards. */
  readonly shardsTakenMs: number
  /** From SIGKILL until each of the killed runner's contracts answered a write through a survivor: median and slowest. */
  readonly victimFirstWriteP50Ms: number
  readonly victimFirstWriteMaxMs: number
  /** The same for the survivors' own contracts: what a write costs when its shard never moved. */
  readonly othersFirstWriteMaxMs: number
  readonly probeStatuses: Record<string, number>
  readonly load: {
    readonly clients: number
    /** 200s per second, from `leadSeconds` before the kill to the end. */
    readonly perSecond: ReadonlyArray<number>
    readonly leadSeconds: number
    readonly statuses: Record<string, number>
    readonly errors: number
    readonly attempted: number
  }
  /** 200 answers (load and probes) against rounds the contracts moved by: rounds below acknowledged would be a lost write. */
  readonly acknowledged: number
  readonly roundsCommitted: number
  readonly survivorsCpuMsPerOp: number
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const count = (into: Record<string, number>, key: string | number) => void (into[key] = (into[key] ?? 0) + 1)

/**
 * Three runners taking spread commits through all three; one is SIGKILLed, the load moves to the
 * survivors (as a load balancer would), and every contract is probed with a write through them
 * until it answers: the killed runner's contracts answer once their shards have moved.
 */
export const failoverFlow = async (where: Where, settings: FailoverSettings, log: (line: string) => void): Promise<FailoverResult> => {
  const database = await freshDatabase(where.adminUrl, "contracts_bench_failover")
  let runners: Array<Runner> = []
  const watcher = new Pg.Client({ connectionString: database.url })
  try {
    runners = await startCluster({
      repo: where.repo,
      databaseUrl: database.url,
      scratch: join(where.scratch, "failover"),
      logPrefix: join(where.logDir, "failover")
    }, 3)
    await watcher.connect()
    const { contracts, failures, sides } = await seedThrough(runners, settings.contracts, log)
    const before = await headsOf(runners[0]!.url, sides.ada, contracts)
    const holdersBefore = await shardHolders(watcher)

    const alive = [0, 1, 2]
    const victim = runners[2]!
    const started = performance.now()
    let killedAt = Infinity
    const done: Array<number> = []
    const statuses: Record<string, number> = {}
    let errors = 0
    let attempted = 0
    let loading = true
    let next = 0
    // One connection per client and runner; client c goes to a live runner, round-robin by its index.
    const connections = Array.from({ length: settings.writeClients }, () => runners.map((r) => new RawConnection("127.0.0.1", Number(new URL(r.url).port))))
    const loop = async (client: number) => {
      while (loading) {
        const reply = replyRequest(sides, contracts, next++)
        attempted++
        try {
          const status = await connections[client]![alive[client % alive.length]!]!.request("POST", reply.path, reply.headers, reply.body)
          count(statuses, status)
          if (status === 200) done.push(performance.now())
        } catch {
          // A request in flight to the runner just killed, or a connection to it.
          errors++
          await sleep(10)
        }
      }
    }
    const load = Array.from({ length: settings.writeClients }, (_, i) => loop(i))
    await sleep(settings.leadMs)

    const cpuBefore = cpuOf(runners.slice(0, 2))
    alive.splice(alive.indexOf(2), 1)
    victim.child.process.kill("SIGKILL")
    killedAt = performance.now()
    log(`  killed runner 2 (pid ${victim.child.pid}) under ${settings.writeClients} clients of spread commits`)

    // Its locks end with its connection; the survivors take its shards once its heartbeat is stale.
    let victimPid: number | undefined
    let locksFreedMs = NaN
    let shardsTakenMs = NaN
    const watch = (async () => {
      while (Number.isNaN(shardsTakenMs) && performance.now() - killedAt < settings.timeoutMs) {
        const holders = await shardHolders(watcher)
        if (victimPid === undefined) {
          victimPid = [...holdersBefore.keys()].find((pid) => !holders.has(pid))
          if (victimPid !== undefined) locksFreedMs = performance.now() - killedAt
        }
        if ([...holders.values()].reduce((sum, s) => sum + s.length, 0) === 300 && holders.size === 2) shardsTakenMs = performance.now() - killedAt
        await sleep(50)
      }
    })()

    const probeAgent = keepAliveAgent(contracts.length)
    const probeStatuses: Record<string, number> = {}
    let probeOk = 0
    const firstWrite = await Promise.all(contracts.map(async (_, i) => {
      for (let attempt = 0; performance.now() - killedAt < settings.timeoutMs; attempt++) {
        const reply = replyRequest(sides, [contracts[i]!], attempt)
        const through = runners[alive[(i + attempt) % alive.length]!]!.url
        const answer = await request(through, reply.path, { agent: probeAgent, method: "POST", headers: reply.headers, body: JSON.parse(reply.body) })
          .catch(() => ({ status: -1 }))
        count(probeStatuses, answer.status)
        // The contract's writer answered: a refusal would be an answer too, a 5xx is the shard still moving.
        if (answer.status >= 0 && answer.status < 500) {
          if (answer.status === 200) probeOk++
          return performance.now() - killedAt
        }
        if (answer.status < 0) await sleep(50)
      }
      return Infinity
    }))
    await watch
    await sleep(settings.leadMs)
    loading = false
    await Promise.all(load)
    const ended = performance.now()
    const served = Object.values(statuses).reduce((a, b) => a + b, 0)
    const survivorsCpuMsPerOp = round((cpuOf(runners.slice(0, 2)) - cpuBefore) / Math.max(1, served), 2)
    connections.flat().forEach((c) => c.close())
    probeAgent.destroy()
    const roundsCommitted = (await headsOf(runners[0]!.url, sides.ada, contracts)) - before

    const victimShards = new Set(victimPid === undefined ? [] : holdersBefore.get(victimPid)!)
    const onVictim = (i: number) => victimShards.has(shardOf(contracts[i]!.id))
    const victims = Float64Array.from(firstWrite.filter((_, i) => onVictim(i))).sort()
    const others = firstWrite.filter((_, i) => !onVictim(i))
    const perSecond = new Array<number>(Math.ceil((ended - started) / 1000)).fill(0)
    for (const at of done) perSecond[Math.floor((at - started) / 1000)]!++
    const result: FailoverResult = {
      contracts: contracts.length,
      setupFailures: failures,
      victimShards: victimShards.size,
      victimContracts: victims.length,
      locksFreedMs: round(locksFreedMs, 0),
      shardsTakenMs: round(shardsTakenMs, 0),
      victimFirstWriteP50Ms: round(quantile(victims, 0.5), 0),
      victimFirstWriteMaxMs: round(quantile(victims, 1), 0),
      othersFirstWriteMaxMs: round(Math.max(...others), 0),
      probeStatuses,
      load: { clients: settings.writeClients, perSecond, leadSeconds: settings.leadMs / 1000, statuses, errors, attempted },
      acknowledged: (statuses["200"] ?? 0) + probeOk,
      roundsCommitted,
      survivorsCpuMsPerOp
    }
    log(
      `  runner 2 held ${result.victimShards} shards and ${result.victimContracts} of ${result.contracts} contracts: locks freed after ${result.locksFreedMs} ms, shards taken after ${result.shardsTakenMs} ms, its contracts wrote again after ${result.victimFirstWriteP50Ms} ms (median), ${result.victimFirstWriteMaxMs} ms (last)`
    )
    return result
  } finally {
    await watcher.end().catch(() => undefined)
    await stopCluster(runners)
    await database.drop()
  }
}
