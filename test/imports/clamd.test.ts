import { describe, expect, it } from "@effect/vitest"
import { randomBytes } from "node:crypto"
import { join } from "node:path"
import { scanFile } from "../../src/Imports/Clamd.js"
import { makeFile, tempDir } from "../support/documents.js"
import { eicar, listen, type Received, standIn } from "../support/clamd.js"
import { createServer, type Server, type Socket } from "node:net"

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

const withServer = async <A>(server: Server, use: (address: string) => Promise<A>, at?: string) => {
  const sockets = new Set<Socket>()
  server.on("connection", (socket: Socket) => sockets.add(socket))
  const address = await listen(server, at)
  try {
    return await use(address)
  } finally {
    for (const socket of sockets) socket.destroy()
    await close(server)
  }
}

describe("scanFile", () => {
  it("reports a clean file clean", async () => {
    const received: Array<Received> = []
    const path = makeFile("clean.txt", "This agreement is made between A and B.")
    expect(await withServer(standIn("answer", received), (address) => scanFile(address, path, 5000))).toEqual({ infected: false })
    expect(received[0]!.command).toBe("zINSTREAM")
    expect(received[0]!.bytes.toString()).toBe("This agreement is made between A and B.")
  })

  it("reports the signature clamd found", async () => {
    const path = makeFile("eicar.com", eicar)
    expect(await withServer(standIn("answer"), (address) => scanFile(address, path, 5000))).toEqual({ infected: true, signature: "Eicar-Test-Signature" })
  })

  it("streams a file bigger than one chunk whole, in chunks of at most 64 KiB", async () => {
    const received: Array<Received> = []
    const content = Buffer.concat([randomBytes(200 * 1024), Buffer.from(eicar)])
    const path = makeFile("big.bin", content)
    const result = await withServer(standIn("answer", received), (address) => scanFile(address, path, 5000))
    expect(result).toEqual({ infected: true, signature: "Eicar-Test-Signature" })
    expect(received[0]!.bytes.length).toBe(content.length)
    expect(received[0]!.bytes.equals(content)).toBe(true)
    expect(received[0]!.largestChunk).toBe(64 * 1024)
  })

  it("speaks the same over a unix socket", async () => {
    const path = makeFile("clean.txt", "words")
    const socketPath = join(tempDir(), "clamd.sock")
    expect(await withServer(standIn("answer"), (address) => scanFile(address, path, 5000), socketPath)).toEqual({ infected: false })
  })

  it("rejects clamd's size-limit error", async () => {
    const path = makeFile("big.bin", randomBytes(300 * 1024))
    await expect(withServer(standIn("limit"), (address) => scanFile(address, path, 5000))).rejects.toThrow(/size limit exceeded/)
  })

  it("rejects when nothing listens", async () => {
    const server = createServer()
    const address = await listen(server)
    await close(server)
    await expect(scanFile(address, makeFile("clean.txt", "words"), 5000)).rejects.toThrow(/ECONNREFUSED/)
  })

  it("rejects after the timeout when clamd never answers", async () => {
    const received: Array<Received> = []
    const path = makeFile("clean.txt", "words")
    const started = Date.now()
    await expect(withServer(standIn("silent", received), (address) => scanFile(address, path, 300))).rejects.toThrow(/no verdict within 300 ms/)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(received).toHaveLength(1)
  })

  it("rejects a missing file and a malformed address", async () => {
    await expect(withServer(standIn("answer"), (address) => scanFile(address, join(tempDir(), "absent.bin"), 5000))).rejects.toThrow(/ENOENT/)
    await expect(scanFile("clamd-without-port", makeFile("a.txt", "a"), 5000)).rejects.toThrow(/not host:port/)
  })
})
