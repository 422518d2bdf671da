import net from "node:net"

/**
 * A minimal HTTP/1.1 keep-alive client on one socket, one request at a time. The load loops use it
 * instead of node:http because node:http's client costs more CPU per request than a bare node:http
 * server does: on two cores it, not the server, set the "floor" (about 5k req/s against 15k+).
 * It understands exactly what the bench needs: a status line, Content-Length or chunked bodies.
 */
export class RawConnection {
  private socket: net.Socket | undefined
  private buffer: Buffer = Buffer.alloc(0)
  private pending: { resolve: (status: number) => void; reject: (error: Error) => void } | undefined

  constructor(private readonly host: string, private readonly port: number) {}

  private connect() {
    const socket = net.connect(this.port, this.host)
    socket.setNoDelay(true)
    socket.on("data", (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
      this.parse()
    })
    const lost = (error?: Error) => {
      if (this.socket === socket) this.socket = undefined
      this.buffer = Buffer.alloc(0)
      const pending = this.pending
      this.pending = undefined
      pending?.reject(error ?? new Error("connection closed"))
    }
    socket.on("error", lost)
    socket.on("close", () => lost())
    this.socket = socket
    return socket
  }

  /** Sends one request; resolves with the status once the whole response has arrived. */
  request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
    const socket = this.socket ?? this.connect()
    const payload = body === undefined ? undefined : Buffer.from(body)
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`
    if (payload !== undefined) head += `content-type: application/json\r\ncontent-length: ${payload.length}\r\n`
    head += "\r\n"
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
      socket.write(payload === undefined ? head : Buffer.concat([Buffer.from(head), payload]))
    })
  }

  close() {
    this.socket?.destroy()
  }

  private parse() {
    const headerEnd = this.buffer.indexOf("\r\n\r\n")
    if (headerEnd < 0) return
    const head = this.buffer.toString("latin1", 0, headerEnd)
    const status = Number(head.slice(9, 12))
    const bodyStart = headerEnd + 4
    let end: number
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
    if (length !== null) {
      end = bodyStart + Number(length[1])
      if (this.buffer.length < end) return
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const found = chunkedEnd(this.buffer, bodyStart)
      if (found < 0) return
      end = found
    } else {
      end = bodyStart
    }
    const closing = /\r\nconnection:\s*close/i.test(head)
    this.buffer = this.buffer.subarray(end)
    const pending = this.pending
    this.pending = undefined
    if (closing) {
      this.socket?.destroy()
      this.socket = undefined
    }
    pending?.resolve(status)
  }
}

/** Where a chunked body ends (after its last, empty chunk), or -1 while it is incomplete. */
const chunkedEnd = (buffer: Buffer, from: number): number => {
  let at = from
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at)
    if (lineEnd < 0) return -1
    const size = parseInt(buffer.toString("latin1", at, lineEnd), 16)
    if (size === 0) {
      const trailerEnd = buffer.indexOf("\r\n\r\n", lineEnd)
      return trailerEnd < 0 ? -1 : trailerEnd + 4
    }
    at = lineEnd + 2 + size + 2
    if (at > buffer.length) return -1
  }
}

/** One connection per client, addressed by the client's index, as the load loops want them. */
export const connectionPool = (base: string, size: number) => {
  const url = new URL(base)
  const connections = Array.from({ length: size }, () => new RawConnection(url.hostname, Number(url.port)))
  return {
    at: (client: number) => connections[client]!,
    close: () => connections.forEach((c) => c.close())
  }
}
