// The parts issue 16 added to the bench, each runnable alone with --only=: framework, runners,
// failover, tail, lists. Their settings, and the order they run in.
import { frameworkFlow } from "./floors/framework.js"
import { listsFlow } from "./lists/lists.js"
import { failoverFlow } from "./scale/failover.js"
import { runnersFlow, type Where } from "./scale/runners.js"
import type { ScaleResults } from "./scaleReport.js"
import { tailFlow } from "./tail/tail.js"

export const scaleParts = ["framework", "runners", "failover", "tail", "lists"] as const

export const scaleSettings = (quick: boolean) => ({
  framework: { durationMs: quick ? 2000 : 8000, readConnections: 100, contracts: quick ? 200 : 1000 },
  runners: { runnerCounts: [1, 2, 3], contracts: quick ? 200 : 1000, durationMs: quick ? 2000 : 8000, readConnections: 100, writeClients: 32 },
  failover: { contracts: quick ? 60 : 150, writeClients: 32, leadMs: 2000, timeoutMs: 60_000 },
  tail: { connections: 100, durationMs: quick ? 3000 : 8000, contracts: quick ? 200 : 1000 },
  // The sizes are the point, so --quick keeps them and takes fewer requests at each. The target is
  // an org with many counterparties; one counterparty holding all 100,000 answers them all by design
  // (a relationship lists every contract, a feed page finishes its group), so only the full run has it.
  lists: {
    sizes: [1000, 10_000, 100_000],
    requests: quick ? 200 : 400,
    budgetMs: quick ? 15_000 : 60_000,
    perRelationship: quick ? [10] : [10, null]
  }
})

/** Runs the wanted parts in turn; what each measured lands in `into` as soon as it is done. */
export const runScaleParts = async (
  wanted: (part: string) => boolean,
  quick: boolean,
  where: Where,
  into: ScaleResults,
  log: (line: string) => void
) => {
  const settings = scaleSettings(quick)
  if (wanted("framework")) {
    log("framework floor: bare node:http, a trivial HttpApi endpoint, GET /contracts/{id}")
    into.framework = await frameworkFlow(where, settings.framework, log)
  }
  if (wanted("runners")) {
    log("runners: reads and spread commits through 1, 2 and 3 runner processes on PostgreSQL")
    into.runners = await runnersFlow(where, settings.runners, log)
  }
  if (wanted("failover")) {
    log("failover: three runners under spread commits, one SIGKILLed")
    into.failover = await failoverFlow(where, settings.failover, log)
  }
  if (wanted("tail")) {
    log(`tail: latency at ${settings.tail.connections} connections from the bench's client and autocannon`)
    into.tail = await tailFlow(where, settings.tail, log)
  }
  if (wanted("lists")) {
    log("lists: feed, list and relationship latency at 1,000, 10,000 and 100,000 contracts")
    into.lists = await listsFlow(where, settings.lists, log)
  }
  return settings
}
