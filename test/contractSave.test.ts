import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect, Exit, Layer, Option } from "effect"
import { AdminRepo } from "../src/Admin/Repo.js"
import { LiveContracts } from "../src/Engine/LiveContracts.js"
import { ContractsRepo } from "../src/Engine/Repo.js"
import type { Contract } from "../src/Domain/Contract/Contract.js"
import type { Decided } from "../src/Domain/Contract/Decided.js"
import { draftFromTemplate } from "../src/Domain/Templates/Drafting.js"
import { Rejection } from "../src/Domain/Contract/Rejection.js"
import { findTemplate } from "../src/Templates/Catalog.js"
import { makeId } from "../src/RandomIds.js"
import { databases } from "./support/databases.js"
import { type RuntimeOnDatabase, runtimeOnDatabase } from "./support/runtime.js"
import { asId } from "../src/Domain/Contract/Ids.js"

for (const database of databases) {
  describe(`storing a contract write (${database.name})`, () => {
    let running: RuntimeOnDatabase<ContractsRepo | AdminRepo | LiveContracts>

    beforeAll(async () => {
      running = await runtimeOnDatabase(database, Layer.mergeAll(ContractsRepo.Default, AdminRepo.Default, LiveContracts.Default))
    })
    afterAll(() => running.stop())

    const counts = (id: string) =>
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql<{ events: number; mail: number; parties: number; head: number }>`
          SELECT (SELECT count(*)::int FROM contract_events WHERE contract_id = ${id}) AS events,
                 (SELECT count(*)::int FROM outbox WHERE contract_id = ${id}) AS mail,
                 (SELECT count(*)::int FROM contract_parties WHERE contract_id = ${id}) AS parties,
                 (SELECT head_sequence FROM contracts WHERE id = ${id}) AS head`.pipe(Effect.map((rows) => rows[0]!)))

    /** A drafted contract, stored through the repository as the entity would store it. */
    const storedDraft = (id: string, orgName: string) =>
      Effect.gen(function*() {
        const slug = orgName.toLowerCase().replace(/[^a-z]/g, "")
        const org = yield* (yield* AdminRepo).createOrg(orgName, [{ name: "Ada", email: `ada@${slug}.test` }], ["contracts:write"])
        const drafted = draftFromTemplate({
          id: asId("con", id),
          mode: "live",
          actor: { mode: "live", org: org.org_id, person: org.people[0]!, guest: null },
          template: findTemplate("tpl_mutual_nda")!,
          facts: {},
          now: "2026-11-23T00:00:00.000Z",
          newId: makeId
        })
        if (drafted instanceof Rejection) throw drafted
        yield* (yield* ContractsRepo).save(null, drafted.contract, drafted.events, drafted)
        return drafted
      })

    it("writes the contract, its parties, events and mail together, and nothing at all from a stale copy", () =>
      running.runtime.runPromise(Effect.gen(function*() {
        const repo = yield* ContractsRepo
        const drafted = yield* storedDraft("con_savetest", "Acme Ltd")
        const first = yield* counts("con_savetest")
        expect(first.head).toBe(drafted.contract.head_sequence)
        expect(first.events).toBe(drafted.events.length)
        expect(first.parties).toBe(drafted.contract.parties.length)

        // A later write with a guest party, an event and a mail.
        const guest = {
          ...drafted.contract.parties[0]!,
          id: asId("pty", "pty_guest"),
          person: "per_guest",
          org: null,
          email: "g@x.test",
          guest_token_hash: "h"
        }
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

    it("serves a live entity's copy until that entity passivates, and never drops a newer entity's copy", () =>
      running.runtime.runPromise(Effect.gen(function*() {
        const repo = yield* ContractsRepo
        const live = yield* LiveContracts
        const stored = (yield* storedDraft("con_livetest", "Beta Ltd")).contract
        const older: Contract = { ...stored, title: "older copy" }
        const newer: Contract = { ...stored, title: "newer copy" }
        live.keep(older)
        live.keep(newer)
        // The older entity passivates after a newer one for the same contract woke.
        live.drop(older)
        expect(Option.getOrThrow(yield* live.read("con_livetest", repo.load)).title).toBe("newer copy")
        live.drop(newer)
        expect(Option.getOrThrow(yield* live.read("con_livetest", repo.load))).toEqual(stored)
      })))

    it("stores each letter once as a row, keeps them out of the document, and refuses to rewrite one", () =>
      running.runtime.runPromise(Effect.gen(function*() {
        const repo = yield* ContractsRepo
        const sql = yield* SqlClient.SqlClient
        const drafted = yield* storedDraft("con_lettertest", "Gamma Ltd")
        const letter = (n: number) =>
          ({
            id: `let_${n}`,
            kind: "sent",
            ordinal: n,
            sequence: n + 1,
            from: "pty_x",
            to: [],
            note: `note ${n}`,
            sent_at: "2026-11-23T00:00:00.000Z",
            confirmed_by: "per_x",
            asks: [],
            decisions: [],
            final: false
          }) as unknown as Contract["letters"][number]
        let previous = drafted.contract
        for (const n of [1, 2, 3]) {
          const next: Contract = { ...previous, head_sequence: previous.head_sequence + 1, letters: [...previous.letters, letter(n)] }
          yield* repo.save(previous, next, [])
          previous = next
        }
        const stored = yield* sql<{ ordinal: number; id: string }>`
          SELECT ordinal, letter ->> 'id' AS id FROM contract_letters WHERE contract_id = 'con_lettertest' ORDER BY ordinal`
        expect(stored).toEqual([{ ordinal: 1, id: "let_1" }, { ordinal: 2, id: "let_2" }, { ordinal: 3, id: "let_3" }])
        const documents = yield* sql<{ has_letters: boolean }>`SELECT doc -> 'letters' IS NOT NULL AS has_letters FROM contracts WHERE id = 'con_lettertest'`
        expect(documents[0]!.has_letters).toBe(false)
        expect(Option.getOrThrow(yield* repo.load("con_lettertest"))).toEqual(previous)

        // A write that changes a stored letter is a defect of the core: it dies and stores nothing.
        const rewritten: Contract = {
          ...previous,
          head_sequence: previous.head_sequence + 1,
          letters: [{ ...previous.letters[0]!, note: "changed" }, ...previous.letters.slice(1), letter(4)]
        }
        expect(Exit.isFailure(yield* Effect.exit(repo.save(previous, rewritten, [])))).toBe(true)
        expect(Option.getOrThrow(yield* repo.load("con_lettertest"))).toEqual(previous)
      })))

    it("writes a part of the document only when the write made it anew, and every save writes the rest", () =>
      running.runtime.runPromise(Effect.gen(function*() {
        const repo = yield* ContractsRepo
        const sql = yield* SqlClient.SqlClient
        const drafted = (yield* storedDraft("con_parttest", "Delta Ltd")).contract
        // A marker only the database holds: a save that rewrote the words would overwrite it.
        const marker = [{ ...drafted.blocks[0]!, text: "held only by the database" }]
        yield* sql`UPDATE contracts SET blocks = ${JSON.stringify(marker)}::jsonb WHERE id = 'con_parttest'`
        const retitled: Contract = { ...drafted, title: "Retitled", head_sequence: drafted.head_sequence + 1 }
        yield* repo.save(drafted, retitled, [])
        const kept = Option.getOrThrow(yield* repo.load("con_parttest"))
        expect(kept.title).toBe("Retitled")
        expect(kept.blocks).toEqual(marker)
        expect(kept.facts).toEqual(drafted.facts)

        const edited: Contract = { ...retitled, blocks: drafted.blocks.slice(1), head_sequence: retitled.head_sequence + 1 }
        yield* repo.save(retitled, edited, [])
        expect(Option.getOrThrow(yield* repo.load("con_parttest"))).toEqual(edited)
      })))
  })
}
