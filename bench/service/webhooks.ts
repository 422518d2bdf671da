import http from "node:http"
import type { AddressInfo } from "node:net"
import { verifySignature } from "../../src/Domain/Webhooks/Signature.js"
import { expectJson, keepAliveAgent, request } from "../lib/http.js"
import { quantile, round } from "../lib/stats.js"
import { createOrg, draftRequest, freshKey, type Seat } from "./actors.js"
import { type Service, type ServiceOptions, startService } from "./service.js"

export interface WebhookSettings {
  /** Endpoints of the one org, each its own URL on the bench's receiver. */
  readonly endpoints: number
  /** Contracts drafted: each commits one `contract.drafted` event, owed to every endpoint. */
  readonly contracts: number
  /** Drafting clients, each posting its next draft when its last is answered. */
  readonly clients: number
  /** How long after the last draft every delivery may take to arrive. */
  readonly withinSeconds: number
}

export interface WebhookResults {
  readonly endpoints: number
  readonly contracts: number
  readonly clients: number
  /** From the first draft's POST to the last draft's answer. */
  readonly draftSeconds: number
  readonly draftsPerSecond: number
  /** contracts × endpoints. */
  readonly expected: number
  /** Distinct (contract, endpoint) pairs that arrived. */
  readonly delivered: number
  /** From the first commit (its 201 arriving) to the last delivery read to its end. */
  readonly seconds: number
  readonly deliveriesPerSecond: number
  /** Deliveries that arrived after the last commit, per second from it to the last delivery: the engine's pace with drafting over. */
  readonly afterDraftsPerSecond: number
  /** Per (contract, endpoint): its first delivery's arrival less the contract's commit, in ms. */
  readonly lagP50Ms: number
  readonly lagP99Ms: number
  readonly lagMaxMs: number
  /** Arrivals of an (event id, endpoint) pair already received. */
  readonly duplicates: number
  readonly missing: number
  /** Deliveries whose `contracts-signature` did not verify with the endpoint's secret. */
  readonly badSignatures: number
  /** Deliveries of another type, or of a contract the bench did not draft. */
  readonly others: number
}

/** One POST to the receiver, parsed: when it was read to its end, on this process's clock and the wall's. */
interface Arrival {
  readonly at: number
  readonly wallSeconds: number
  readonly body: string
  readonly signature: string
  readonly envelope: { id: string; type: string; endpoint: string; data: { contract?: string } }
}

interface Receiver {
  readonly url: string
  readonly arrivals: Array<Arrival>
  readonly close: () => Promise<void>
}

/** A node:http receiver on loopback: echoes a ping's nonce, answers every other delivery 200 at once and keeps it. */
const startReceiver = (): Promise<Receiver> =>
  new Promise((resolve, reject) => {
    const arrivals: Array<Arrival> = []
    const server = http.createServer((req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        const at = performance.now()
        const body = Buffer.concat(chunks).toString("utf8")
        const envelope = JSON.parse(body) as Arrival["envelope"] & { data: { nonce?: string } }
        res.setHeader("content-type", "application/json")
        if (envelope.type === "endpoint.verification") return res.end(JSON.stringify({ nonce: envelope.data.nonce }))
        arrivals.push({ at, wallSeconds: Math.floor(Date.now() / 1000), body, signature: String(req.headers["contracts-signature"]), envelope })
        res.end("{}")
      })
    })
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        arrivals,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          })
      })
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Webhook delivery throughput and lag, on a service of its own. One org registers `endpoints`
 * endpoints for every event type, all on a receiver in the bench's process (each answers the
 * handshake), then drafts `contracts` contracts from `clients` concurrent clients. Each draft is
 * owed one delivery per endpoint: the flow waits for all of them and times each from the draft's
 * 201 to its delivery's arrival.
 */
export const webhookFlow = async (
  options: Omit<ServiceOptions, "preload" | "onLine">,
  settings: WebhookSettings,
  log: (line: string) => void
): Promise<WebhookResults> => {
  const started = performance.now()
  const at = () => `[${round((performance.now() - started) / 1000, 1)} s]`
  const starting = startService(options)
  starting.catch(() => {})
  const receiver = await startReceiver()
  const agent = keepAliveAgent(settings.clients)
  try {
    return await measure(await starting, receiver, agent, settings, log, at)
  } finally {
    agent.destroy()
    await receiver.close()
    await (await starting.catch(() => undefined))?.child.stop()
  }
}

const register = async (base: string, agent: http.Agent, seat: Seat, url: string): Promise<{ id: string; secret: string }> => {
  const endpoint = await expectJson(
    201,
    request(base, "/webhooks/endpoints", {
      agent,
      method: "POST",
      headers: { ...seat.headers, "idempotency-key": freshKey("webhook") },
      body: { url, events: ["*"] }
    }),
    "register endpoint"
  )
  if (endpoint.state !== "active") throw new Error(`endpoint ${url} is ${endpoint.state}: ${endpoint.verification?.reason}`)
  return { id: endpoint.id, secret: endpoint.secret }
}

