import { PGlite } from "@electric-sql/pglite"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import type { Server, Socket } from "node:net"
import Pg from "pg"
import { listen, type Received as Scanned, standIn } from "../support/clamd.js"
import { call, createOrg, idempotencyKey, type Org } from "../support/client.js"
import { databases, type TestDatabase } from "../support/databases.js"
import { makeTxt } from "../support/documents.js"
import { sampleAgreement, upload } from "../support/imports.js"
import { echoing, ofType, type Receiver, startReceiver } from "../support/receiver.js"
import { startService } from "../support/service.js"
import { seededDataDir } from "../support/seededDataDir.js"

type Row = Record<string, unknown>

/**
 * Where a stopped service's rows are read from, with the service gone: the PostgreSQL database it
 * used, or the data directory its PGlite kept (an in-memory PGlite would close with the service).
 */
const storage = async (database: TestDatabase) => {
  if (database.name === "pglite") {
    const dataDir = seededDataDir("cns-hand-back-")
    return {
      options: { dataDir, embeddedFsync: false },
      read: async (text: string, params: ReadonlyArray<unknown>) => {
        const db = await PGlite.create(dataDir)
        try {
          return (await db.query<Row>(text, [...params])).rows
        } finally {
          await db.close()
        }
      },
      drop: async () => {}
    }
  }
  const made = await database.create()
  return {
    options: { databaseUrl: made.url },
    read: async (text: string, params: ReadonlyArray<unknown>) => {
      const client = new Pg.Client({ connectionString: made.url })
      await client.connect()
      try {
        return (await client.query<Row>(text, [...params])).rows
      } finally {
        await client.end()
      }
    },
    drop: made.drop
  }
}

const millis = (value: unknown) => new Date(value as string | Date).getTime()

const until = async (what: string, done: () => boolean | Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

for (const database of databases) {
  describe(`work handed back at shutdown (${database.name})`, () => {
    let receiver: Receiver
    let scanner: Server
    const scannerSockets = new Set<Socket>()
    const scans: Array<Scanned> = []
    beforeAll(async () => {
      // Answers the endpoint's handshake, then takes every delivery and never answers it.
      receiver = await startReceiver((request) => request.json?.type === "endpoint.verification" ? echoing(request) : { status: 200, hang: true })
      // A clamd that reads the whole file and never gives its verdict: the parse stays in flight.
      scanner = standIn("silent", scans)
      scanner.on("connection", (socket: Socket) => scannerSockets.add(socket))
    })
    afterAll(async () => {
      await receiver.close()
      for (const socket of scannerSockets) socket.destroy()
      await new Promise((resolve) => scanner.close(resolve))
    })

    it("a delivery in flight is due again at once, its attempt uncounted; a parse in flight is queued again, its attempt uncounted", async () => {
      const stored = await storage(database)
      try {
        const service = await startService(database, { ...stored.options, clamdAddress: await listen(scanner), importConcurrency: 1 })
        let eventId: string
        let importId: string
        let received: number
        try {
          const org: Org = await createOrg(service.url, "Hand Back Ltd")
          const person = org.people[0]!.id
          const endpoint = await call(service.url, "POST", "/webhooks/endpoints", {
            key: org.keys.test,
            person,
            body: { url: receiver.url, events: ["contract.drafted"] }
          })
          expect(endpoint.status).toBe(201)
          const drafted = await call(service.url, "POST", "/contracts", {
            key: org.keys.test,
            person,
            body: {
              template_id: "tpl_mutual_nda",
              facts: { party_a: "Hand Back Ltd", party_b: "Beta GmbH", effective_date: "1 March 2027", governing_law: "England and Wales" }
            },
            headers: { "idempotency-key": idempotencyKey() }
          })
          expect(drafted.status).toBe(201)
          const posted = await upload(service.url, "/imports", {
            key: org.keys.live,
            person,
            files: [{ path: makeTxt(sampleAgreement.join("\n\n"), "held.txt") }]
          })
          expect(posted.status).toBe(202)
          importId = posted.body.imports[0].id

          // Both attempts in flight: the receiver holds the delivery's request, clamd holds the file.
          const [delivery] = await receiver.waitFor(1, ofType("contract.drafted"), 30_000)
          received = Date.now()
          await until("the scan to reach clamd", () => scans.length === 1)
          const state = async () => (await call(service.url, "GET", `/imports/${importId}`, { key: org.keys.live })).body.state
          expect(await state()).toBe("parsing")
          eventId = delivery!.json.id
        } finally {
          await service.stopServerOnly()
        }
        const stoppedAt = Date.now()

        const [delivery] = await stored.read("SELECT state, attempts, next_attempt_at FROM webhook_deliveries WHERE event_id = $1", [eventId])
        // Before the hand-back it stayed claimed for the lease (two minutes past the claim).
        expect(delivery).toMatchObject({ state: "pending", attempts: 0 })
        expect(millis(delivery!.next_attempt_at)).toBeLessThanOrEqual(stoppedAt)
        expect(millis(delivery!.next_attempt_at)).toBeGreaterThanOrEqual(received - 1000)

        const [parse] = await stored.read("SELECT state, attempts, lease_holder, lease_until FROM imports WHERE id = $1", [importId])
        // Before the hand-back it stayed `parsing` under this runner's lease, the stopped attempt counted.
        expect(parse).toEqual({ state: "queued", attempts: 0, lease_holder: null, lease_until: null })
      } finally {
        await stored.drop()
      }
    }, 90_000)
  })
}
