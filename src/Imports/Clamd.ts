import { once } from "node:events"
import { createReadStream } from "node:fs"
import type { ReadStream } from "node:fs"
import { connect } from "node:net"
import type { NetConnectOpts } from "node:net"

export type ScanResult = { readonly infected: false } | { readonly infected: true; readonly signature: string }

// clamd's default StreamMaxLength is far larger, but each chunk must fit its 4-byte length and its buffer.
const chunkSize = 64 * 1024
// A verdict is one short line; anything longer is not clamd.
const maxReply = 4096

/** `host:port`, `[v6]:port`, or a unix socket path (`/…`, `./…`, `unix:/…`). */
const endpoint = (address: string): NetConnectOpts => {
  if (address.startsWith("unix:")) return { path: address.slice("unix:".length) }
  if (address.startsWith("/") || address.startsWith(".")) return { path: address }
  const colon = address.lastIndexOf(":")
  const port = Number(address.slice(colon + 1))
  if (colon <= 0 || !Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`clamd address is not host:port or a socket path: ${address}`)
  return { host: address.slice(0, colon).replace(/^\[(.*)\]$/, "$1"), port }
}

const verdict = (reply: string): ScanResult => {
  const line = reply.trim()
  if (line === "stream: OK") return { infected: false }
  const found = /^stream: (.+) FOUND$/.exec(line)
  if (found !== null) return { infected: true, signature: found[1]! }
  throw new Error(`clamd answered: ${line === "" ? "(nothing)" : line}`)
}

/**
 * Scans the file with clamd's INSTREAM command, streaming it in chunks so a large upload is never
 * held in memory. Rejects when clamd cannot be reached, errs, or gives no verdict within `timeoutMs`.
 */
export const scanFile = (address: string, path: string, timeoutMs: number): Promise<ScanResult> =>
  new Promise<ScanResult>((resolve, reject) => {
    const options = endpoint(address)
    const abort = new AbortController()
    let file: ReadStream | undefined
    let reply = Buffer.alloc(0)
    let settled = false

    const settle = (outcome: () => ScanResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      abort.abort()
      socket.destroy()
      file?.destroy()
      try {
        resolve(outcome())
      } catch (error) {
        reject(error)
      }
    }
    const fail = (message: string, cause?: unknown) =>
      settle(() => {
        throw new Error(message, { cause })
      })

    const socket = connect(options)
    const timer = setTimeout(() => fail(`clamd at ${address} gave no verdict within ${timeoutMs} ms`), timeoutMs)

    const send = async () => {
      socket.write("zINSTREAM\0")
      // Opened only once connected, so a missing file is reported through this promise and never unhandled.
      file = createReadStream(path, { highWaterMark: chunkSize })
      // A read stream without an encoding yields Buffers; Node types its iterator as `any`, so check.
      for await (const read of file) {
        const chunk = Buffer.isBuffer(read) ? read : Buffer.from(String(read))
        const length = Buffer.alloc(4)
        length.writeUInt32BE(chunk.length)
        socket.write(length)
        if (!socket.write(chunk)) await once(socket, "drain", { signal: abort.signal })
      }
      socket.write(Buffer.alloc(4))
    }

    socket.on("connect", () => {
      send().catch((error: unknown) => fail(`clamd scan of ${path} failed: ${error instanceof Error ? error.message : String(error)}`, error))
    })
    socket.on("data", (data: Buffer) => {
      reply = Buffer.concat([reply, data])
      const end = reply.indexOf(0)
      if (end >= 0) settle(() => verdict(reply.subarray(0, end).toString("utf8")))
      else if (reply.length > maxReply) fail(`clamd at ${address} sent an overlong reply`)
    })
    socket.on("error", (error) => fail(`clamd at ${address}: ${error.message}`, error))
    // clamd ends every reply with NUL; a reply cut short by the close is still its verdict.
    socket.on("close", () => reply.length > 0 ? settle(() => verdict(reply.toString("utf8"))) : fail(`clamd at ${address} closed without a verdict`))
  })
