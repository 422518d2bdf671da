import { Cause, Clock, Data, Duration, Effect, Queue } from "effect"
import { stat } from "node:fs/promises"
import { AssetStore } from "../Assets/AssetStore.js"
import { Assets } from "../Assets.js"
import { defaultImportConcurrency, defaultImportTimeoutSeconds, ServerConfig, type Settings } from "../Config.js"
import { ContractStore } from "../Engine/ContractStore.js"
import { Import } from "../Engine/Entity.js"
import { asId } from "../Domain/Contract/Ids.js"
import { count, importParseSeconds, importsFinished, timed } from "../Operations/Metrics.js"
import { makeId } from "../RandomIds.js"
import { scanFile } from "./Clamd.js"
import { extractText } from "./Extract.js"
import { expandedZipBytes, type ImportFormat, isImportFormat, sniffFormat } from "./Formats.js"
import { maxExpandedBytes, maxImportFileBytes } from "./Limits.js"
import { readScannedPages } from "./Ocr.js"
import { ImportParser } from "./Parser.js"
import { type ImportRow, ImportsRepo } from "./Repo.js"
import type { FailureReason } from "./Schemas.js"

/** An import that cannot become a contract, with the reason from the spec's closed list. */
class ImportFailed extends Data.TaggedError("ImportFailed")<{ readonly reason: FailureReason; readonly message: string }> {}

const failure = (reason: FailureReason, message: string) => new ImportFailed({ reason, message })

// A file that kills the process every time it is parsed must not do so forever.
const maxAttempts = 3

/**
 * How long a worker holds an import it took: longer than any parse may run (the time limit) by a
 * margin, so a live parse is never taken from its runner; a dead runner's imports are taken by
 * another once this has passed.
 */
export const importLease = (settings: Settings) =>
  Duration.sum(Duration.seconds(settings.importTimeoutSeconds ?? defaultImportTimeoutSeconds), Duration.seconds(30))

const attempt = <A>(what: FailureReason, message: string, run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (error) => failure(what, `${message}: ${error instanceof Error ? error.message : String(error)}`) })

/**
 * The import pipeline: a fixed number of supervised workers take imports from a queue, each parse
 * under a time limit. Every outcome is stored (`parsed` with its contract, or `failed` with its
 * reason and an `import.failed` on the org stream); a defect in one parse fails that import and
 * the worker goes on. Several runners share the imports table: a worker takes an import with a
 * lease (`ImportsRepo.take`), so one runner parses it; at start and every half lease, each runner
 * queues what nobody holds, so a dead runner's imports resume on another.
 */
