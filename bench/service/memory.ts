import { setTimeout as sleep } from "node:timers/promises"
import { fileURLToPath } from "node:url"
import { expectJson, keepAliveAgent, request } from "../lib/http.js"
import { round } from "../lib/stats.js"
import { draftRequest, twoSides } from "./actors.js"
import { type ServiceOptions, startService } from "./service.js"

interface Probe {
  readonly rssMb: number
  readonly heapUsedMb: number
  readonly externalMb: number
}

export interface MemoryPoint extends Probe {
  /** RSS as the kernel saw it just before the forced collection. */
  readonly rssBeforeGcMb: number
}

export interface MemoryResults {
  readonly contracts: number
  readonly idleSeconds: number
  readonly draftSeconds: number
  readonly before: MemoryPoint
  readonly rightAfter: MemoryPoint
  readonly afterPassivation: MemoryPoint
  readonly secondsToPassivate: number
  /** Growth over `before`, per 1,000 contracts, in MB. */
  readonly perThousand: { readonly rightAfter: { rss: number; heapUsed: number }; readonly afterPassivation: { rss: number; heapUsed: number } }
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1)
const probeModule = fileURLToPath(new URL("./memoryProbe.ts", import.meta.url))

/**
 * Drafts `contracts` contracts and touches each (a fact confirmation, a second write through its
 * entity), then watches memory as the idle entities passivate after CONTRACT_IDLE_SECONDS.
 */
export const memoryFlow = async (
  options: Omit<ServiceOptions, "idleSeconds" | "preload" | "nodeFlags" | "onLine">,
  settings: { readonly contracts: number; readonly idleSeconds: number; readonly clients: number },
  log: (line: string) => void
): Promise<MemoryResults> => {
  let waiting: ((probe: Probe) => void) | undefined
  const service = await startService({
    ...options,
    idleSeconds: settings.idleSeconds,
    nodeFlags: ["--expose-gc"],
    preload: [probeModule],
    onLine: (line) => {
      if (!line.startsWith("BENCH_MEMORY ")) return
      const m = JSON.parse(line.slice("BENCH_MEMORY ".length))
      waiting?.({ rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), externalMb: mb(m.external) })
    }
  })
  const measure = async (): Promise<MemoryPoint> => {
    const rssBeforeGcMb = round(service.child.rssMb(), 1)
    const probe = new Promise<Probe>((resolve) => (waiting = resolve))
    service.child.process.kill("SIGUSR2")
    return { rssBeforeGcMb, ...(await probe) }
  }
  // The reaper looks for idle entities every max(5 s, idle time): allow two of its sweeps.
  const passivation = settings.idleSeconds * 1000 + 2 * Math.max(5000, settings.idleSeconds * 1000) + 2000

  try {
    const agent = keepAliveAgent(settings.clients)
    const sides = await twoSides(service.url, agent)
    const touch = async () => {
      const drafted = await expectJson(201, draftRequest(service.url, agent, sides.ada), "draft")
      await expectJson(200, request(service.url, `/contracts/${drafted.id}/facts/${drafted.facts[0].id}/confirm`, {
        agent,
        method: "POST",
        headers: sides.ada.headers
      }), "confirm")
    }
    const touchMany = async (count: number) => {
      let next = 0
      await Promise.all(Array.from({ length: settings.clients }, async () => {
        while (next++ < count) await touch()
      }))
    }

    // Warm the code paths first, and let those few entities go, so `before` is a service at rest.
    await touchMany(200)
    await sleep(passivation)
    const before = await measure()
    log(`  memory before: ${before.rssMb} MB RSS`)

    const began = performance.now()
    await touchMany(settings.contracts)
    const draftSeconds = (performance.now() - began) / 1000
    const rightAfter = await measure()
    log(`  memory right after ${settings.contracts} contracts (${draftSeconds.toFixed(0)} s): ${rightAfter.rssMb} MB RSS`)

    // Wait out the idle time and the reaper, then until the heap stops shrinking.
    const idleFrom = performance.now()
    await sleep(passivation)
    let afterPassivation = await measure()
    for (let i = 0; i < 6; i++) {
      await sleep(5000)
      const again = await measure()
      const settled = Math.abs(again.heapUsedMb - afterPassivation.heapUsedMb) < 1
      afterPassivation = again
      if (settled) break
    }
    const secondsToPassivate = round((performance.now() - idleFrom) / 1000, 0)
    log(`  memory after passivation: ${afterPassivation.rssMb} MB RSS`)
    agent.destroy()

    const per = (point: MemoryPoint) => ({
      rss: round((point.rssMb - before.rssMb) / (settings.contracts / 1000), 2),
      heapUsed: round((point.heapUsedMb - before.heapUsedMb) / (settings.contracts / 1000), 2)
    })
    return {
      contracts: settings.contracts,
      idleSeconds: settings.idleSeconds,
      draftSeconds: round(draftSeconds, 1),
      before,
      rightAfter,
      afterPassivation,
      secondsToPassivate,
      perThousand: { rightAfter: per(rightAfter), afterPassivation: per(afterPassivation) }
    }
  } finally {
    await service.child.stop()
  }
}
