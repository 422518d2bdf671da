import { SqlClient } from "@effect/sql"
import { Clock, Context, Deferred, Duration, Effect, ExecutionStrategy, Exit, Layer, Option, Scope } from "effect"
import { createHash } from "node:crypto"
import { mkdtempSync } from "node:fs"
import { rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { AdminRepo } from "../../src/Admin/Repo.js"
import { Assets } from "../../src/Assets.js"
import { AssetStore } from "../../src/Assets/AssetStore.js"
import { AssetsRepo } from "../../src/Assets/Repo.js"
import { ClusterLive } from "../../src/Cluster/ClusterLive.js"
import { ClusterSignals } from "../../src/Cluster/Signals.js"
import { ServerConfig, type Settings } from "../../src/Config.js"
import { ContractStore } from "../../src/Engine/ContractStore.js"
import { ContractLive } from "../../src/Engine/EntityLive.js"
import { makeId } from "../../src/RandomIds.js"
import { LiveContracts } from "../../src/Engine/LiveContracts.js"
import { ContractsRepo } from "../../src/Engine/Repo.js"
import { WriteProbe } from "../../src/Engine/WriteProbe.js"
import { parseDocument, parserIdentity } from "../../src/Domain/Imports/ParseDocument.js"
import type { Extracted } from "../../src/Domain/Imports/Parsed.js"
import { Appended } from "../../src/Doorbells/Appended.js"
import { DatesMoved } from "../../src/Doorbells/DatesMoved.js"
import { ImportParser } from "../../src/Imports/Parser.js"
import { ImportsRepo } from "../../src/Imports/Repo.js"
import { ImportWorker } from "../../src/Imports/Worker.js"
import { DatabaseLive } from "../../src/Sql/Database.js"
import { MigrationsLive } from "../../src/Sql/Migrations.js"
import type { TestDatabase } from "./databases.js"
import { sampleAgreement } from "./imports.js"
import { testSettings } from "./service.js"

/**
 * A fresh database and the settings every runner of a test shares. A write that waits on the
 * test's clock must not time out when a test moves it, hence the day-long contract write limit.
 */
export const freshDatabase = (database: TestDatabase) =>
  Effect.acquireRelease(
    Effect.promise(async () => ({ made: await database.create(), assetDir: mkdtempSync(join(tmpdir(), "cns-leases-")) })),
    ({ assetDir, made }) => Effect.promise(() => Promise.all([made.drop(), rm(assetDir, { recursive: true, force: true })]))
  ).pipe(
    Effect.map(({ assetDir, made }) => testSettings({ databaseUrl: Option.some(made.url), assetDir, contractWriteTimeoutSeconds: 86_400 }))
  )

/**
 * One batch of text files, one per marker, stored as POST /imports stores it (bytes in the asset
 * store, then the batch's rows) and handed to no worker: the imports wait, `parsing` under no
 * lease, as a process that accepted them and died at once would leave them. Ids in upload order.
 */
export const seeded = (markers: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const files = yield* AssetStore
    const org = yield* (yield* AdminRepo).createOrg("Leases Ltd", [{ name: "Ada Lovelace", email: "ada@leases.test" }], [])
    const person = org.people[0]!
    const now = new Date(yield* Clock.currentTimeMillis).toISOString()
    const imports = []
    for (const [position, marker] of markers.entries()) {
      const bytes = Buffer.from([...sampleAgreement, `Schedule ${marker}.`].join("\n\n"))
      const sha256 = createHash("sha256").update(bytes).digest("hex")
      const path = join(files.tmpDir, `${marker}-${sha256}`)
      yield* Effect.promise(() => writeFile(path, bytes))
      yield* files.keep(path, sha256)
      const asset = {
        id: makeId("ast"),
        org_id: org.org_id,
        mode: "live" as const,
        contract_id: null,
        relationship_id: null,
        role: "provenance" as const,
        filename: `${marker}.txt`,
        content_type: "text/plain",
        format: "txt",
        bytes: bytes.length,
        checksum: `sha256:${sha256}`,
        created_by: person.id,
        created_at: now
      }
      imports.push({ id: makeId("imp"), position, planned_contract_id: makeId("con"), asset })
    }
    const actor = { mode: "live" as const, org: org.org_id, person, guest: null }
    yield* (yield* ImportsRepo).createBatch({ id: makeId("imb"), org: org.org_id, mode: "live", actor, alreadySigned: false, origin: null, now }, imports)
    return imports.map((item) => item.id)
  })

