import { SqlClient } from "@effect/sql"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, ManagedRuntime, Option, TestClock } from "effect"
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser"
import { rmSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"
import { defaultIngressDomain, ServerConfig } from "../src/Config.js"
import { OutboxRepo } from "../src/Mail/OutboxRepo.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { call, createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases, type TestDatabase } from "./support/databases.js"
import { runtimeOnDatabase } from "./support/runtime.js"
import { type ServiceOptions, startService, testSettings } from "./support/service.js"
import { seededDataDir } from "./support/seededDataDir.js"

/** A relay that keeps every message it takes, and refuses every recipient while `refusing`. */
const startSink = async () => {
  const received: Array<ParsedMail> = []
  const refused: Array<string> = []
  const state = { refusing: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (!state.refusing) return callback()
      refused.push(address.address)
      callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 450 }))
    },
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        received.push(mail)
        callback()
      }, callback)
    }
  })
  const listening = await new Promise<AddressInfo>((resolve) => {
    const net = server.listen(0, "127.0.0.1", () => resolve(net.address() as AddressInfo))
  })
  return {
    url: `smtp://127.0.0.1:${listening.port}`,
    received,
    refused,
    state,
    close: () => new Promise<void>((resolve) => server.close(resolve))
  }
}

/** Polls `done` every 25 ms of real time, at most 800 times, doing `step` (a TestClock move) before each look. */
const until = async (done: () => boolean, step: () => Promise<void> = async () => {}) => {
  for (let i = 0; i < 800; i++) {
    await step()
    if (done()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error("the condition the test waits for never came")
}

interface OutboxRow {
  readonly id: string
  readonly mode: string
  readonly contract_id: string
  readonly to_email: string
  readonly subject: string
  readonly link: string | null
  readonly delivered_at: Date | string | null
  readonly delivery_attempts: number
  readonly delivery_error: string | null
}

/** A database the service runs on and the test reads once it has stopped: a PGlite directory, or a fresh PostgreSQL database. */
const storageFor = async (database: TestDatabase) => {
  if (database.name === "pglite") {
    const dataDir = seededDataDir("cns-mail-")
    return { options: { dataDir } as ServiceOptions, settings: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) }
  }
  const fresh = await database.create()
  return { options: { databaseUrl: fresh.url } as ServiceOptions, settings: { databaseUrl: Option.some(fresh.url) }, drop: fresh.drop }
}
type Storage = Awaited<ReturnType<typeof storageFor>>

const outboxOf = async (storage: Storage): Promise<ReadonlyArray<OutboxRow>> => {
  const runtime = ManagedRuntime.make(DatabaseLive.pipe(Layer.provide(Layer.succeed(ServerConfig, testSettings(storage.settings)))))
  try {
    return await runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<OutboxRow>`
        SELECT id, mode, contract_id, to_email, subject, link, delivered_at, delivery_attempts, delivery_error
        FROM outbox ORDER BY created_at, id`))
  } finally {
    await runtime.dispose()
  }
}

/** Drafts an NDA as the org's first person with `key` (live or test) and sends it to `recipients`. */
const sendNda = async (base: string, org: Org, key: string, recipients: ReadonlyArray<string>) => {
  const person = org.people[0]!.id
  const drafted = (await call(base, "POST", "/contracts", {
    key,
    person,
    body: {
      template_id: "tpl_mutual_nda",
      facts: { party_a: "Acme Ltd", party_b: "Beta GmbH", effective_date: "1 March 2027", governing_law: "England and Wales" }
    },
    headers: { "idempotency-key": idempotencyKey() }
  })).body
  const sent = await call(base, "POST", `/contracts/${drafted.id}/send`, {
    key,
    person,
    body: { recipients: recipients.map((email) => ({ email, name: "Someone", capacity: ["negotiator", "signer"] })), confirmed_by: person },
    headers: { "if-match": drafted.words_hash, "idempotency-key": idempotencyKey() }
  })
  expect(sent.status).toBe(200)
  return drafted as { id: string; title: string }
}

const outsider = (name: string) => `${name}.${Math.random().toString(36).slice(2)}@outside.test`
const toOf = (mail: ParsedMail) => (mail.to as AddressObject).value.map((a) => a.address)

