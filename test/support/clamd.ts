import { createServer } from "node:net"
import type { Server, Socket } from "node:net"

// Built from parts so this source file is not itself flagged by a virus scanner.
export const eicar = ["X5O!P%@AP[4\\PZX54(P^)7CC)7}$", "EICAR-STANDARD-ANTIVIRUS-", "TEST-FILE!$H+H*"].join("")

export interface Received {
  command: string
  bytes: Buffer
  largestChunk: number
}

export type Behaviour = "answer" | "silent" | "limit"

/** A stand-in clamd that speaks INSTREAM: the z-command, length-prefixed chunks, a zero-length chunk, then a verdict. */
export const standIn = (behaviour: Behaviour, received: Array<Received> = []) =>
  createServer((socket: Socket) => {
    let pending = Buffer.alloc(0)
    let command: string | null = null
    const chunks: Array<Buffer> = []
    let largestChunk = 0
    socket.on("error", () => {})
    socket.on("data", (data: Buffer) => {
      pending = Buffer.concat([pending, data])
      if (command === null) {
        const end = pending.indexOf(0)
        if (end < 0) return
        command = pending.subarray(0, end).toString()
        pending = pending.subarray(end + 1)
      }
      while (pending.length >= 4) {
        const length = pending.readUInt32BE(0)
        if (pending.length < 4 + length) return
        if (length === 0) {
          const bytes = Buffer.concat(chunks)
          received.push({ command, bytes, largestChunk })
          if (behaviour === "silent") return
          socket.end(bytes.includes(eicar) ? "stream: Eicar-Test-Signature FOUND\0" : "stream: OK\0")
          return
        }
        chunks.push(pending.subarray(4, 4 + length))
        largestChunk = Math.max(largestChunk, length)
        pending = pending.subarray(4 + length)
        if (behaviour === "limit" && chunks.length === 2) {
          socket.end("INSTREAM size limit exceeded. ERROR\0")
          return
        }
      }
    })
  })

export const listen = async (server: Server, at?: string) => {
  await new Promise<void>((resolve) => at === undefined ? server.listen(0, "127.0.0.1", resolve) : server.listen(at, resolve))
  const address = server.address()
  return typeof address === "string" ? address : `127.0.0.1:${address!.port}`
}
