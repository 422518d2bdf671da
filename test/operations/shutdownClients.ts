import type { ChildProcess } from "node:child_process"
import { Agent, type IncomingHttpHeaders, request } from "node:http"
import { idempotencyKey, type Org } from "../support/client.js"

/** What one request met: an answer, or the socket error and whether its connection had been made first. */
export interface Outcome {
  readonly what: string
  readonly sentAt: number
  readonly status?: number
  readonly headers?: IncomingHttpHeaders
  readonly body?: string
  readonly error?: string
  readonly connectedAt?: number
  readonly endedAt?: number
}

export interface Seat {
  readonly org: Org
  readonly person: string
}

const headersOf = (seat: Seat) => ({ authorization: `Bearer ${seat.org.keys.test}`, "contracts-acting-person": seat.person })

/**
 * One request on a connection of its own (`Connection: close`), so a keep-alive connection that
 * sat idle as the node stopped is never counted as a request it refused.
 */
export const send = (port: number, what: string, method: string, path: string, options: {
  readonly headers?: Record<string, string>
  readonly body?: string
  readonly agent?: Agent
} = {}) =>
  new Promise<Outcome>((resolve) => {
    const sentAt = Date.now()
    let connectedAt: number | undefined
    const req = request({ host: "127.0.0.1", port, method, path, headers: options.headers, agent: options.agent ?? false })
    req.on("socket", (socket) => {
      if (socket.connecting) socket.once("connect", () => (connectedAt = Date.now()))
      else connectedAt = Date.now()
    })
    req.on("response", (response) => {
      let body = ""
      response.on("data", (chunk) => (body += chunk))
      response.on("end", () => resolve({ what, sentAt, status: response.statusCode!, headers: response.headers, body, connectedAt }))
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ what, sentAt, error: error.code ?? error.message, connectedAt }))
    })
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ what, sentAt, error: error.code ?? error.message, connectedAt, endedAt: Date.now() }))
    req.setTimeout(120_000, () => req.destroy(new Error("timeout")))
    req.end(options.body)
  })

const json = { "content-type": "application/json" }

/**
 * Clients drafting (keyed) and reading drafts through one node until it refuses connections:
 * every answer kept, with the drafts it acknowledged. Each keeps its connection alive between
 * requests, as a balancer's pool does: a new connection is made only when the node closed the last
 * one, so none races the listener's close from inside the kernel's queue of unaccepted connections.
 */
export const mixedLoad = (port: number, seat: Seat, clients: number) => {
  const outcomes: Array<Outcome> = []
  const drafted: Array<string> = []
  let refused = false
  const client = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    while (!refused) {
      const outcome = drafted.length === 0 || Math.random() < 0.5
        ? await send(port, "draft", "POST", "/contracts", {
          headers: { ...headersOf(seat), ...json, "idempotency-key": idempotencyKey() },
          body: JSON.stringify({ template_id: "tpl_mutual_nda", facts: {} }),
          agent
        })
        : await send(port, "read", "GET", `/contracts/${drafted[Math.floor(Math.random() * drafted.length)]}`, { headers: headersOf(seat), agent })
      outcomes.push(outcome)
      if (outcome.what === "draft" && outcome.status === 201) drafted.push(JSON.parse(outcome.body!).id)
      if (outcome.error === "ECONNREFUSED") refused = true
    }
    agent.destroy()
  }
  const running = Promise.all(Array.from({ length: clients }, client))
  return { outcomes, drafted, done: running }
}

/** A file sent to POST /assets (for the contract) a line every 100 ms for `seconds`: a slow client, legitimately in flight. */
export const slowUpload = (port: number, seat: Seat, contractId: string, seconds: number) => {
  const boundary = "slowupload"
  let sentHead: () => void = () => {}
  const headSent = new Promise<void>((resolve) => (sentHead = resolve))
  const done = new Promise<Outcome>((resolve) => {
    const sentAt = Date.now()
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/assets",
      agent: false,
      // The node's 100 Continue says it has parsed the request, which is then in flight: the drain
      // must wait for it. (Bytes written before that may still sit unread under load, on a
      // connection the node would rightly close as idle.)
      headers: {
        ...headersOf(seat),
        "idempotency-key": idempotencyKey(),
        "content-type": `multipart/form-data; boundary=${boundary}`,
        expect: "100-continue"
      }
    })
    req.on("response", (response) => {
      sentHead()
      let body = ""
      response.on("data", (chunk) => (body += chunk))
      response.on("end", () => resolve({ what: "upload", sentAt, status: response.statusCode!, headers: response.headers, body }))
    })
    req.on("error", (error: NodeJS.ErrnoException) => {
      sentHead()
      resolve({ what: "upload", sentAt, error: error.code ?? error.message })
    })
    req.flushHeaders()
    req.once("continue", () => {
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="contract_id"\r\n\r\n${contractId}\r\n`)
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="minutes.txt"\r\nContent-Type: text/plain\r\n\r\n`, () => sentHead())
      let line = 0
      const timer = setInterval(() => {
        if (++line <= seconds * 10) return req.write(`Minute ${line}: the parties met and agreed nothing.\n`)
        clearInterval(timer)
        req.end(`\r\n--${boundary}--\r\n`)
      }, 100)
    })
  })
  return { headSent, done }
}

/**
 * Asks `/readyz` over one kept-alive connection, opened before the signal, every 100 ms until it
 * answers something other than 200: once the listener is closed only a connection it already had
 * can ask.
 */
export const readinessWatch = (port: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const answers: Array<Outcome> = []
  const done = (async () => {
    for (;;) {
      const answer = await send(port, "readyz", "GET", "/readyz", { agent })
      answers.push(answer)
      if (answer.status !== 200) return agent.destroy()
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  return { answers, done }
}

/** Resolves with the exit code and when it came. */
export const exitOf = (child: ChildProcess) =>
  new Promise<{ readonly code: number | null; readonly signal: string | null; readonly at: number }>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve({ code: child.exitCode, signal: child.signalCode, at: Date.now() })
      : child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() }))
  )
