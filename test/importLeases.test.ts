import { describe, expect, it } from "@effect/vitest"
import { Clock, Context, Deferred, Duration, Effect, Layer, type Scope, TestClock } from "effect"
import { ServerConfig } from "../src/Config.js"
import { parserIdentity } from "../src/Domain/Imports/ParseDocument.js"
import { Appended } from "../src/Doorbells/Appended.js"
import { ImportsRepo } from "../src/Imports/Repo.js"
import { importLease } from "../src/Imports/Worker.js"
import { makeId } from "../src/RandomIds.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { databases } from "./support/databases.js"
import {
  blocking,
  claim,
  failedEvents,
  finished,
  leaseRow,
  freshDatabase,
  openShared,
  recording,
  seeded,
  type Shared,
  startRunner,
  until
} from "./support/importRunners.js"

const [runnerA, runnerB, runnerC] = ["10.0.0.1:34431", "10.0.0.2:34431", "10.0.0.3:34431"]

/** A test's runners over a fresh database holding one batch, on the test's clock (started at today's time). */
const withRunners = <A>(
  database: (typeof databases)[number],
  markers: ReadonlyArray<string>,
  test: (ids: ReadonlyArray<string>, lease: Duration.Duration) => Effect.Effect<A, unknown, Shared | Scope.Scope>
) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(Date.now())
    const settings = yield* freshDatabase(database)
    const shared = yield* openShared(settings)
    return yield* Effect.provide(Effect.flatMap(seeded(markers), (ids) => test(ids, importLease(settings))), shared)
  })