export class ImportWorker extends Effect.Service<ImportWorker>()("Imports/ImportWorker", {
  dependencies: [ContractStore.Default, AssetStore.Default, Assets.Default, ImportsRepo.Default],
  scoped: Effect.gen(function*() {
    const config = yield* ServerConfig
    const repo = yield* ImportsRepo
    const assets = yield* Assets
    const files = yield* AssetStore
    const store = yield* ContractStore
    const parser = yield* ImportParser
    const queue = yield* Effect.acquireRelease(Queue.unbounded<string>(), Queue.shutdown)
    const timeout = Duration.seconds(config.importTimeoutSeconds ?? defaultImportTimeoutSeconds)
    const lease = importLease(config)
    // A runner's address is unique among live runners, so it names this runner across a restart.
    const holder = config.runnerAddress ?? "alone"
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())

    const fail = (row: ImportRow, attempt: number, failure: ImportFailed) =>
      Effect.flatMap(now, (at) => repo.failed(row, attempt, failure.reason, failure.message, parser.identity, { id: makeId("evt"), now: at })).pipe(
        Effect.zipLeft(count(importsFinished, { outcome: "failed" }))
      )

    // Judged again from the stored bytes: a file that slipped past the request's checks fails here.
    const readable = (row: ImportRow, path: string) =>
      Effect.gen(function*() {
        const size = (yield* Effect.promise(() => stat(path))).size
        if (size > maxImportFileBytes) return yield* failure("file_too_large", `The file is over ${maxImportFileBytes / 1024 / 1024} MB.`)
        const format = yield* Effect.promise(() => sniffFormat(path, row.filename))
        if (!isImportFormat(format)) {
          return yield* failure("unsupported_format", `The file is ${format ?? "not a format we read"}; imports take docx, pdf, txt and md.`)
        }
        if (format === "docx") {
          const expanded = yield* Effect.promise(() => expandedZipBytes(path))
          if (expanded !== null && expanded > maxExpandedBytes) {
            return yield* failure("file_too_large", `The document expands to more than ${maxExpandedBytes / 1024 / 1024} MB.`)
          }
        }
        return format
      })

    // A password-protected PDF passes every byte check and still cannot be read: a format we do not take.
    const extract = (format: ImportFormat, path: string) =>
      Effect.tryPromise({
        try: () => extractText(format, path),
        catch: (error) =>
          error instanceof Error && error.cause instanceof Error && error.cause.name === "PasswordException"
            ? failure("unsupported_format", "The PDF is encrypted; imports read documents without a password.")
            : failure("parser_error", `The file could not be read: ${error instanceof Error ? error.message : String(error)}`)
      })

    const scanned = (path: string) =>
      config.clamdAddress === undefined ? Effect.void : Effect.flatMap(
        attempt("parser_error", "The virus scanner could not be reached", () => scanFile(config.clamdAddress!, path, 30_000)),
        (result) => result.infected ? Effect.fail(failure("virus_detected", `The scanner found ${result.signature}.`)) : Effect.void
      )

    const parse = (row: ImportRow, attempt: number) =>
      Effect.gen(function*() {
        const path = files.pathOf(row.checksum.replace(/^sha256:/, ""))
        yield* scanned(path)
        const format = yield* readable(row, path)
        const layer = yield* extract(format, path)
        // Pages with no text layer (a scan) are read by OCR, inside this parse's time limit.
        const extracted = format === "pdf" && config.importOcr !== false
          ? yield* Effect.mapError(readScannedPages(path, layer), (error) => failure("parser_error", error.message))
          : layer
        yield* assets.keepTextLayer(row.asset_id, extracted.text, extracted.pages.length)
        const outcome = yield* parser.parse(extracted)
        if (outcome._tag === "Failed") return yield* failure(outcome.reason, outcome.detail)
        const contractId = asId("con", row.planned_contract_id)
        const summary = yield* Effect.mapError(
          store.write(contractId, Import, (entity) =>
            entity.Import({
              actor: row.actor,
              importId: row.id,
              asset: row.asset_id,
              parse: outcome.parse,
              filed: row.already_signed,
              ...(row.origin === null ? {} : { origin: row.origin })
            })),
          (rejection) => failure("parser_error", rejection.message)
        )
        yield* assets.bind(row.asset_id, contractId)
        yield* repo.parsed(row.id, attempt, contractId, { ...summary, parser: parser.identity }, yield* now)
        yield* count(importsFinished, { outcome: "parsed" })
      })

    const process = (id: string) =>
      Effect.gen(function*() {
        const at = yield* Clock.currentTimeMillis
        const attempt = yield* repo.take(id, { holder, now: new Date(at).toISOString(), until: new Date(at + Duration.toMillis(lease)).toISOString() })
        if (attempt === undefined) return
        const row = (yield* repo.find(id))!
        if (attempt > maxAttempts) {
          return yield* fail(row, attempt, failure("parser_error", "The parse stopped the service repeatedly; retry with a fresh idempotency key."))
        }
        yield* parse(row, attempt).pipe(
          timed(importParseSeconds),
          Effect.timeoutFail({
            duration: timeout,
            onTimeout: () => failure("parser_error", `The parse took longer than ${Duration.format(timeout)}.`)
          }),
          Effect.catchAll((failure) => fail(row, attempt, failure)),
          Effect.catchAllDefect((defect) =>
            Effect.zipRight(
              Effect.logError("import parse died", Cause.die(defect)).pipe(Effect.annotateLogs({ import: id })),
              fail(row, attempt, failure("parser_error", "The parser failed on this file; retry with a fresh idempotency key."))
            )
          )
        )
      })

    // An id waits in the queue once, however often a look finds it; it leaves when a worker is done with it.
    const waiting = new Set<string>()
    const offer = (ids: ReadonlyArray<string>) =>
      Effect.suspend(() => {
        const fresh = ids.filter((id) => !waiting.has(id))
        for (const id of fresh) waiting.add(id)
        return Queue.offerAll(queue, fresh)
      })

    // Added before the workers start, so it runs after they have stopped: at shutdown, what they held goes back at once.
    yield* Effect.addFinalizer(() =>
      Effect.flatMap(now, (at) => repo.handBack(holder, at)).pipe(Effect.catchAllCause((cause) => Effect.logWarning("import hand-back", cause)))
    )
    const workers = config.importConcurrency ?? defaultImportConcurrency
    for (let i = 0; i < workers; i++) {
      yield* Effect.forkScoped(
        Effect.forever(Effect.flatMap(Queue.take(queue), (id) =>
          Effect.catchAllCause(process(id), (cause) => Effect.logError("import worker", cause)).pipe(
            Effect.ensuring(Effect.sync(() => waiting.delete(id)))
          )))
      )
    }
    // Bytes an interrupted upload kept without their row, once they are an hour old (never a file mid-upload).
    yield* Effect.forkScoped(
      Effect.flatMap(
        files.sweep((sha256) => assets.isNamed(sha256), 60 * 60 * 1000),
        (removed) => removed === 0 ? Effect.void : Effect.logInfo(`removed ${removed} stored files no asset names`)
      )
    )
    // What this process's previous life left is queued again at once (alone: everything unfinished).
    yield* repo.reclaim(config.runnerAddress === undefined ? null : holder, yield* now)
    const look = Effect.flatMap(Effect.flatMap(now, repo.unfinished), offer)
    yield* look
    // Another runner's imports come free when their leases run out: looked for every half lease.
    yield* Effect.forkScoped(
      Effect.forever(Effect.zipRight(Effect.sleep(Duration.times(lease, 0.5)), Effect.catchAllCause(look, (cause) => Effect.logError("import look", cause))))
    )

    return { enqueue: offer } as const
  })
}) {}
