import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, TestClock } from "effect"
import { DatesMoved } from "../src/Doorbells/DatesMoved.js"
import { DeadlineClock } from "../src/Deadlines/DeadlineClock.js"
import { DeadlineScheduler } from "../src/Deadlines/Scheduler.js"
import { SandboxRepo } from "../src/Sandbox/Repo.js"
import { SandboxClocks } from "../src/Sandbox/SandboxClocks.js"
import { rmSync } from "node:fs"
import { deadlineRows, executedMsa, healthy, lifeEvents, lifeTypes, midnight as day, until } from "./support/afterSigning.js"
import { call, seat } from "./support/client.js"
import { databases, type TestDatabase } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { startReceiver } from "./support/receiver.js"
import { type Running, type ServiceOptions, startService } from "./support/service.js"
import { seededDataDir } from "./support/seededDataDir.js"

/** The first service's storage, so a second can start on it (a restart). */
const storageOf = (database: TestDatabase): { first: ServiceOptions; again: (url: string | undefined) => ServiceOptions; done: () => void } => {
  if (database.name === "postgres") return { first: {}, again: (url) => ({ databaseUrl: url! }), done: () => {} }
  const dataDir = seededDataDir("cns-deadlines-")
  return { first: { dataDir }, again: () => ({ dataDir }), done: () => rmSync(dataDir, { recursive: true, force: true }) }
}

