import { Clock, Effect, Option } from "effect"
import { createHash } from "node:crypto"
import { AssetStore } from "./Assets/AssetStore.js"
import { Assets } from "./Assets.js"
import { Actor, domainActor, orgOf } from "./Auth/Actor.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { ConfirmBlock } from "./Engine/Entity.js"
import { excerpt, notFound, reject } from "./Domain/Contract/Rejection.js"
import { consequenceRank } from "./Domain/Imports/Consequence.js"
import type { Block } from "./Domain/Words/Blocks.js"
import type { Fact } from "./Domain/Words/Fact.js"
import { outsidePlaybook } from "./Domain/Playbooks/OutsidePlaybook.js"
import type { PlaybookRule } from "./Domain/Playbooks/Rule.js"
import { limitOf } from "./Http/Paging.js"
import type { Upload } from "./Http/Upload.js"
import { RequestKey } from "./Idempotency/RequestKey.js"
import { contentTypeOf, type ImportFormat, importFormats, isImportFormat, sniffFormat } from "./Imports/Formats.js"
import { type ImportRow, ImportsRepo } from "./Imports/Repo.js"
import type { BatchQuery, OrgEventsQuery } from "./Imports/Schemas.js"
import { ImportWorker } from "./Imports/Worker.js"
import { makeId } from "./RandomIds.js"
import { Playbooks } from "./Playbooks.js"

const listed = (formats: ReadonlyArray<string>) => `${formats.slice(0, -1).join(", ")} or ${formats[formats.length - 1]}`

/** Whether `already_signed` says yes: the multipart part is text, so only `true` and `false` are read. */
const alreadySigned = (value: string | undefined) =>
  value === undefined || value === "false"
    ? Effect.succeed(false)
    : value === "true"
    ? Effect.succeed(true)
    : Effect.fail(reject("invalid_request", "already_signed must be true or false.", { param: "already_signed" }))

// A retried request under the same key makes the same batch id, so an answer lost after the
// batch was stored finds it again instead of importing the files twice.
const batchIdFor = (requestKey: Option.Option<{ readonly scope: string; readonly key: string }>) =>
  Option.match(requestKey, {
    onNone: (): string => makeId("imb"),
    onSome: ({ key, scope }) => `imb_${createHash("sha256").update(`${scope}\u0000${key}`).digest("base64url").slice(0, 24)}`
  })

/**
 * POST /imports and the reads of its progress: the files are judged, kept as provenance assets,
 * and handed to the worker, which makes each one a contract or fails it with a reason.
 */
