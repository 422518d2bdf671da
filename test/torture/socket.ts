import { connect } from "node:net"

export interface RawAnswer {
  readonly status: number
  readonly text: string
}

const dechunk = (body: Buffer): Buffer => {
  const parts: Array<Buffer> = []
  let at = 0
  for (;;) {
    const eol = body.indexOf("\r\n", at)
    if (eol < 0) break
    const size = parseInt(body.subarray(at, eol).toString("latin1"), 16)
    if (!(size > 0)) break
    parts.push(body.subarray(eol + 2, eol + 2 + size))
    at = eol + 2 + size + 2
  }
  return Buffer.concat(parts)
}

/**
 * One request written byte for byte on a fresh socket, for what fetch refuses to send (a NUL or a
 * bare CR in a header). The request asks the server to close, so the answer is all that comes back.
 */
export const rawExchange = (url: string, request: Buffer): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname, () => socket.write(request))
    const chunks: Array<Buffer> = []
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")))
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("error", reject)
    socket.on("close", () => {
      const all = Buffer.concat(chunks)
      const end = all.indexOf("\r\n\r\n")
      const head = all.subarray(0, end < 0 ? all.length : end).toString("latin1")
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0)
      const body = end < 0 ? Buffer.alloc(0) : all.subarray(end + 4)
      resolve({ status, text: (/\r\ntransfer-encoding: *chunked/i.test(head) ? dechunk(body) : body).toString("utf8") })
    })
  })
