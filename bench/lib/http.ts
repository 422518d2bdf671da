import http from "node:http"

export interface Answer {
  readonly status: number
  readonly text: string
}

/** A keep-alive agent sized to the load: one socket per concurrent client, reused across requests. */
export const keepAliveAgent = (sockets: number) => new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets })

export interface RequestOptions {
  readonly agent: http.Agent
  readonly method?: string
  readonly headers?: Record<string, string>
  readonly body?: unknown
}

/** One HTTP request over node:http; the body is always read to the end so the socket can be reused. */
export const request = (base: string, path: string, options: RequestOptions): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const headers: Record<string, string | number> = { ...options.headers }
    if (payload !== undefined) {
      headers["content-type"] = "application/json"
      headers["content-length"] = Buffer.byteLength(payload)
    }
    const req = http.request(`${base}${path}`, { method: options.method ?? "GET", agent: options.agent, headers }, (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }))
      res.on("error", reject)
    })
    req.on("error", reject)
    req.end(payload)
  })

/** A request whose answer must have the given status; its JSON body is returned. */
export const expectJson = async <T = any>(status: number, answer: Promise<Answer>, what: string): Promise<T> => {
  const got = await answer
  if (got.status !== status) throw new Error(`${what}: expected ${status}, got ${got.status} ${got.text.slice(0, 300)}`)
  return JSON.parse(got.text) as T
}