for (const database of databases) {
  describe(`the outbox claim (${database.name})`, () => {
    it("claims due live rows oldest first, each by one claimer only, and holds a claimed or failed row until it is due", async () => {
      const { runtime, stop } = await runtimeOnDatabase(database, OutboxRepo.Default)
      try {
        await runtime.runPromise(Effect.gen(function*() {
          const sql = yield* SqlClient.SqlClient
          const repo = yield* OutboxRepo
          const insert = (id: string, mode: string, minute: number) =>
            sql`
              INSERT INTO outbox (id, mode, contract_id, org_id, to_email, to_org, subject, text, link, created_at)
              VALUES (${id}, ${mode}, NULL, 'org_x', 'x@outside.test', NULL, 'Subject', 'Text', NULL, ${
              new Date(Date.UTC(2027, 0, 1, 0, minute)).toISOString()
            })`
          for (let i = 0; i < 12; i++) yield* insert(`msg_live_${String(i).padStart(2, "0")}`, "live", 12 - i)
          yield* insert("msg_test", "test", 0)
          const now = Date.now()
          const [a, b] = yield* Effect.all([repo.claim(now, 60_000, 5, 3), repo.claim(now, 60_000, 5, 3)], { concurrency: 2 })
          const c = yield* repo.claim(now, 60_000, 5, 3)
          const ids = [...a!, ...b!, ...c].map((row) => row.id)
          // Every live row once, none twice, the oldest (highest number) first within each claim; never the test row.
          expect([...ids].sort()).toEqual(Array.from({ length: 12 }, (_, i) => `msg_live_${String(i).padStart(2, "0")}`))
          for (const claim of [a!, b!, c]) expect(claim.map((row) => row.id)).toEqual(claim.map((row) => row.id).sort().reverse())
          expect([...a!, ...b!, ...c].every((row) => row.delivery_attempts === 1)).toBe(true)
          expect(yield* repo.claim(now + 59_000, 60_000, 20, 3)).toEqual([])
          // A failure is due at its retry time; a delivered row and a given-up one never again.
          const [first, second, third] = a!
          yield* repo.failed(first!, "refused", now + 5_000)
          yield* repo.failed(second!, "refused", null)
          yield* repo.delivered(third!, now)
          expect(yield* repo.claim(now + 4_000, 60_000, 20, 3)).toEqual([])
          expect((yield* repo.claim(now + 5_000, 60_000, 20, 3)).map((row) => [row.id, row.delivery_attempts])).toEqual([[first!.id, 2]])
          // Past every lease: the rest are due again, the delivered, given-up and test rows are not.
          const again = yield* repo.claim(now + 10 * 60_000, 60_000, 20, 3)
          expect(again.map((row) => row.id)).not.toContain(second!.id)
          expect(again.map((row) => row.id)).not.toContain(third!.id)
          expect(again).toHaveLength(10)
          // The attempt limit: after the third claim a row is no longer taken.
          expect(yield* repo.claim(now + 20 * 60_000, 60_000, 20, 3)).toHaveLength(9)
          expect(yield* repo.claim(now + 30 * 60_000, 60_000, 20, 3)).toEqual([])
        }))
      } finally {
        await stop()
      }
    })
  })

  describe(`outbound mail (${database.name})`, () => {
    it("sends each live-mode mail once through the relay, its Message-ID naming the contract, and never a test-mode one", async () => {
      const sink = await startSink()
      const storage = await storageFor(database)
      try {
        const service = await startService(database, { ...storage.options, smtpUrl: sink.url, mailFrom: "Contracts <contracts@mail.test>" })
        const acme = await createOrg(service.url, "Acme Ltd")
        const beta = await createOrg(service.url, "Beta GmbH")
        const beaEmail = beta.people[0]!.email
        // The test-mode Send goes first: were test mail ever claimed, it would leave no later than the live.
        const sandbox = await sendNda(service.url, acme, acme.keys.test, [outsider("tess"), beaEmail])
        const guest = outsider("gail")
        const live = await sendNda(service.url, acme, acme.keys.live, [guest, beaEmail])
        await until(() => sink.received.length >= 2)
        await service.stopServerOnly()

        const rows = await outboxOf(storage)
        const liveRows = rows.filter((row) => row.mode === "live")
        expect(liveRows.map((row) => row.to_email).sort()).toEqual([guest, beaEmail].sort())
        expect(sink.received).toHaveLength(2)
        for (const row of liveRows) {
          const mails = sink.received.filter((mail) => toOf(mail).includes(row.to_email))
          expect(mails).toHaveLength(1)
          const mail = mails[0]!
          expect(mail.messageId).toBe(`<${row.id}.${live.id}@${defaultIngressDomain}>`)
          expect(mail.subject).toBe(`${live.title} from Ada Lovelace`)
          expect(mail.subject).toBe(row.subject)
          expect(mail.from?.value[0]?.address).toBe("contracts@mail.test")
          expect(mail.replyTo).toBeUndefined()
          expect(mail.text).toContain(`/contracts/${live.id}`)
          expect(row).toMatchObject({ delivery_attempts: 1, delivery_error: null })
          expect(row.delivered_at).not.toBeNull()
        }
        const guestRow = liveRows.find((row) => row.to_email === guest)!
        expect(guestRow.link).toMatch(/\?t=gtk_/)
        expect(sink.received.find((mail) => toOf(mail).includes(guest))!.text).toContain(guestRow.link!)
        const sandboxRows = rows.filter((row) => row.mode === "test")
        expect(sandboxRows).toHaveLength(2)
        for (const row of sandboxRows) expect(row).toMatchObject({ contract_id: sandbox.id, delivered_at: null, delivery_attempts: 0, delivery_error: null })
        expect(sink.received.some((mail) => mail.messageId?.includes(sandbox.id))).toBe(false)
      } finally {
        await sink.close()
        await storage.drop()
      }
    }, 120_000)

    it.scoped("keeps a refused mail undelivered with its error and attempts, and sends it once the relay takes it", () =>
      Effect.gen(function*() {
        const sink = yield* Effect.acquireRelease(Effect.promise(startSink), (s) => Effect.promise(s.close))
        const storage = yield* Effect.acquireRelease(Effect.promise(() => storageFor(database)), (s) => Effect.promise(s.drop))
        yield* TestClock.setTime(Date.now())
        const deliveryClock = yield* TestClock.testClock()
        const options: ServiceOptions = { ...storage.options, smtpUrl: sink.url, deliveryClock }
        const tick = () => Effect.runPromise(deliveryClock.adjust("5 seconds"))
        sink.state.refusing = true
        const guest = outsider("gail")
        yield* Effect.promise(async () => {
          const service = await startService(database, options)
          const acme = await createOrg(service.url, "Acme Ltd")
          await sendNda(service.url, acme, acme.keys.live, [guest])
          // A second refusal means the first was recorded: attempts are made one after another.
          await until(() => sink.refused.length >= 2, tick)
          await service.stopServerOnly()
        })
        const [refused] = yield* Effect.promise(() => outboxOf(storage))
        expect(refused).toMatchObject({ to_email: guest, delivered_at: null })
        expect(refused!.delivery_attempts).toBeGreaterThanOrEqual(2)
        expect(refused!.delivery_error).toContain("Mailbox busy")
        expect(sink.received).toHaveLength(0)

        sink.state.refusing = false
        yield* Effect.promise(async () => {
          const service = await startService(database, options)
          await until(() => sink.received.length >= 1, tick)
          await service.stopServerOnly()
        })
        const [delivered] = yield* Effect.promise(() => outboxOf(storage))
        expect(delivered).toMatchObject({ id: refused!.id, delivery_error: null, delivery_attempts: refused!.delivery_attempts + 1 })
        expect(delivered!.delivered_at).not.toBeNull()
        expect(sink.received.map(toOf)).toEqual([[guest]])
      }), 120_000)

    it("sends nothing without SMTP_URL: the mail waits in the outbox and leaves once a relay is set", async () => {
      const sink = await startSink()
      const storage = await storageFor(database)
      try {
        const guest = outsider("gail")
        const first = await startService(database, storage.options)
        const acme = await createOrg(first.url, "Acme Ltd")
        await sendNda(first.url, acme, acme.keys.live, [guest])
        await first.stopServerOnly()
        const [waiting] = await outboxOf(storage)
        expect(waiting).toMatchObject({ to_email: guest, delivered_at: null, delivery_attempts: 0, delivery_error: null })
        expect(sink.received).toHaveLength(0)

        const second = await startService(database, { ...storage.options, smtpUrl: sink.url })
        await until(() => sink.received.length >= 1)
        await second.stopServerOnly()
        expect(sink.received.map(toOf)).toEqual([[guest]])
        expect((await outboxOf(storage))[0]!.delivered_at).not.toBeNull()
      } finally {
        await sink.close()
        await storage.drop()
      }
    }, 120_000)
  })
}