const measure = async (
  service: Service,
  receiver: Receiver,
  agent: http.Agent,
  settings: WebhookSettings,
  log: (line: string) => void,
  at: () => string
): Promise<WebhookResults> => {
  const base = service.url
  const seat = await createOrg(base, agent, "Hooked Ltd", "Hal Hooker")
  const secrets = new Map<string, string>()
  for (let n = 1; n <= settings.endpoints; n++) {
    const endpoint = await register(base, agent, seat, `${receiver.url}/hooks/${n}`)
    secrets.set(endpoint.id, endpoint.secret)
  }
  log(`  ${at()} ${settings.endpoints} endpoints active`)

  // Drafts, each commit timed when its 201 arrives.
  const commits = new Map<string, number>()
  const began = performance.now()
  let next = 0
  await Promise.all(Array.from({ length: settings.clients }, async () => {
    while (next++ < settings.contracts) {
      const answer = await draftRequest(base, agent, seat)
      const committed = performance.now()
      if (answer.status !== 201) throw new Error(`draft: expected 201, got ${answer.status} ${answer.text.slice(0, 300)}`)
      commits.set(JSON.parse(answer.text).id as string, committed)
    }
  }))
  const draftSeconds = (performance.now() - began) / 1000
  log(`  ${at()} drafted ${settings.contracts} contracts in ${round(draftSeconds, 1)} s`)

  // First arrival per (contract, endpoint); a second arrival of an (event id, endpoint) pair is a duplicate.
  const expected = settings.contracts * settings.endpoints
  const firstArrival = new Map<string, number>()
  const seen = new Set<string>()
  let read = 0
  let duplicates = 0
  let badSignatures = 0
  let others = 0
  const tally = () => {
    for (; read < receiver.arrivals.length; read++) {
      const { at: arrived, body, envelope, signature, wallSeconds } = receiver.arrivals[read]!
      if (!verifySignature(signature, body, secrets.get(envelope.endpoint) ?? "", wallSeconds)) badSignatures++
      const pair = `${envelope.id} ${envelope.endpoint}`
      if (seen.has(pair)) duplicates++
      seen.add(pair)
      const contract = envelope.data.contract ?? ""
      if (envelope.type !== "contract.drafted" || !commits.has(contract)) others++
      else if (!firstArrival.has(`${contract} ${envelope.endpoint}`)) firstArrival.set(`${contract} ${envelope.endpoint}`, arrived)
    }
  }
  const until = Date.now() + settings.withinSeconds * 1000
  for (tally(); firstArrival.size < expected && Date.now() < until; tally()) await sleep(50)
  // A moment more for late duplicates.
  await sleep(1000)
  tally()

  const firstCommit = Math.min(...commits.values())
  const lastCommit = Math.max(...commits.values())
  const lastDelivery = Math.max(...firstArrival.values())
  const lags = Float64Array.from([...firstArrival].map(([pair, arrived]) => arrived - commits.get(pair.split(" ")[0]!)!)).sort()
  const seconds = (lastDelivery - firstCommit) / 1000
  const result: WebhookResults = {
    endpoints: settings.endpoints,
    contracts: settings.contracts,
    clients: settings.clients,
    draftSeconds: round(draftSeconds, 2),
    draftsPerSecond: round(settings.contracts / draftSeconds, 1),
    expected,
    delivered: firstArrival.size,
    seconds: round(seconds, 2),
    deliveriesPerSecond: round(firstArrival.size / seconds, 1),
    afterDraftsPerSecond: round([...firstArrival.values()].filter((t) => t > lastCommit).length / ((lastDelivery - lastCommit) / 1000), 1),
    lagP50Ms: round(quantile(lags, 0.5), 1),
    lagP99Ms: round(quantile(lags, 0.99), 1),
    lagMaxMs: round(lags.at(-1) ?? NaN, 1),
    duplicates,
    missing: expected - firstArrival.size,
    badSignatures,
    others
  }
  log(
    `  ${at()} ${result.delivered} of ${expected} deliveries in ${result.seconds} s from the first commit, ${result.deliveriesPerSecond}/s (${result.afterDraftsPerSecond}/s after the last commit); lag p50 ${result.lagP50Ms} ms, p99 ${result.lagP99Ms} ms, max ${result.lagMaxMs} ms; ${duplicates} duplicates, ${result.missing} missing, ${badSignatures} bad signatures, ${others} others`
  )
  if (result.missing > 0) throw new Error(`${result.missing} of ${expected} webhook deliveries missing after ${settings.withinSeconds} s`)
  return result
}
