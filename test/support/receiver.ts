import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"

export interface Received {
  readonly headers: IncomingHttpHeaders
  readonly body: string
  readonly json: any
}

export interface Answer {
  readonly status: number
  readonly body?: string
  /** Never answer: the connection hangs until the sender gives up. */
  readonly hang?: boolean
}

/** Answers the handshake by echoing its nonce, and everything else 200: a well-behaved receiver. */
export const echoing = (request: Received): Answer =>
  request.json?.type === "endpoint.verification" ? { status: 200, body: JSON.stringify({ nonce: request.json.data.nonce }) } : { status: 200 }

/** A real HTTP receiver on loopback that records every request and answers as the test says. */
export const startReceiver = async (initial: (request: Received) => Answer = echoing) => {
  const received: Array<Received> = []
  let answer = initial
  let waiters: Array<() => void> = []
  const server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8")
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        json = undefined
      }
      const request = { headers: req.headers, body, json }
      received.push(request)
      const reply = answer(request)
      for (const wake of waiters) wake()
      waiters = []
      if (reply.hang === true) return
      res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body ?? "")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  /** Resolves once `count` requests matching `which` have arrived, or fails after `ms` of real time. */
  const waitFor = async (count: number, which: (r: Received) => boolean = () => true, ms = 15_000) => {
    const deadline = Date.now() + ms
    while (received.filter(which).length < count) {
      if (Date.now() > deadline) throw new Error(`receiver got ${received.filter(which).length} of ${count} expected requests`)
      await new Promise<void>((resolve) => {
        waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
    return received.filter(which)
  }
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer: (next: (request: Received) => Answer) => void (answer = next),
    waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>

export const ofType = (type: string) => (r: Received) => r.json?.type === type
