import { describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect, TestClock } from "effect"
import { deadlineRows, executedMsa, lifeEvents, midnight as day, until } from "./support/afterSigning.js"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { adminToken, startService } from "./support/service.js"

const admin = { authorization: `Bearer ${adminToken}` }

for (const database of databases) {
  describe(`an org's warning window and an executed amendment (${database.name})`, () => {
    it.scoped("the window an org sets moves its contracts' warnings; an executed amendment takes its parent's place", () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(Date.parse("2026-12-02T09:00:00.000Z"))
        const deadlineClock = yield* TestClock.testClock()
        const service = yield* Effect.acquireRelease(Effect.promise(() => startService(database, { deadlineClock })), (s) => Effect.promise(s.stop))
        const promise = <A>(f: () => Promise<A>) => Effect.promise(f)
        const parties = yield* promise(() => twoOrgs(service.url))
        const { acme, beta } = parties
        const { id, ada, bea } = yield* promise(() => executedMsa(service.url, parties))
        expect((yield* promise(() => ada.sheet(id))).deadlines).toMatchObject({ window_days: 60, next: { kind: "notice_window", due_at: day("2027-07-04") } })

        // The admin API sets Acme's window; every bad value is refused by name and changes nothing.
        const settings = (org: string, body?: unknown) =>
          call(service.url, body === undefined ? "GET" : "PUT", `/admin/orgs/${org}/settings`, { headers: admin, ...(body === undefined ? {} : { body }) })
        const set = yield* promise(() => settings(acme.org_id, { deadline_window_days: 90 }))
        expect([set.status, set.body]).toEqual([200, { object: "org_settings", org_id: acme.org_id, deadline_window_days: 90 }])
        for (const bad of [7, 366, 90.5, -1, "ninety", null]) {
          const refused = yield* promise(() => settings(acme.org_id, { deadline_window_days: bad }))
          expect([bad, refused.status, refused.body.error?.code, refused.body.error?.param]).toEqual([bad, 400, "invalid_request", "deadline_window_days"])
        }
        expect((yield* promise(() => settings(acme.org_id, { deadline_window: 30 }))).status).toBe(400)
        expect((yield* promise(() => settings("org_nope", { deadline_window_days: 30 }))).status).toBe(404)
        expect((yield* promise(() => settings(acme.org_id, {}))).body).toEqual(set.body)
        expect((yield* promise(() => settings(acme.org_id))).body).toEqual(set.body)
        expect((yield* promise(() => settings(beta.org_id))).body).toEqual({ object: "org_settings", org_id: beta.org_id, deadline_window_days: 60 })
        const noAdmin = yield* promise(() => call(service.url, "GET", `/admin/orgs/${acme.org_id}/settings`, { key: acme.keys.test }))
        expect(noAdmin.status).toBe(401)

        // The scheduler tells the contract Acme drafted; its first warning now comes ninety days before.
        const window = yield* promise(() => until(() => ada.sheet(id), (sheet) => sheet.deadlines.window_days === 90, "the contract told of its org's window"))
        expect(window.deadlines.next).toEqual({ kind: "notice_window", due_at: day("2027-06-04") })
        yield* TestClock.setTime(Date.parse("2027-06-04T06:00:00.000Z"))
        const warned = yield* promise(() => until(() => lifeEvents(ada, id), (events) => events.length > 0, "the 90-day warning"))
        expect(warned).toMatchObject([{ type: "contract.deadline_approaching", data: { days_before: 90, notice_deadline: "2027-09-02" } }])
        expect(yield* promise(() => deadlineRows(bea))).toMatchObject([{ contract: id, since: day("2027-06-04") }])

        // Acme amends the contract and both sides sign the amendment.
        const amendment = (yield* promise(() =>
          call(service.url, "POST", `/contracts/${id}/amend`, {
            key: acme.keys.test,
            person: ada.person,
            body: {},
            headers: { "idempotency-key": idempotencyKey() }
          })
        )).body
        expect((yield* promise(() => ada.send(amendment.id, amendment.words_hash, { confirmed_by: ada.person }))).status).toBe(200)
        const agreed = (yield* promise(() => bea.commit(amendment.id, amendment.words_hash))).body
        yield* promise(() => ada.sign(amendment.id, agreed.words_hash))
        expect((yield* promise(() => bea.sign(amendment.id, agreed.words_hash))).body.contract_state).toBe("executed")

        // The parent is acted on no more: its feed rows give way to the amendment's own, on both sides.
        const parent = yield* promise(() => until(() => ada.sheet(id), (sheet) => sheet.deadlines.amended_by === amendment.id, "the parent told"))
        expect(parent.deadlines).toMatchObject({ live: false, next: null, window_days: 90 })
        for (const seat of [ada, bea]) {
          const rows = yield* promise(() =>
            until(() => deadlineRows(seat), (r) => r.length === 1 && r[0]!.contract === amendment.id, "the amendment's row alone")
          )
          expect(rows).toMatchObject([{ contract: amendment.id, notice_deadline: "2027-09-02" }])
        }
        const stored = yield* promise(() =>
          service.run(Effect.flatMap(SqlClient.SqlClient, (sql) =>
            sql<{ contract_id: string; next_due: unknown }>`
            SELECT contract_id, next_due FROM contract_deadlines WHERE contract_id IN (${id}, ${amendment.id}) ORDER BY contract_id = ${id}`))
        )
        expect(stored.map((row) => [row.contract_id, row.next_due === null])).toEqual([[amendment.id, false], [id, true]])

        // Past the renewal: the amendment renews; the parent, warned once, says nothing more.
        yield* TestClock.setTime(Date.parse("2027-12-15T09:00:00.000Z"))
        const renewed = yield* promise(() =>
          until(() => lifeEvents(ada, amendment.id), (events) => events.some((e) => e.type === "contract.renewed"), "the amendment's renewal")
        )
        expect(renewed.map((e) => e.type)).toEqual(["contract.deadline_approaching", "contract.deadline_approaching", "contract.renewed"])
        expect(yield* promise(() => lifeEvents(ada, id))).toHaveLength(1)
      }), 60_000)
  })
}
