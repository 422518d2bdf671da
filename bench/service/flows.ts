import type http from "node:http"
import { expectJson, keepAliveAgent, request } from "../lib/http.js"
import { runLoad, type LoadResult } from "../lib/load.js"
import { connectionPool } from "../lib/rawClient.js"
import { draftAndSend, draftBody, freshKey, type SentContract, type Seat, twoSides } from "./actors.js"
import type { Service } from "./service.js"

export type FlowName = "drafting" | "get" | "spread" | "hot"

export interface FlowSettings {
  /** Which flows to run (all when undefined): a profile of one flow is easier to read than of four. */
  readonly flows?: ReadonlyArray<FlowName> | undefined
  readonly durationMs: number
  readonly spreadContracts: number
  readonly writeClients: number
  readonly readConnections: number
}

/** Runs `work` for indexes 0..count-1 on `clients` concurrent loops. */
export const inParallel = async <A>(count: number, clients: number, work: (index: number) => Promise<A>): Promise<Array<A>> => {
  const results = new Array<A>(count)
  let next = 0
  await Promise.all(Array.from({ length: clients }, async () => {
    while (next < count) {
      const index = next++
      results[index] = await work(index)
    }
  }))
  return results
}

const headSequence = async (base: string, agent: http.Agent, seat: Seat, id: string) =>
  (await expectJson(200, request(base, `/contracts/${id}/state`, { agent, headers: seat.headers }), "state")).head_sequence as number

export interface CommitFlow extends LoadResult {
  /** Rounds the contracts' head_sequence moved by, against the 200s the clients saw: equal when every commit was a round of its own. */
  readonly roundsCommitted: number
  readonly okAnswers: number
}

/**
 * Empty replies, alternating Bea and Ada. After Bea's first empty reply the contract is agreed and
 * further empty replies still commit a letter each (head_sequence moves by one), with the words,
 * and so the If-Match hash, unchanged: every request is a real committed round.
 */
const commitFlow = async (
  base: string,
  sides: { ada: Seat; bea: Seat },
  targets: ReadonlyArray<SentContract>,
  clients: number,
  durationMs: number,
  profiled: <A>(work: () => Promise<A>) => Promise<A>,
  serverPid: number
): Promise<CommitFlow> => {
  const agent = keepAliveAgent(16)
  const heads = async () => (await inParallel(targets.length, 16, (i) => headSequence(base, agent, sides.ada, targets[i]!.id))).reduce((a, b) => a + b, 0)
  const before = await heads()
  const pool = connectionPool(base, clients)
  let next = 0
  const result = await profiled(() =>
    runLoad({
      clients,
      durationMs,
      serverPid,
      op: (client) => {
        const n = next++
        const target = targets[n % targets.length]!
        const seat = Math.floor(n / targets.length) % 2 === 0 ? sides.bea : sides.ada
        return pool.at(client).request("POST", `/contracts/${target.id}/replies`, {
          ...seat.headers,
          "if-match": target.wordsHash,
          "idempotency-key": freshKey("reply")
        }, JSON.stringify({ confirmed_by: seat.person.id }))
      }
    })
  )
  pool.close()
  const after = await heads()
  agent.destroy()
  return { ...result, roundsCommitted: after - before, okAnswers: result.allStatuses["200"] ?? 0 }
}

export interface ServiceResults {
  readonly setupSeconds: number
  readonly drafting?: LoadResult
  readonly getSheet?: LoadResult & { readonly sheetBytes: number }
  /** The same read from one connection: the latency of a GET with no queue in front of it. */
  readonly getSheetOne?: LoadResult
  readonly spreadCommits?: CommitFlow
  readonly hotCommits?: CommitFlow & { readonly hotHeadSequenceAfter: number }
}

/** Every service flow, on one running service, in a fixed order so both databases see the same history. */
export const serviceFlows = async (service: Service, settings: FlowSettings, log: (line: string) => void): Promise<ServiceResults> => {
  const base = service.url
  const setupAgent = keepAliveAgent(settings.writeClients)
  const began = performance.now()
  const sides = await twoSides(base, setupAgent)
  const contracts = await inParallel(settings.spreadContracts, settings.writeClients, () => draftAndSend(base, setupAgent, sides.ada, sides.bea))
  const hot = await draftAndSend(base, setupAgent, sides.ada, sides.bea)
  const setupSeconds = (performance.now() - began) / 1000
  setupAgent.destroy()
  log(`  set up ${contracts.length + 1} sent contracts in ${setupSeconds.toFixed(1)} s`)

  const wanted = (flow: FlowName) => settings.flows === undefined || settings.flows.includes(flow)
  const results: { -readonly [K in keyof ServiceResults]: ServiceResults[K] } = { setupSeconds }

  if (wanted("drafting")) {
    const drafters = connectionPool(base, settings.writeClients)
    const body = JSON.stringify(draftBody)
    results.drafting = await service.profiled("drafting", () =>
      runLoad({
        clients: settings.writeClients,
        durationMs: settings.durationMs,
        serverPid: service.child.pid,
        op: (client) => drafters.at(client).request("POST", "/contracts", { ...sides.ada.headers, "idempotency-key": freshKey("draft") }, body)
      }))
    drafters.close()
    log(`  drafting: ${results.drafting.medianRate}/s`)
  }

  if (wanted("get")) {
    // The sheet as the counterparty reads it, over the freshly sent contracts.
    const sheet = await request(base, `/contracts/${contracts[0]!.id}`, { agent: keepAliveAgent(1), headers: sides.bea.headers })
    const readers = connectionPool(base, settings.readConnections)
    let nextRead = 0
    const getSheet = await service.profiled("get", () =>
      runLoad({
        clients: settings.readConnections,
        durationMs: settings.durationMs,
        serverPid: service.child.pid,
        op: (client) => readers.at(client).request("GET", `/contracts/${contracts[nextRead++ % contracts.length]!.id}`, sides.bea.headers)
      }))
    results.getSheet = { ...getSheet, sheetBytes: Buffer.byteLength(sheet.text) }
    log(`  GET sheet: ${getSheet.medianRate}/s, p99 ${getSheet.p99Ms} ms`)
    results.getSheetOne = await runLoad({
      clients: 1,
      durationMs: settings.durationMs / 2,
      serverPid: service.child.pid,
      op: (client) => readers.at(client).request("GET", `/contracts/${contracts[nextRead++ % contracts.length]!.id}`, sides.bea.headers)
    })
    readers.close()
    log(`  GET sheet from one connection: ${results.getSheetOne.medianRate}/s, p99 ${results.getSheetOne.p99Ms} ms`)
  }

  if (wanted("spread")) {
    const spread = await commitFlow(
      base,
      sides,
      contracts,
      settings.writeClients,
      settings.durationMs,
      (work) => service.profiled("spread", work),
      service.child.pid
    )
    results.spreadCommits = spread
    log(`  spread commits: ${spread.medianRate}/s (${spread.okAnswers} answered 200, ${spread.roundsCommitted} rounds)`)
  }

  if (wanted("hot")) {
    const hotCommits = await commitFlow(
      base,
      sides,
      [hot],
      settings.writeClients,
      settings.durationMs,
      (work) => service.profiled("hot", work),
      service.child.pid
    )
    const hotHeadSequenceAfter = await headSequence(base, keepAliveAgent(1), sides.ada, hot.id)
    results.hotCommits = { ...hotCommits, hotHeadSequenceAfter }
    log(`  hot commits: ${hotCommits.medianRate}/s (${hotCommits.okAnswers} answered 200, ${hotCommits.roundsCommitted} rounds)`)
  }
  return results
}
