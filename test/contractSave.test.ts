import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect, Exit, Layer, ManagedRuntime, Option } from "effect"
import { AdminRepo } from "../src/Admin/Repo.js"
import { ServerConfig } from "../src/Config.js"
import { ContractsRepo } from "../src/Contracts/Repo.js"
import type { Contract, Decided } from "../src/Domain/Contract.js"
import { draftFromTemplate } from "../src/Domain/Drafting.js"
import { Rejection } from "../src/Domain/Rejection.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { findTemplate } from "../src/Templates/Catalog.js"
import { databases } from "./support/databases.js"
import { testSettings } from "./support/service.js"

type Services = ContractsRepo | AdminRepo | SqlClient.SqlClient

for (const database of databases) {
  describe(`storing a contract write (${database.name})`, () => {
    let drop: () => Promise<void>
    let runtime: ManagedRuntime.ManagedRuntime<Services, unknown>

    beforeAll(async () => {
      const made = await database.create()
      drop = made.drop
      const config = Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(made.url) }))
      const sql = Layer.provideMerge(MigrationsLive, DatabaseLive).pipe(Layer.provide(config))
      runtime = ManagedRuntime.make(Layer.provideMerge(Layer.mergeAll(ContractsRepo.Default, AdminRepo.Default), sql))
    })
    afterAll(async () => {
      await runtime.dispose()
      await drop()
    })

    const counts = (id: string) =>
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ events: number; mail: number; parties: number; head: number }>`
          SELECT (SELECT count(*)::int FROM contract_events WHERE contract_id = ${id}) AS events,
                 (SELECT count(*)::int FROM outbox WHERE contract_id = ${id}) AS mail,
                 (SELECT count(*)::int FROM contract_parties WHERE contract_id = ${id}) AS parties,
                 (SELECT head_sequence FROM contracts WHERE id = ${id}) AS head`.pipe(Effect.map((rows) => rows[0]!)))

    it("writes the contract, its parties, events and mail together, and nothing at all from a stale copy", () =>
      runtime.runPromise(Effect.gen(function*() {
        const repo = yield* ContractsRepo
        const org = yield* (yield* AdminRepo).createOrg("Acme Ltd", [{ name: "Ada", email: "ada@acme.test" }], ["contracts:write"])
        const ada = org.people[0]!
        const drafted = draftFromTemplate({
          id: "con_savetest",
          mode: "live",
          actor: { mode: "live", org: org.org_id, person: ada, guest: null },
          template: findTemplate("tpl_mutual_nda")!,
          facts: {},
          now: "2026-11-23T00:00:00.000Z"
        })
        if (drafted instanceof Rejection) throw drafted
        yield* repo.save(null, drafted.contract, drafted.events, drafted)
        const first = yield* counts("con_savetest")
        expect(first.head).toBe(drafted.contract.head_sequence)
        expect(first.events).toBe(drafted.events.length)
        expect(first.parties).toBe(drafted.contract.parties.length)

        // A later write with a guest party, an event and a mail.
        const guest = { ...drafted.contract.parties[0]!, id: "pty_guest", person: "per_guest", org: null, email: "g@x.test", guest_token_hash: "h" }
        const next: Contract = {
          ...drafted.contract,
          head_sequence: drafted.contract.head_sequence + 1,
          parties: [...drafted.contract.parties, guest]
        }
        const write: Decided<unknown> = {
          contract: next,
          events: [{ type: "contract.updated", data: { n: 1 } }, { type: "contract.updated", data: { n: 2 } }],
          result: null,
          mail: [{ to: "g@x.test", subject: "s", text: "t", link: null }]
        } as unknown as Decided<unknown>
        const stale: Contract = { ...drafted.contract, head_sequence: drafted.contract.head_sequence + 7 }
        const refused = yield* Effect.exit(repo.save(stale, next, write.events, write))
        expect(Exit.isFailure(refused) && String(Exit.isFailure(refused) ? refused.cause : "")).toContain("changed under its writer")
        expect(yield* counts("con_savetest")).toEqual(first)

        yield* repo.save(drafted.contract, next, write.events, write)
        expect(yield* counts("con_savetest")).toEqual({
          head: next.head_sequence,
          events: first.events + 2,
          mail: first.mail + 1,
          parties: first.parties + 1
        })
        expect(Option.getOrThrow(yield* repo.load("con_savetest")).head_sequence).toBe(next.head_sequence)
      })))
  })
}
