import { Clock, Effect, Option } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { readFile, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { AssetStore } from "./Assets/AssetStore.js"
import { Assets } from "./Assets.js"
import { Actor, domainActor, orgOf } from "./Auth/Actor.js"
import { defaultIngressDomain, ServerConfig } from "./Config.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { ImportLetter } from "./Engine/Entity.js"
import { notFound, reject } from "./Domain/Contract/Rejection.js"
import { readMail } from "./Domain/Ingress/ReadMail.js"
import { limitOf } from "./Http/Paging.js"
import { RequestKey } from "./Idempotency/RequestKey.js"
import { Imports } from "./Imports.js"
import { type IngressRow, IngressRepo, type IngressState } from "./Ingress/Repo.js"
import { attachmentContent, parseMail, receivedMailOf } from "./Ingress/ParseMail.js"
import { detectedCore, emlAsset, type IngressOwner, renderMessage } from "./Ingress/Rows.js"
import type { AcceptRequest, IngressQuery } from "./Ingress/Schemas.js"
import { makeId } from "./RandomIds.js"

// A draft has no counterparty's mail to record yet; a cancelled contract takes nothing more.
const continuable = (state: string) => state !== "draft" && state !== "cancelled"

/** The most received messages one attention feed lists; past it, `GET /ingress?state=detected` has them all. */
export const maxWaitingMail = 100

// Lower-case letters and digits: mail systems are free to fold the case of a local part.
const freshLocalPart = () => `in-${randomBytes(12).toString("hex")}`

/**
 * Mail ingress: each org has an address per mode; every message the SMTP listener accepts for one
 * is kept as an `eml` asset, read (src/Domain/Ingress/), listed, and announced by `ingress.detected`.
 * A person then accepts it, which imports its attachment (origin `email`) or, where the thread
 * continues a contract already negotiated, records the counterparty's mail as an imported letter;
 * or rejects it. Nothing of one org's mail is ever read through another's.
 */
export class Ingress extends Effect.Service<Ingress>()("Ingress", {
  dependencies: [ContractStore.Default, AssetStore.Default, Assets.Default, Imports.Default, IngressRepo.Default],
  effect: Effect.gen(function*() {
    const repo = yield* IngressRepo
    const files = yield* AssetStore
    const assets = yield* Assets
    const store = yield* ContractStore
    const imports = yield* Imports
    const domain = ((yield* ServerConfig).ingressDomain ?? defaultIngressDomain).toLowerCase()
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())

    const address = Effect.gen(function*() {
      const caller = yield* Actor
      const local = yield* repo.addressOf(orgOf(caller).id, caller.mode, freshLocalPart(), yield* now)
      return { object: "ingress_address" as const, address: `${local}@${domain}`, livemode: caller.mode === "live" }
    })

    /** The owner of a recipient address, if it is one of ours: the listener refuses any other at RCPT TO. */
    const ownerOf = (recipient: string) => {
      const at = recipient.lastIndexOf("@")
      if (at < 1 || recipient.slice(at + 1).toLowerCase() !== domain) return Effect.succeed(Option.none<IngressOwner>())
      const local = recipient.slice(0, at).toLowerCase()
      return Effect.map(repo.ownerOf(local), Option.map((owner) => ({ ...owner, address: `${local}@${domain}` })))
    }

    /** One received message, for every owner it was addressed to: each org keeps its own copy. */
    const receive = Effect.fnUntraced(function*(owners: ReadonlyArray<IngressOwner>, envelopeFrom: string | null, bytes: Buffer) {
      const sha256 = createHash("sha256").update(bytes).digest("hex")
      const temporary = join(files.tmpDir, `ingress-${randomBytes(8).toString("hex")}`)
      // Kept by content: bytes already stored leave the temporary file behind, which goes either way.
      yield* Effect.promise(() => writeFile(temporary, bytes))
      yield* files.keep(temporary, sha256).pipe(Effect.ensuring(Effect.promise(() => rm(temporary, { force: true }))))
      const reading = readMail(receivedMailOf(yield* parseMail(bytes)))
      const received_at = yield* now
      const ids = []
      for (const owner of new Map(owners.map((o) => [`${o.org_id}:${o.mode}`, o])).values()) {
        const id = makeId("ing")
        const asset = emlAsset(owner, { bytes: bytes.length, sha256, sender: reading.sender?.address ?? envelopeFrom, at: received_at })
        const data = detectedCore(id, owner, reading, received_at)
        yield* repo.received(
          { id, org_id: owner.org_id, mode: owner.mode, recipient: owner.address, envelope_from: envelopeFrom, asset_id: asset.id, reading, received_at },
          asset,
          { id: makeId("evt"), data }
        )
        ids.push(id)
      }
      return ids
    })

    /** The contracts a message names that the caller may see: another org's never shows. */
    const visibleContracts = (row: IngressRow) =>
      Effect.filter(row.reading.contractIds, (id) => Effect.map(Effect.either(store.visible(id)), (seen) => seen._tag === "Right"))

    const visibleRow = Effect.fnUntraced(function*(id: string) {
      const caller = yield* Actor
      const row = yield* repo.find(id)
      if (row === undefined || row.org_id !== orgOf(caller).id || row.mode !== caller.mode) return yield* notFound("ingress message", id)
      return row
    })

    const get = (id: string) => Effect.flatMap(visibleRow(id), (row) => Effect.map(visibleContracts(row), (contracts) => renderMessage(row, contracts)))

    const list = Effect.fnUntraced(function*(query: typeof IngressQuery.Type) {
      const caller = yield* Actor
      const limit = yield* limitOf(query.limit)
      const after = query.starting_after === undefined
        ? undefined
        : yield* Effect.mapError(
          visibleRow(query.starting_after),
          () => reject("invalid_request", "starting_after must be the id of a message of this list.", { param: "starting_after" })
        )
      const rows = yield* repo.list(orgOf(caller).id, caller.mode, query.state, after, limit)
      const page = rows.slice(0, limit)
      const data = yield* Effect.forEach(page, (row) => Effect.map(visibleContracts(row), (contracts) => renderMessage(row, contracts)))
      const has_more = rows.length > limit
      return { object: "list" as const, data, has_more, next_cursor: has_more ? page[page.length - 1]!.id : null }
    })

    /** A decision runs under its idempotency key, so that a retry finishes what a lost answer left. */
    const decide = Effect.fnUntraced(function*(id: string, state: Exclude<IngressState, "detected">) {
      const caller = yield* Actor
      const row = yield* visibleRow(id)
      const key = Option.match(yield* Effect.serviceOption(RequestKey), {
        onNone: (): string => makeId("msg"),
        // Hashed: a client's key is any string (a NUL included), and it is stored only to be compared.
        onSome: (requestKey) => createHash("sha256").update(`${requestKey.scope}\u0000${requestKey.key}`).digest("hex")
      })
      if (!(yield* repo.claim(row.id, state, caller.person!.id, key, yield* now))) {
        return yield* reject("invalid_request", `This message was already ${row.state}.`, { param: "id" })
      }
      return { row, key }
    })

    /** The contract a thread continues: the first it names that the caller sees, that was sent and is not cancelled. */
    const continued = (row: IngressRow) =>
      Effect.findFirst(
        row.reading.contractIds,
        (id) => Effect.map(Effect.either(store.visible(id)), (seen) => seen._tag === "Right" && continuable(seen.right.contract.state))
      )

    const recordLetter = Effect.fnUntraced(function*(row: IngressRow, contract: string) {
      const actor = domainActor(yield* Actor)
      const newest = row.reading.forwarded[0]
      const letter = yield* store.write(contract, ImportLetter, (entity) =>
        entity.ImportLetter({
          actor,
          author: newest?.author ?? row.reading.sender?.address ?? row.envelope_from ?? "unknown",
          authoredAt: newest?.authoredAt ?? null,
          note: row.reading.note,
          ingress: row.id
        }))
      yield* assets.bind(row.asset_id, contract)
      yield* repo.settled(row.id, { contract_id: contract, letter_id: letter.letter })
    })

    /** The chosen attachment (else the first an import takes) through the import path, with origin `email`. */
    const importAttachment = Effect.fnUntraced(function*(row: IngressRow, request: typeof AcceptRequest.Type) {
      const chosen = request.attachment === undefined
        ? row.reading.attachments.find((attachment) => attachment.importable)
        : row.reading.attachments.find((attachment) => attachment.index === request.attachment)
      if (chosen === undefined) {
        return yield* reject(
          "invalid_request",
          request.attachment === undefined
            ? "This message has no attachment an import takes (docx, pdf, txt or md)."
            : `This message has no attachment ${request.attachment}.`,
          { param: "attachment" }
        )
      }
      const eml = yield* Effect.promise(() => readFile(files.pathOf(row.checksum.replace(/^sha256:/, ""))))
      const content = attachmentContent(yield* parseMail(eml), chosen.index)
      if (content === undefined) return yield* reject("invalid_request", "This attachment could not be read from the message.", { param: "attachment" })
      const path = join(files.tmpDir, `ingress-${randomBytes(8).toString("hex")}`)
      yield* Effect.promise(() => writeFile(path, content))
      const file = {
        filename: chosen.filename,
        declaredType: chosen.contentType,
        path,
        bytes: content.length,
        sha256: createHash("sha256").update(content).digest("hex")
      }
      const made = yield* imports.create({ files: [file], fields: new Map(request.already_signed ? [["already_signed", "true"]] : []) }, "email").pipe(
        Effect.ensuring(Effect.promise(() => rm(path, { force: true })))
      )
      yield* repo.settled(row.id, { import_id: made.imports[0]!.id })
    })

    const accept = Effect.fnUntraced(function*(id: string, request: typeof AcceptRequest.Type) {
      const { key, row } = yield* decide(id, "accepted")
      // Claimed under this key before, and done: a retry whose first answer was lost.
      if (row.import_id !== null || row.letter_id !== null) return yield* get(id)
      const work = Effect.flatMap(
        continued(row),
        Option.match({ onSome: (contract) => recordLetter(row, contract), onNone: () => importAttachment(row, request) })
      )
      // Refused work leaves the message waiting, as if nobody had decided.
      yield* Effect.tapError(work, () => repo.release(row.id, key))
      return yield* get(id)
    })

    /** For the attention feed: the mail that waits on the caller, a short row each. */
    const waitingOnCaller = Effect.gen(function*() {
      const caller = yield* Actor
      if (caller.org === null || caller.person === null) return []
      const rows = yield* repo.waitingOn(caller.org.id, caller.mode, caller.person.email, maxWaitingMail)
      return rows.map((row) => ({
        ingress: row.id,
        from: row.reading.sender,
        subject: row.reading.subject,
        attachments: row.reading.attachments.length,
        since: row.received_at
      }))
    })

    const discard = (id: string) => Effect.zipRight(decide(id, "rejected"), get(id))

    return { address, ownerOf, receive, get, list, accept, discard, waitingOnCaller } as const
  })
}) {}