export class Imports extends Effect.Service<Imports>()("Imports", {
  dependencies: [ContractStore.Default, AssetStore.Default, Assets.Default, ImportsRepo.Default, ImportWorker.Default, Playbooks.Default],
  effect: Effect.gen(function*() {
    const repo = yield* ImportsRepo
    const assets = yield* Assets
    const files = yield* AssetStore
    const store = yield* ContractStore
    const worker = yield* ImportWorker
    const playbooks = yield* Playbooks
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())

    /** POST /imports; a forwarded mail's attachment comes the same way, with origin `email`. */
    const create = Effect.fnUntraced(function*(upload: Upload, origin: "email" | null = null) {
      const caller = yield* Actor
      const actor = domainActor(caller)
      const filed = yield* alreadySigned(upload.fields.get("already_signed"))
      if (upload.files.length === 0) return yield* reject("invalid_request", "Send at least one file as files[].", { param: "files[]" })
      // Every file is judged by its bytes before any is kept: one refusal stores nothing.
      const formats: Array<ImportFormat> = []
      for (const file of upload.files) {
        const format = yield* Effect.promise(() => sniffFormat(file.path, file.filename))
        if (!isImportFormat(format)) {
          return yield* reject(
            "unsupported_format",
            `'${excerpt(file.filename)}' is ${format === null ? "not a format we read" : `a ${format} file`}; imports take ${listed(importFormats)}.`,
            { param: "files[]" }
          )
        }
        formats.push(format)
      }
      for (const file of upload.files) yield* files.keep(file.path, file.sha256)
      const at = yield* now
      const org = orgOf(caller).id
      const batch = batchIdFor(yield* Effect.serviceOption(RequestKey))
      const imports = upload.files.map((file, position) => ({
        id: makeId("imp"),
        position,
        planned_contract_id: makeId("con"),
        asset: {
          id: makeId("ast"),
          org_id: org,
          mode: actor.mode,
          contract_id: null,
          relationship_id: null,
          role: "provenance" as const,
          filename: file.filename,
          content_type: contentTypeOf(formats[position]!),
          format: formats[position]!,
          bytes: file.bytes,
          checksum: `sha256:${file.sha256}`,
          created_by: actor.person!.id,
          created_at: at
        }
      }))
      const made = yield* repo.createBatch({ id: batch, org, mode: actor.mode, actor, alreadySigned: filed, origin, now: at }, imports)
      if (made) yield* worker.enqueue(imports.map((item) => item.id))
      const rows = yield* repo.ofBatch(batch, -1, imports.length)
      return {
        batch,
        imports: rows.map((row) => ({ id: row.id, asset: row.asset_id, filename: row.filename, state: made ? "parsing" as const : row.state }))
      }
    })

    /** An import is the importing org's alone; once it made a contract, only while the caller also sees that contract. */
    const visibleRow = Effect.fnUntraced(function*(row: ImportRow | undefined, id: string) {
      const caller = yield* Actor
      if (row === undefined || row.org_id !== orgOf(caller).id || row.mode !== caller.mode) return yield* notFound("import", id)
      if (row.contract_id === null) return { row, contract: null }
      const seen = yield* Effect.either(store.visible(row.contract_id))
      if (seen._tag === "Left") return yield* notFound("import", id)
      return { row, contract: seen.right.contract }
    })

    // Judged against the playbook as it stands when read: a rule changed since the parse counts.
    const render = (
      row: ImportRow,
      contract: { readonly blocks: ReadonlyArray<Block>; readonly facts: ReadonlyArray<Fact> } | null,
      rules: ReadonlyArray<PlaybookRule>
    ) => {
      const summary = row.summary
      // The unverified blocks as they stand now: a person may have confirmed some since the parse.
      const unverified = contract === null ? [] : contract.blocks.filter((block) => block.verification === "unverified").map((block) => block.id)
      return {
        id: row.id,
        object: "import" as const,
        batch: row.batch_id,
        state: row.state,
        asset: row.asset_id,
        filename: row.filename,
        contract: row.contract_id,
        blocks: summary?.blocks ?? 0,
        unverified_count: unverified.length,
        unverified,
        fields: summary?.fields ?? 0,
        signature_blocks: summary?.signature_blocks ?? 0,
        outside_playbook: contract === null ? [] : outsidePlaybook(contract.blocks, contract.facts, rules),
        facts_inferred: summary?.facts_inferred ?? 0,
        parser: summary?.parser ?? null,
        failure: row.state === "failed" && row.reason !== null ? { reason: row.reason, message: summary?.message ?? row.reason } : null,
        created_at: row.created_at,
        updated_at: row.updated_at
      }
    }

    const get = Effect.fnUntraced(function*(id: string) {
      const { contract, row } = yield* visibleRow(yield* repo.find(id), id)
      return render(row, contract, yield* playbooks.ofCaller)
    })

    const ofBatch = Effect.fnUntraced(function*(query: typeof BatchQuery.Type) {
      const caller = yield* Actor
      const batch = yield* repo.batchOf(query.batch)
      if (batch === undefined || batch.org_id !== orgOf(caller).id || batch.mode !== caller.mode) return yield* notFound("import batch", query.batch, "batch")
      const limit = yield* limitOf(query.limit)
      let after = -1
      if (query.starting_after !== undefined) {
        const cursor = yield* repo.find(query.starting_after)
        if (cursor === undefined || cursor.batch_id !== batch.id) {
          return yield* reject("invalid_request", "starting_after must be an import of this batch.", { param: "starting_after" })
        }
        after = cursor.position
      }
      const rows = yield* repo.ofBatch(batch.id, after, limit)
      const page = rows.slice(0, limit)
      const rules = yield* playbooks.ofCaller
      const data = []
      // A row whose contract the caller may not see is left out, as its GET would answer 404.
      for (const row of page) {
        const seen = yield* Effect.either(visibleRow(row, row.id))
        if (seen._tag === "Right") data.push(render(seen.right.row, seen.right.contract, rules))
      }
      const has_more = rows.length > limit
      return { object: "list" as const, data, has_more, next_cursor: has_more ? page[page.length - 1]!.id : null }
    })

    /** The blocks nobody has verified, most consequential first (money, term, liability, signatures), never by confidence. */
    const unverified = Effect.fnUntraced(function*(id: string) {
      const { contract } = yield* store.visible(id)
      const blocks = contract.blocks
        .filter((block) => block.verification === "unverified")
        .sort((a, b) => consequenceRank(a) - consequenceRank(b) || a.number - b.number)
      const layers = new Map<string, string | null>()
      const extracted = function*(block: Block) {
        const source = block.source_span!
        if (!layers.has(source.asset)) layers.set(source.asset, yield* assets.textLayer(source.asset))
        return layers.get(source.asset)?.slice(source.offset_start, source.offset_end) ?? block.text
      }
      const data = []
      for (const block of blocks) {
        data.push({
          block: block.id,
          kind: block.kind,
          confidence: block.confidence ?? 0,
          extracted_text: yield* extracted(block),
          source: block.source_span!,
          candidates: block.candidates ?? [block.text]
        })
      }
      return data
    })

    const confirmBlock = Effect.fnUntraced(function*(id: string, blockId: string, text: string | undefined, ifMatch: string) {
      const caller = yield* Actor
      const scopes = caller.guest === null ? caller.scopes : null
      return yield* store.write(id, ConfirmBlock, (entity) => entity.ConfirmBlock({ actor: domainActor(caller), blockId, text, ifMatch, scopes }))
    })

    /** GET /events: the org stream (`import.failed`), oldest first; it carries no contract and no sequence. */
    const orgEvents = Effect.fnUntraced(function*(query: typeof OrgEventsQuery.Type) {
      const caller = yield* Actor
      const org = orgOf(caller).id
      const limit = yield* limitOf(query.limit, 100)
      let after = 0
      if (query.starting_after !== undefined) {
        const position = yield* repo.orgEventPosition(org, caller.mode, query.starting_after)
        if (position === undefined) {
          return yield* reject("invalid_request", "starting_after must be the id of an event of this stream.", { param: "starting_after" })
        }
        after = position
      }
      const rows = yield* repo.orgEvents(org, caller.mode, after, limit)
      const data = rows.slice(0, limit).map((row) => ({ id: row.id, type: row.type, created: row.created, data: row.data }))
      const has_more = rows.length > limit
      return { data, has_more, next_cursor: has_more ? data[data.length - 1]!.id : null }
    })

    return { create, get, ofBatch, unverified, confirmBlock, orgEvents } as const
  })
}) {}