for (const database of databases) {
  describe(`deadlines and renewals on the TestClock (${database.name})`, () => {
    it.scoped("warns, renews and keeps firing once each across a restart, in the log, the feed and to a webhook", () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(Date.parse("2026-12-02T09:00:00.000Z"))
        const deadlineClock = yield* TestClock.testClock()
        const storage = storageOf(database)
        const receiver = yield* Effect.acquireRelease(Effect.promise(() => startReceiver(healthy)), (r) => Effect.promise(r.close))
        const first = yield* Effect.promise(() => startService(database, { ...storage.first, deadlineClock }))
        const restarted: { service?: Running } = {}
        yield* Effect.addFinalizer(() =>
          Effect.promise(async () => {
            await restarted.service?.stop()
            await first.stop()
            storage.done()
          })
        )
        const parties = yield* Effect.promise(() => twoOrgs(first.url))
        const { acme } = parties
        const { id, ada, bea } = yield* Effect.promise(() => executedMsa(first.url, parties))
        const endpoint = (yield* Effect.promise(() =>
          call(first.url, "POST", "/webhooks/endpoints", { key: acme.keys.test, person: ada.person, body: { url: receiver.url, events: lifeTypes } })
        )).body
        expect(endpoint.state).toBe("active")

        // What the contract knows, and the list's filters on it.
        const sheet = yield* Effect.promise(() =>
          ada.sheet(id)
        )
        expect(sheet.deadlines).toMatchObject({
          start_date: "2026-12-01",
          expiration_date: "2027-12-01",
          renews: true,
          renewal_term: "P1Y",
          notice_period: "P90D",
          notice_deadline: "2027-09-02",
          term: 0,
          live: true,
          next: { kind: "notice_window", due_at: day("2027-07-04") }
        })
        const listed = (query: string) =>
          Effect.promise(async () => ((await ada.get(`/contracts?${query}`)).body.data as Array<{ id: string }>).map((c) => c.id))
        expect(yield* listed("notice_before=2027-09-03")).toEqual([id])
        expect(yield* listed("notice_before=2027-09-02")).toEqual([])
        expect(yield* listed("expires_before=2027-12-02&state=executed")).toEqual([id])
        expect(yield* listed("expires_before=2027-12-01")).toEqual([])
        expect(yield* listed("notice_before=2027-09-03")).toEqual(yield* Effect.promise(async () => [(await bea.sheet(id)).id]))
        const bad = yield* Effect.promise(() => ada.get("/contracts?expires_before=next%20year"))
        expect(bad.status).toBe(400)
        expect(bad.body.error).toMatchObject({ code: "invalid_request", param: "expires_before" })

        // A second scheduler races the service's own, on the same clock, as another runner's would.
        const rival = yield* Effect.promise(() =>
          first.run(Effect.forkDaemon(Layer.launch(DeadlineScheduler.DefaultWithoutDependencies.pipe(
            Layer.provide(Layer.succeed(DeadlineClock, deadlineClock)),
            Layer.provide(Layer.mergeAll(DatesMoved.Default, SandboxClocks.Default.pipe(Layer.provide(SandboxRepo.Default))))
          ))))
        )

        // The window opens: one warning, in the log and in both sides' feeds.
        yield* TestClock.setTime(Date.parse("2027-07-04T06:00:00.000Z"))
        const warned = yield* Effect.promise(() => until(() => lifeEvents(ada, id), (events) => events.length > 0, "the window's warning"))
        expect(warned).toMatchObject([{
          type: "contract.deadline_approaching",
          data: { days_before: 60, notice_deadline: "2027-09-02", due_at: day("2027-07-04") }
        }])
        expect(yield* Effect.promise(() => deadlineRows(ada))).toMatchObject([{ contract: id, notice_deadline: "2027-09-02", since: day("2027-07-04") }])
        expect(yield* Effect.promise(() => deadlineRows(bea))).toHaveLength(1)

        yield* Fiber.interrupt(rival)

        // Down from August to mid-December: on start-up the reminder and the renewal fire, late, each with its moment.
        yield* Effect.promise(() => first.stopServerOnly())
        yield* TestClock.setTime(Date.parse("2027-12-15T09:00:00.000Z"))
        const second = yield* Effect.promise(() => startService(database, { ...storage.again(first.databaseUrl), deadlineClock }))
        restarted.service = second
        const again = seat(second.url, acme, ada.person, acme.keys.test)
        const all = yield* Effect.promise(() => until(() => lifeEvents(again, id), (events) => events.length >= 3, "the renewal"))
        expect(all.map((e) => [e.type, e.data["due_at"]])).toEqual([
          ["contract.deadline_approaching", day("2027-07-04")],
          ["contract.deadline_approaching", day("2027-08-26")],
          ["contract.renewed", day("2027-12-01")]
        ])
        expect(all[2]!.data).toMatchObject({ previous_expiration: "2027-12-01", expiration_date: "2028-12-01", term: 1 })
        expect((yield* Effect.promise(() => again.get(`/contracts/${id}`))).body.deadlines).toMatchObject({ term: 1, expiration_date: "2028-12-01" })
        expect(yield* Effect.promise(() => deadlineRows(again))).toEqual([])

        // The webhook got each event, by its id. Delivery is at least once: an attempt in flight when the
        // first process stopped (the receiver has it, the process had not yet recorded it) is made again
        // by the second, with the same event id, so a repeat is counted once (a CI run under load saw one).
        // Events of one write share a sequence, and deliveries run side by side, so their arrival has no order to check.
        const byId = () => new Map(receiver.received.filter((r) => lifeTypes.includes(r.json?.type)).map((r) => [r.json.id as string, r]))
        const delivered = yield* Effect.promise(() => until(() => Promise.resolve([...byId().values()]), (events) => events.length >= 3, "three deliveries"))
        const byDue = (pairs: Array<Array<unknown>>) => pairs.sort((a, b) => String(a[1]).localeCompare(String(b[1])))
        expect(byDue(delivered.map((r) => [r.json.type, r.json.data.due_at]))).toEqual(all.map((e) => [e.type, e.data["due_at"]]))

        // Time standing still, or told again, adds nothing.
        yield* TestClock.adjust("1 hour")
        yield* Effect.promise(() => new Promise((r) => setTimeout(r, 200)))
        expect(yield* Effect.promise(() => lifeEvents(again, id))).toHaveLength(3)
      }), 60_000)
  })
}
