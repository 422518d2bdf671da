import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { attemptOffsets, jitterShare } from "../../src/Domain/Webhooks/Schedule.js"
import { verifySignature } from "../../src/Domain/Webhooks/Signature.js"
import { call } from "../support/client.js"
import { databases, type TestDatabase } from "../support/databases.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Received, type Receiver, startReceiver } from "../support/receiver.js"
import { type ServiceOptions, startService } from "../support/service.js"

const hour = 3_600_000
const signedAt = (r: Received) => Number(/t=(\d+)/.exec(String(r.headers["contracts-signature"]))![1]) * 1000
const secondsOf = (ms: number) => Math.floor(ms / 1000) * 1000
const failing = (r: Received) =>
  r.json?.type === "endpoint.verification" ? { status: 200, body: r.json.data.nonce } : { status: 503, body: "down for maintenance" }
const healthy = (r: Received) => r.json?.type === "endpoint.verification" ? { status: 200, body: r.json.data.nonce } : { status: 204 }

/**
 * Reads an endpoint every 25 ms of real time, for up to 10 s, until `done` holds: the engine works
 * on fibers of its own, so the clock must not move until what it is doing is recorded.
 */
const readUntil = (read: Effect.Effect<any>, done: (endpoint: any) => boolean) =>
  Effect.promise(async () => {
    for (let i = 0; i < 400; i++) {
      if (done(await Effect.runPromise(read))) return
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error("the endpoint never came to the state the test waits for")
  })

/** The service on the TestClock for webhook delivery, a receiver, and two orgs; all stopped when the test's scope closes. */
const setUp = (database: TestDatabase, options: ServiceOptions = {}, given?: Receiver) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(Date.now())
    const deliveryClock = yield* TestClock.testClock()
    const service = yield* Effect.acquireRelease(Effect.promise(() => startService(database, { ...options, deliveryClock })), (s) =>
      Effect.promise(() => options.databaseUrl !== undefined || options.dataDir !== undefined ? s.stopServerOnly() : s.stop()))
    const receiver = given ?? (yield* Effect.acquireRelease(
      Effect.promise(() =>
        startReceiver(failing)
      ),
      (r) => Effect.promise(r.close)
    ))
    const orgs = yield* Effect.promise(() => twoOrgs(service.url))
    const endpoint = (yield* Effect.promise(() =>
      call(service.url, "POST", "/webhooks/endpoints", {
        key: orgs.acme.keys.test,
        person: orgs.ada.person,
        body: { url: receiver.url, events: ["contract.drafted"] }
      })
    )).body
    expect(endpoint.state).toBe("active")
    const draftedBy = (contract: string) => (r: Received) => r.json?.type === "contract.drafted" && r.json.data.contract === contract
    const draft = Effect.promise(async () => (await orgs.ada.draft()).body.id as string)
    const read = Effect.promise(async () =>
      (await call(service.url, "GET", `/webhooks/endpoints/${endpoint.id}`, { key: orgs.acme.keys.test, person: orgs.ada.person })).body
    )
    /**
     * Waits (in real time) until the engine has recorded `failures` failed attempts: the clock must
     * not move while an attempt is still in flight, or its claim would lapse under it.
     */
    const recorded = (failures: number) => readUntil(read, (e) => e.consecutive_failures >= failures)
    return { service, receiver, orgs, endpoint, draftedBy, draft, read, recorded }
  })

/** Fails every delivery for 72 hours and more (a fresh event every 23 hours), until the endpoint is disabled. */
const failForThreeDays = (
  set: Pick<Effect.Effect.Success<ReturnType<typeof setUp>>, "receiver" | "draftedBy" | "draft" | "read" | "recorded">,
  start: number
) =>
  Effect.gen(function*() {
    const { receiver, draftedBy, draft, read, recorded } = set
    for (const at of [0, 23, 46, 69]) {
      yield* TestClock.setTime(start + at * hour)
      const contract = yield* draft
      yield* Effect.promise(() => receiver.waitFor(1, draftedBy(contract)))
      yield* recorded(receiver.received.filter((r) => r.json?.type === "contract.drafted").length)
      expect((yield* read).state).toBe("active")
    }
    yield* TestClock.setTime(start + 71 * hour)
    const before = yield* read
    // A jump of the clock can time out an attempt in flight, so the last failure may be either kind.
    expect(before).toMatchObject({ state: "active", last_delivery: { outcome: "failed" } })
    expect(["endpoint_returned_503", "endpoint_unreachable"]).toContain(before.last_delivery.error)
    expect(before.consecutive_failures).toBeGreaterThan(20)
    yield* TestClock.setTime(start + 73 * hour + 60_000)
    yield* readUntil(read, (e) => e.state === "disabled")
    expect((yield* read).state).toBe("disabled")
  })

