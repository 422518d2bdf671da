import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { connect } from "node:net"
import { freePort } from "../support/childService.js"
import { call, createOrg, type Org } from "../support/client.js"
import { databases } from "../support/databases.js"
import { mailer } from "../support/mail.js"
import { type Running, startService } from "../support/service.js"

/** An SMTP client that gets as far as DATA, sends half a message, and drops the connection. */
const abandonMidData = (port: number, to: string) =>
  new Promise<void>((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    const steps = ["EHLO client.test", "MAIL FROM:<a@b.test>", `RCPT TO:<${to}>`, "DATA"]
    socket.on("data", (chunk) => {
      const reply = chunk.toString("latin1")
      if (/^354/m.test(reply)) {
        socket.write("Subject: cut off\r\n\r\nThis message never ends")
        setImmediate(() => socket.resetAndDestroy())
        return
      }
      const next = steps.shift()
      if (next !== undefined) socket.write(`${next}\r\n`)
    })
    socket.on("close", () => resolve())
    socket.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? resolve() : reject(error)))
  })

for (const database of databases) {
  describe(`the SMTP listener outlives senders that vanish mid-message (${database.name})`, () => {
    let service: Running
    let org: Org
    let port: number
    beforeAll(async () => {
      port = await freePort()
      service = await startService(database, { ingressSmtpPort: port })
      org = await createOrg(service.url, "Mail Ltd")
    })
    afterAll(() => service.stop())

    it("keeps nothing of a message cut off in DATA, and takes the next one whole", async () => {
      const to = (await call(service.url, "GET", "/ingress/address", { key: org.keys.test })).body.address
      for (let i = 0; i < 5; i++) await abandonMidData(port, to)
      expect((await call(service.url, "GET", "/ingress", { key: org.keys.test, person: org.people[0]!.id })).body.data).toEqual([])
      await mailer(port).sendMail({ from: "x@y.test", to, subject: "Whole", text: "This one arrives." })
      const kept = (await call(service.url, "GET", "/ingress", { key: org.keys.test, person: org.people[0]!.id })).body.data
      expect(kept.map((mail: { subject: string }) => mail.subject)).toEqual(["Whole"])
    })
  })
}
