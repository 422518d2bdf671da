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
  /** Contracts drafted and touched so far. */
  readonly contracts: number
  /** Seconds since the first of them was drafted. */
  readonly atSeconds: number
  /** RSS as the kernel saw it just before the forced collection. */
  readonly rssBeforeGcMb: number
}

export interface MemoryResults {
  readonly contracts: number
  readonly idleSeconds: number
  readonly draftSeconds: number
  readonly before: MemoryPoint
  /** Taken after `liveContracts`, sooner than any of them could passivate: what live entities cost. */
  readonly live: MemoryPoint & { readonly allStillLive: boolean }
  /** The growth curve while drafting: flat once entities passivate as fast as new ones arrive. */
  readonly curve: ReadonlyArray<MemoryPoint>
  readonly rightAfter: MemoryPoint
  readonly afterPassivation: MemoryPoint
  readonly secondsToPassivate: number
  /** Growth over `before`, per 1,000 contracts, in MB. */
  readonly perThousand: {
    readonly live: { rss: number; heapUsed: number }
    readonly rightAfter: { rss: number; heapUsed: number }
    readonly afterPassivation: { rss: number; heapUsed: number }
  }
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1)
const probeModule = fileURLToPath(new URL("./memoryProbe.ts", import.meta.url))

/**
 * Drafts `contracts` contracts and touches each (a fact confirmation, a second write through its
 * entity), reading memory along the way, then watches it as idle entities passivate after
 * CONTRACT_IDLE_SECONDS. Memory is read after a forced full GC in the service (memoryProbe.ts).
 */
export const memoryFlow = async (
  options: Omit<ServiceOptions, "idleSeconds" | "preload" | "nodeFlags" | "onLine">,
  settings: {
    readonly contracts: number
    /** Where the curve is read; the first is the "live" point and must come sooner than the idle time. */
    readonly checkpoints: ReadonlyArray<number>
    readonly idleSeconds: number
    readonly clients: number
  },
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
  let done = 0
  let began = performance.now()
  const measure = async (): Promise<MemoryPoint> => {
    const rssBeforeGcMb = round(service.child.rssMb(), 1)
    const probe = new Promise<Probe>((resolve) => (waiting = resolve))
    service.child.process.kill("SIGUSR2")
    return { contracts: done, atSeconds: round((performance.now() - began) / 1000, 0), rssBeforeGcMb, ...(await probe) }
  }
  // The reaper looks for idle entities every max(5 s, min(30 s, idle time)): allow two of its sweeps.
  const sweep = Math.max(5000, Math.min(30_000, settings.idleSeconds * 1000))
  const passivation = settings.idleSeconds * 1000 + 2 * sweep + 2000

  try {
    const agent = keepAliveAgent(settings.clients)
    const sides = await twoSides(service.url, agent)
    const touch = async () => {
      const drafted = await expectJson(201, draftRequest(service.url, agent, sides.ada), "draft")
      await expectJson(
        200,
        request(service.url, `/contracts/${drafted.id}/facts/${drafted.facts[0].id}/confirm`, {
          agent,
          method: "POST",
          headers: sides.ada.headers
        }),
        "confirm"
      )
    }
    /** Drafts and touches until `total` contracts exist, on `clients` loops. */
    const touchUpTo = async (total: number) => {
      await Promise.all(Array.from({ length: settings.clients }, async () => {
        while (done < total) {
          done++
          await touch()
        }
      }))
    }

    // Warm the code paths first, and let those few entities go, so `before` is a service at rest.
    await touchUpTo(200)
    await sleep(passivation)
    done = 0
    began = performance.now()
    const before = await measure()
    log(`  memory before: ${before.heapUsedMb} MB heap, ${before.rssMb} MB RSS`)

    const curve: Array<MemoryPoint> = []
    for (const checkpoint of settings.checkpoints) {
      await touchUpTo(checkpoint)
      curve.push(await measure())
      log(`  ${checkpoint} contracts at ${curve.at(-1)!.atSeconds} s: ${curve.at(-1)!.heapUsedMb} MB heap, ${curve.at(-1)!.rssMb} MB RSS`)
    }
    await touchUpTo(settings.contracts)
    const draftSeconds = (performance.now() - began) / 1000
    const rightAfter = await measure()
    log(`  right after ${settings.contracts} contracts (${draftSeconds.toFixed(0)} s): ${rightAfter.heapUsedMb} MB heap, ${rightAfter.rssMb} MB RSS`)

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
    log(`  after passivation: ${afterPassivation.heapUsedMb} MB heap, ${afterPassivation.rssMb} MB RSS`)
    agent.destroy()

    const per = (point: MemoryPoint) => ({
      rss: round((point.rssMb - before.rssMb) / (point.contracts / 1000), 2),
      heapUsed: round((point.heapUsedMb - before.heapUsedMb) / (point.contracts / 1000), 2)
    })
    const first = curve[0]!
    return {
      contracts: settings.contracts,
      idleSeconds: settings.idleSeconds,
      draftSeconds: round(draftSeconds, 1),
      before,
      // Every contract of the first checkpoint is live if it was reached sooner than the idle time.
      live: { ...first, allStillLive: first.atSeconds < settings.idleSeconds },
      curve,
      rightAfter,
      afterPassivation,
      secondsToPassivate,
      perThousand: { live: per(first), rightAfter: per(rightAfter), afterPassivation: per({ ...afterPassivation, contracts: settings.contracts }) }
    }
  } finally {
    await service.child.stop()
  }
}