for (const database of databases) {
  describe(`webhook retries on the TestClock (${database.name})`, () => {
    it.scoped("retries a failing delivery on the schedule, never early, twelve times in 24 hours, and no more", () =>
      Effect.gen(function*() {
        const { receiver, draftedBy, draft, recorded } = yield* setUp(database)
        const start = yield* TestClock.currentTimeMillis
        const contract = yield* draft
        const attempts = () => receiver.received.filter(draftedBy(contract))
        yield* Effect.promise(() => receiver.waitFor(1, draftedBy(contract)))
        yield* recorded(1)
        const first = signedAt(attempts()[0]!)
        expect(first).toBe(secondsOf(start))
        for (let k = 1; k < attemptOffsets.length; k++) {
          const earliest = first + attemptOffsets[k]! - Math.ceil((attemptOffsets[k]! - attemptOffsets[k - 1]!) * jitterShare)
          // Just before the earliest the jitter allows: the attempt has not been made.
          yield* TestClock.setTime(earliest - 1500)
          yield* TestClock.setTime(first + attemptOffsets[k]! + 999)
          const made = yield* Effect.promise(() => receiver.waitFor(k + 1, draftedBy(contract)))
          yield* recorded(k + 1)
          expect(signedAt(made[k]!)).toBeGreaterThanOrEqual(secondsOf(earliest - 1000))
          expect(signedAt(made[k]!)).toBeLessThanOrEqual(first + attemptOffsets[k]! + 999)
          // Every attempt is signed afresh, at its own time.
          expect(made[k]!.headers["contracts-signature"]).not.toBe(made[k - 1]!.headers["contracts-signature"])
          expect(made[k]!.json.id).toBe(made[0]!.json.id)
        }
        expect(signedAt(attempts()[11]!) - first).toBeLessThanOrEqual(24 * hour)
        // A day later a fresh event is delivered at once; the spent one was never tried a thirteenth time.
        yield* TestClock.adjust("30 hours")
        receiver.answer(healthy)
        const later = yield* draft
        yield* Effect.promise(() => receiver.waitFor(1, draftedBy(later)))
        expect(attempts()).toHaveLength(12)
        void start
      }), 120_000)

    it.scoped(
      "disables an endpoint after 72 hours of nothing but failure, mails its person, and a rotation revives it with both secrets signing for 24 hours",
      () =>
        Effect.gen(function*() {
          const { receiver, draftedBy, draft, read, orgs, service, endpoint, recorded } = yield* setUp(database)
          const start = yield* TestClock.currentTimeMillis
          yield* failForThreeDays({ receiver, draftedBy, draft, read, recorded }, start)
          const outbox = (yield* Effect.promise(() => call(service.url, "GET", "/sandbox/outbox", { key: orgs.acme.keys.test, person: orgs.ada.person }))).body
          const mail = outbox.data.find((m: any) => m.subject === "A webhook endpoint was disabled")
          expect(mail).toMatchObject({ to: orgs.acme.people[0]!.email, contract: null })
          expect(mail.text).toContain(endpoint.id)

          // Disabled: a new event is not delivered, and neither are the retries it still owed.
          const count = receiver.received.length
          const ignored = yield* draft
          yield* TestClock.adjust("1 hour")

          receiver.answer(healthy)
          const rotated = (yield* Effect.promise(() =>
            call(service.url, "POST", `/webhooks/endpoints/${endpoint.id}/rotate`, { key: orgs.acme.keys.test, person: orgs.ada.person })
          )).body
          expect(rotated).toMatchObject({ state: "active", consecutive_failures: 0 })
          expect(rotated.secret).not.toBe(endpoint.secret)
          const during = yield* draft
          const [overlap] = yield* Effect.promise(() =>
            receiver.waitFor(1, draftedBy(during))
          )
          expect(receiver.received.slice(count).some(draftedBy(ignored))).toBe(false)
          const header = String(overlap!.headers["contracts-signature"])
          const now = (yield* TestClock.currentTimeMillis) / 1000
          expect(header.match(/v1=/g)).toHaveLength(2)
          expect(verifySignature(header, overlap!.body, rotated.secret, now)).toBe(true)
          expect(verifySignature(header, overlap!.body, endpoint.secret, now)).toBe(true)
          expect((yield* read).previous_secret_expires_at).not.toBeNull()

          yield* TestClock.adjust("24 hours")
          const after = yield* draft
          const [single] = yield* Effect.promise(() => receiver.waitFor(1, draftedBy(after)))
          const later = (yield* TestClock.currentTimeMillis) / 1000
          expect(String(single!.headers["contracts-signature"]).match(/v1=/g)).toHaveLength(1)
          expect(verifySignature(String(single!.headers["contracts-signature"]), single!.body, rotated.secret, later)).toBe(true)
          expect(verifySignature(String(single!.headers["contracts-signature"]), single!.body, endpoint.secret, later)).toBe(false)
          expect((yield* read).previous_secret_expires_at).toBeNull()
        }),
      120_000
    )

    it.scoped("revives a disabled endpoint registered again: the same endpoint, a fresh handshake and secret", () =>
      Effect.gen(function*() {
        const set = yield* setUp(database)
        const { receiver, orgs, service, endpoint, draftedBy, draft } = set
        yield* failForThreeDays(set, yield* TestClock.currentTimeMillis)
        receiver.answer(healthy)
        const again = yield* Effect.promise(() =>
          call(service.url, "POST", "/webhooks/endpoints", { key: orgs.acme.keys.test, person: orgs.ada.person, body: { url: receiver.url, events: ["*"] } })
        )
        expect(again.status).toBe(201)
        expect(again.body).toMatchObject({ id: endpoint.id, state: "active", events: ["*"], consecutive_failures: 0 })
        expect(again.body.secret).not.toBe(endpoint.secret)
        const contract = yield* draft
        const [delivered] = yield* Effect.promise(() => receiver.waitFor(1, (r) => draftedBy(contract)(r) && r.headers["contracts-signature"] !== undefined))
        const now = (yield* TestClock.currentTimeMillis) / 1000
        expect(verifySignature(String(delivered!.headers["contracts-signature"]), delivered!.body, again.body.secret, now)).toBe(true)
      }), 120_000)

    it.scoped("accepts a nonce echoed within five minutes of its ping, and calls an older one expired", () =>
      Effect.gen(function*() {
        const { receiver, orgs, service } = yield* setUp(database)
        const as = { key: orgs.acme.keys.test, person: orgs.ada.person }
        const nonces = () => receiver.received.filter((r) => r.json?.type === "endpoint.verification").map((r) => r.json.data.nonce as string)
        let echo: () => string = () => "nope"
        receiver.answer((r) => (r.json?.type === "endpoint.verification" ? { status: 200, body: echo() } : { status: 200 }))
        const made = yield* Effect.promise(() =>
          call(service.url, "POST", "/webhooks/endpoints", { ...as, body: { url: `${receiver.url}/late`, events: ["*"] } })
        )
        expect(made.body).toMatchObject({ state: "pending", verification: { reason: "nonce_not_echoed" } })
        const verify = Effect.promise(async () => (await call(service.url, "POST", `/webhooks/endpoints/${made.body.id}/verify`, as)).body)
        const stale = nonces().at(-1)!
        yield* TestClock.adjust("5 minutes")
        yield* TestClock.adjust("1 second")
        echo = () => stale
        expect(yield* verify).toMatchObject({ state: "pending", verification: { reason: "nonce_expired" } })
        // The ping just sent is two minutes old when a cached answer echoes it: still within the window.
        const recent = nonces().at(-1)!
        yield* TestClock.adjust("2 minutes")
        echo = () => `  ${recent}\n`
        expect(yield* verify).toMatchObject({ state: "active", verification: { reason: null } })
      }), 120_000)

    it.scoped("withholds a retry once the endpoint's org has left the contract: nothing it can no longer read is sent", () =>
      Effect.gen(function*() {
        const { receiver, orgs, service } = yield* setUp(database)
        const { beta, bea, ada } = orgs
        const as = { key: beta.keys.test, person: bea.person }
        const made = (yield* Effect.promise(() =>
          call(service.url, "POST", "/webhooks/endpoints", { ...as, body: { url: `${receiver.url}/beta`, events: ["*"] } })
        )).body
        const toBeta = (r: Received) => r.json?.endpoint === made.id
        const readBeta = Effect.promise(async () => (await call(service.url, "GET", `/webhooks/endpoints/${made.id}`, as)).body)
        const { drafted } = yield* Effect.promise(() => orgs.sent())
        const letter = (r: Received) => toBeta(r) && r.json.type === "letter.received" && r.json.data.contract === drafted.id
        yield* Effect.promise(() => receiver.waitFor(1, letter))
        yield* readUntil(readBeta, (e) => e.consecutive_failures >= 1)
        // Beta hands its seat to outside counsel and leaves before the retry falls due.
        yield* Effect.promise(() => bea.post(`/contracts/${drafted.id}/invite`, { email: "counsel@elsewhere.test", name: "Counsel", capacity: ["negotiator"] }))
        const mine = (yield* Effect.promise(() => bea.sheet(drafted.id))).parties.find((p: any) => p.person === bea.person)
        expect((yield* Effect.promise(() => call(service.url, "DELETE", `/contracts/${drafted.id}/parties/${mine.id}`, as))).status).toBe(200)
        receiver.answer((r) => (r.json?.type === "endpoint.verification" ? { status: 200, body: r.json.data.nonce } : { status: 204 }))
        yield* TestClock.adjust("31 seconds")
        // A later event of another contract arrives; the letter is never tried again.
        const own = (yield* Effect.promise(() => bea.draft())).body
        const [sentinel] = yield* Effect.promise(() => receiver.waitFor(1, (r) => toBeta(r) && r.json.data?.contract === own.id))
        yield* readUntil(readBeta, (e) => e.last_delivery?.event === sentinel!.json.id)
        yield* TestClock.adjust("10 minutes")
        const again = yield* Effect.promise(() => bea.draft())
        yield* Effect.promise(() => receiver.waitFor(1, (r) => toBeta(r) && r.json.data?.contract === again.body.id))
        expect(receiver.received.filter(letter)).toHaveLength(1)
        void ada
      }), 120_000)

    it.scoped("a process stopped mid-schedule resumes each delivery at its next due time", () =>
      Effect.gen(function*() {
        const dataDir = database.name === "pglite" ? mkdtempSync(join(tmpdir(), "cns-webhooks-")) : undefined
        yield* Effect.addFinalizer(() => Effect.sync(() => dataDir !== undefined && rmSync(dataDir, { recursive: true, force: true })))
        const fresh = database.name === "postgres" ? yield* Effect.promise(() => database.create()) : undefined
        if (fresh !== undefined) yield* Effect.addFinalizer(() => Effect.promise(fresh.drop))
        const storage: ServiceOptions = dataDir !== undefined ? { dataDir } : { databaseUrl: fresh!.url }
        const receiver = yield* Effect.acquireRelease(Effect.promise(() => startReceiver(failing)), (r) => Effect.promise(r.close))
        const { contract, draftedBy } = yield* Effect.scoped(Effect.gen(function*() {
          const { draftedBy, draft, recorded } = yield* setUp(database, storage, receiver)
          const contract = yield* draft
          yield* Effect.promise(() => receiver.waitFor(1, draftedBy(contract)))
          yield* recorded(1)
          yield* TestClock.adjust("31 seconds")
          yield* Effect.promise(() => receiver.waitFor(2, draftedBy(contract)))
          yield* recorded(2)
          yield* TestClock.adjust("61 seconds")
          yield* Effect.promise(() => receiver.waitFor(3, draftedBy(contract)))
          yield* recorded(3)
          return { contract, draftedBy }
        }))
        // Stopped with three attempts made; the fourth is due five minutes after the first, less its jitter.
        const first = signedAt(receiver.received.filter(draftedBy(contract))[0]!)
        const deliveryClock = yield* TestClock.testClock()
        yield* Effect.acquireRelease(Effect.promise(() => startService(database, { ...storage, deliveryClock })), (s) => Effect.promise(s.stopServerOnly))
        const earliest = first + attemptOffsets[3]! - Math.ceil((attemptOffsets[3]! - attemptOffsets[2]!) * jitterShare)
        yield* TestClock.setTime(earliest - 1500)
        yield* TestClock.setTime(first + attemptOffsets[3]! + 999)
        const made = yield* Effect.promise(() => receiver.waitFor(4, draftedBy(contract)))
        expect(signedAt(made[3]!)).toBeGreaterThanOrEqual(secondsOf(earliest - 1000))
        expect(made).toHaveLength(4)
      }), 120_000)
  })
}
