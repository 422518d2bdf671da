// The bench's command line (bench/main.ts): which parts run, how long, and how the service is started.
import type { FlowName } from "./service/flows.js"
import type { ServiceLog } from "./service/service.js"

const args = process.argv.slice(2)
export const quick = args.includes("--quick")
export const profile = args.includes("--profile")
const listArg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3).split(",")
const only = listArg("only")
export const flows = listArg("flows") as Array<FlowName> | undefined
// Where the service flows' service logs (bench/service/service.ts); every other flow's logs to a file.
export const serviceLog = (listArg("service-log")?.[0] ?? "file") as ServiceLog
if (!["file", "pipe", "off"].includes(serviceLog)) throw new Error(`--service-log must be file, pipe or off; it is ${serviceLog}`)
// Node flags for the service flows' service: --perf-basic-prof-only-functions lets `perf record` name its JS frames.
export const serviceNodeFlags = listArg("service-node-flags") ?? []
export const wanted = (part: string) => only === undefined || only.includes(part)

const presets = quick
  ? {
    durationMs: 2000,
    spreadContracts: 200,
    writeClients: 32,
    readConnections: 100,
    memoryContracts: 1000,
    checkpoints: [200, 500],
    idleSeconds: 10,
    imports: { copies: 5, pages: 20, memoryFiles: 100, memoryFileMb: 1, memoryPages: 2, scanFiles: 2, scanPages: 2 },
    webhooks: { endpoints: 3, contracts: 200, clients: 32, withinSeconds: 300 },
    ask: { contracts: 1000, otherContracts: 250, clients: 32, sequential: 200, concurrentClients: 8, durationMs: 2000, streamRuns: 20 }
  }
  : {
    durationMs: 8000,
    spreadContracts: 1000,
    writeClients: 32,
    readConnections: 100,
    memoryContracts: 20_000,
    checkpoints: [500, 2000, 5000, 10_000, 15_000],
    // Long enough that the first checkpoint's contracts are all still live when it is read, short
    // enough that most of the 20,000 passivate while the rest are drafted.
    idleSeconds: 30,
    imports: { copies: 25, pages: 20, memoryFiles: 100, memoryFileMb: 1, memoryPages: 10, scanFiles: 4, scanPages: 5 },
    webhooks: { endpoints: 10, contracts: 2000, clients: 32, withinSeconds: 900 },
    ask: { contracts: 10_000, otherContracts: 1000, clients: 32, sequential: 400, concurrentClients: 8, durationMs: 8000, streamRuns: 40 }
  }

// A quick run measures two seconds after one of warm-up, a few hundred drafts: --seconds measures
// each service flow (and the floors) longer, without the full run's larger set-up.
const seconds = Number(listArg("seconds")?.[0] ?? NaN)
export const settings = Number.isFinite(seconds) && seconds > 0 ? { ...presets, durationMs: seconds * 1000 } : presets