for (const database of databases) {
  describe(`import leases (${database.name})`, () => {
    it.scoped(
      "gives an import to one of two runners taking it at once, to another only once its lease ran out, and lets only the holder finish it",
      () =>
        withRunners(database, ["a", "b", "c", "d", "e", "f"], (ids, lease) =>
          Effect.gen(function*() {
            const repoA = yield* ImportsRepo
            // On PostgreSQL the second runner has a pool of its own, as another process would.
            const repoB = database.name === "postgres"
              ? Context.get(
                yield* Layer.build(
                  ImportsRepo.Default.pipe(
                    Layer.provide(Appended.Default),
                    Layer.provide(DatabaseLive),
                    Layer.provide(Layer.succeed(ServerConfig, yield* ServerConfig))
                  )
                ),
                ImportsRepo
              )
              : repoA
            const at = yield* Clock.currentTimeMillis
            for (const id of ids) {
              const taken = yield* Effect.all([repoA.take(id, claim(runnerA, at, lease)), repoB.take(id, claim(runnerB, at, lease))], { concurrency: 2 })
              expect(taken.filter((attempt) => attempt !== undefined)).toEqual([1])
            }
            const [id] = ids as [string]
            const first = (yield* leaseRow(id)).lease_holder!
            const second = first === runnerA ? runnerB : runnerA
            expect(yield* repoB.take(id, claim(second, at + Duration.toMillis(lease) - 1, lease))).toBeUndefined()
            expect(yield* repoB.take(id, claim(second, at + Duration.toMillis(lease), lease))).toBe(2)
            expect(yield* leaseRow(id)).toMatchObject({ state: "parsing", attempts: 2, lease_holder: second })

            // The first holder comes back late: neither its contract nor its failure lands.
            const row = (yield* repoA.find(id))!
            const now = new Date(at).toISOString()
            const summary = { contract: "con_late", state: "draft", blocks: 0, unverified: [], signature_blocks: 0, facts_inferred: 0, fields: 0 }
            expect(yield* repoA.parsed(id, 1, "con_late", { ...summary, parser: parserIdentity() }, now)).toBe(false)
            yield* repoA.failed(row, 1, "parser_error", "late", parserIdentity(), { id: makeId("evt"), now })
            expect(yield* leaseRow(id)).toMatchObject({ state: "parsing", attempts: 2, contract_id: null })
            expect(yield* failedEvents(id)).toBe(0)
            // The holder's failure lands once, however often it is told.
            yield* repoB.failed(row, 2, "parser_error", "held", parserIdentity(), { id: makeId("evt"), now })
            yield* repoB.failed(row, 2, "parser_error", "held", parserIdentity(), { id: makeId("evt"), now })
            expect(yield* repoB.parsed(id, 2, "con_late", { ...summary, parser: parserIdentity() }, now)).toBe(false)
            expect(yield* leaseRow(id)).toMatchObject({ state: "failed", attempts: 2, contract_id: null })
            expect(yield* failedEvents(id)).toBe(1)
          })),
      120_000
    )

    it.scoped(
      "leaves an import another runner is parsing under a live lease when it starts",
      () =>
        withRunners(database, ["held", "control"], ([held, control]) =>
          Effect.gen(function*() {
            const started = yield* Deferred.make<void>()
            const release = yield* Deferred.make<void>()
            yield* startRunner(runnerA, blocking(started, release))
            yield* Deferred.await(started)
            const seen: Array<string> = []
            // One parse at a time, oldest first: had the held import been queued, it would go before the control.
            yield* startRunner(runnerB, recording(seen))
            expect(yield* until(control!, finished)).toMatchObject({ state: "parsed", attempts: 1, lease_holder: runnerB })
            expect(seen).toEqual(["control"])
            expect(yield* leaseRow(held!)).toMatchObject({ state: "parsing", attempts: 1, lease_holder: runnerA })
            yield* Deferred.succeed(release, undefined)
            expect(yield* until(held!, finished)).toMatchObject({ state: "parsed", attempts: 1, lease_holder: runnerA })
            expect(seen).toEqual(["control"])
          })),
      120_000
    )

    it.scoped(
      "resumes a dead runner's import on a live runner once its lease runs out, made once",
      () =>
        withRunners(database, ["orphan"], ([orphan], lease) =>
          Effect.gen(function*() {
            // Runner A took it and died mid-parse: a crash runs no finalizer, so its lease stays (a runner
            // that stops gracefully hands its imports back at once: test/operations/handBack.test.ts).
            const repo = yield* ImportsRepo
            expect(yield* repo.take(orphan!, claim(runnerA, yield* Clock.currentTimeMillis, lease))).toBe(1)
            const seen: Array<string> = []
            yield* startRunner(runnerB, recording(seen))
            expect(yield* leaseRow(orphan!)).toMatchObject({ state: "parsing", attempts: 1, lease_holder: runnerA })
            // Runner B looks every half lease; its clock moves until a look finds the lease run out.
            yield* until(orphan!, (row) => row.attempts === 2, TestClock.adjust(Duration.times(lease, 0.5)))
            const row = yield* until(orphan!, finished)
            expect(row).toMatchObject({ state: "parsed", attempts: 2, lease_holder: runnerB, contract_id: expect.stringMatching(/^con_/) })
            expect(seen).toEqual(["orphan"])
          })),
      120_000
    )

    it.scoped(
      "fails a file that stopped three runners mid-parse on its fourth take, without parsing it",
      () =>
        withRunners(database, ["killer"], ([killer], lease) =>
          Effect.gen(function*() {
            const repo = yield* ImportsRepo
            for (const [attempt, runner] of [runnerA, runnerB, runnerC].entries()) {
              expect(yield* repo.take(killer!, claim(runner, yield* Clock.currentTimeMillis, lease))).toBe(attempt + 1)
              yield* TestClock.adjust(lease)
            }
            const seen: Array<string> = []
            yield* startRunner("10.0.0.4:34431", recording(seen))
            expect(yield* until(killer!, finished)).toMatchObject({ state: "failed", attempts: 4, reason: "parser_error" })
            expect((yield* repo.find(killer!))!.summary?.message).toMatch(/stopped the service repeatedly/)
            expect(seen).toEqual([])
            expect(yield* failedEvents(killer!)).toBe(1)
          })),
      120_000
    )

    it.scoped(
      "resumes at once, live lease or not, what a restarted process held: a runner its own, a process alone everything",
      () =>
        withRunners(database, ["alone", "killer", "other", "own"], ([alone, killer, other, own], lease) =>
          Effect.gen(function*() {
            const repo = yield* ImportsRepo
            const at = yield* Clock.currentTimeMillis
            yield* repo.take(alone!, claim("alone", at, lease))
            // Three lives of a process alone, each dead mid-parse; the last lease still runs.
            for (let life = 0; life < 3; life++) yield* repo.take(killer!, claim("alone", at + life * Duration.toMillis(lease), lease))
            yield* repo.take(other!, claim(runnerB, at, lease))
            yield* repo.take(own!, claim(runnerA, at, lease))
            const seen: Array<string> = []
            // Runner A again: its own import is the last of the batch, so one reset too many would show first.
            yield* startRunner(runnerA, recording(seen))
            expect(yield* until(own!, finished)).toMatchObject({ state: "parsed", attempts: 2, lease_holder: runnerA })
            expect(seen).toEqual(["own"])
            for (const [id, attempts] of [[alone, 1], [killer, 3], [other, 1]] as const) {
              expect(yield* leaseRow(id!)).toMatchObject({ state: "parsing", attempts })
            }
            // A process serving alone knows no other is parsing: everything unfinished is its own.
            yield* startRunner(undefined, recording(seen))
            expect(yield* until(alone!, finished)).toMatchObject({ state: "parsed", attempts: 2, lease_holder: "alone" })
            expect(yield* until(killer!, finished)).toMatchObject({ state: "failed", attempts: 4, reason: "parser_error" })
            expect(yield* until(other!, finished)).toMatchObject({ state: "parsed", attempts: 2, lease_holder: "alone" })
            expect(seen).toEqual(["own", "alone", "other"])
          })),
      120_000
    )
  })
}