/** What every runner of the test shares, built once, as one process would: the database, the repos, the contracts. */
export const sharedStack = (settings: Settings) =>
  Assets.Default.pipe(
    Layer.provideMerge(ContractStore.Default),
    Layer.provideMerge(ContractLive.pipe(Layer.provideMerge(ClusterLive))),
    Layer.provideMerge(
      Layer.mergeAll(AdminRepo.Default, ImportsRepo.Default, AssetsRepo.Default, ContractsRepo.Default, LiveContracts.Default, AssetStore.Default).pipe(
        Layer.provideMerge(Layer.mergeAll(Appended.Default, DatesMoved.Default)),
        Layer.provide(ClusterSignals.layer)
      )
    ),
    Layer.provideMerge(Layer.provideMerge(MigrationsLive, DatabaseLive)),
    Layer.provide(WriteProbe.passThrough),
    Layer.provideMerge(Layer.succeed(ServerConfig, settings))
  )

/** The shared stack on the real clock, so the cluster keeps time while the test moves its own (the runners'). */
export const openShared = (settings: Settings) => Effect.withClock(Layer.build(sharedStack(settings)), Clock.make())

export type Shared = Layer.Layer.Success<ReturnType<typeof sharedStack>>

/**
 * One runner's import worker over the shared stack, on the test's clock, one parse at a time:
 * `address` is its RUNNER_ADDRESS (undefined: a process serving alone). `stop` ends it as SIGKILL
 * would end its parses: interrupted, nothing written.
 */
export const startRunner = (address: string | undefined, parser: Layer.Layer<ImportParser>) =>
  Effect.gen(function*() {
    const shared = yield* Effect.context<Shared>()
    // A scope of the test's own, closed before the shared stack is when the test ends.
    const scope = yield* Scope.fork(yield* Effect.scope, ExecutionStrategy.sequential)
    const config = { ...Context.get(shared, ServerConfig), runnerAddress: address, importConcurrency: 1 }
    const worker = ImportWorker.DefaultWithoutDependencies.pipe(Layer.provide(Layer.succeed(ServerConfig, config)), Layer.provide(parser))
    yield* Layer.buildWithScope(worker, scope)
    return { stop: Scope.close(scope, Exit.void) }
  })

/** The rules parser, noting the marker of each file it reads. */
export const recording = (seen: Array<string>) =>
  Layer.succeed(ImportParser, {
    identity: parserIdentity(),
    parse: (extracted: Extracted) =>
      Effect.sync(() => {
        seen.push(/Schedule (\S+)\./.exec(extracted.text)?.[1] ?? "?")
        return parseDocument(extracted)
      })
  })

/** A parser that says when it has started and then waits to be released: a runner caught mid-parse. */
export const blocking = (started: Deferred.Deferred<void>, release: Deferred.Deferred<void>) =>
  Layer.succeed(ImportParser, {
    identity: parserIdentity(),
    parse: (extracted: Extracted) =>
      Deferred.succeed(started, undefined).pipe(Effect.zipRight(Deferred.await(release)), Effect.zipRight(Effect.sync(() => parseDocument(extracted))))
  })

export interface LeaseRow {
  readonly state: string
  readonly attempts: number
  readonly lease_holder: string | null
  readonly contract_id: string | null
  readonly reason: string | null
}

export const leaseRow = (id: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      Effect.orDie(sql<LeaseRow>`SELECT state, attempts, lease_holder, contract_id, reason FROM imports WHERE id = ${id}`),
      (rows) => rows[0]!
    ))

/** Real time, for waiting on work in flight (the test's clock stands still unless moved). */
export const realPause = Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))

/** Polls until `done` holds of the row; each miss runs `between` first (a move of the test's clock, or nothing). */
export const until = (id: string, done: (row: LeaseRow) => boolean, between: Effect.Effect<void> = Effect.void) =>
  Effect.gen(function*() {
    for (let polls = 0; polls < 1500; polls++) {
      const row = yield* leaseRow(id)
      if (done(row)) return row
      yield* between
      yield* realPause
    }
    return yield* Effect.dieMessage(`import ${id} never got there: ${JSON.stringify(yield* leaseRow(id))}`)
  })

export const finished = (row: LeaseRow) => row.state === "parsed" || row.state === "failed"

/** A claim as a runner makes one, at `at` (epoch ms) for `lease`. */
export const claim = (holder: string, at: number, lease: Duration.Duration) => ({
  holder,
  now: new Date(at).toISOString(),
  until: new Date(at + Duration.toMillis(lease)).toISOString()
})

/** How many `import.failed` the org stream holds for an import. */
export const failedEvents = (id: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(
      Effect.orDie(sql<{ n: number }>`SELECT count(*)::int AS n FROM org_events WHERE type = 'import.failed' AND data->>'import' = ${id}`),
      (rows) => rows[0]!.n
    ))
