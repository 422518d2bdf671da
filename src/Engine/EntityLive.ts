import { Cause, Clock, Duration, Effect, Layer, Option, Schema } from "effect"
import { Entity } from "@effect/cluster"
import type { Headers } from "@effect/platform"
import type { Contract as Aggregate } from "../Domain/Contract/Contract.js"
import type { Decided } from "../Domain/Contract/Decided.js"
import { draftFromTemplate } from "../Domain/Templates/Drafting.js"
import { confirmFact, setFact } from "../Domain/Words/FactEdits.js"
import { amendContract } from "../Domain/Contract/Amend.js"
import { withdrawAsk } from "../Domain/Negotiation/AskWithdrawal.js"
import { cancelContract } from "../Domain/Contract/Cancel.js"
import { invite, removeParty } from "../Domain/Contract/Membership.js"
import { commitReply, sendContract } from "../Domain/Negotiation/SendAndCommit.js"
import { discardReply, setReplyNote, stageDecision, withdrawDecision } from "../Domain/Negotiation/Staging.js"
import { defaultContractIdleSeconds, ServerConfig } from "../Config.js"
import { internalError, notFound, Rejection } from "../Domain/Contract/Rejection.js"
import { signContract, withdrawSignature } from "../Domain/Signing/SignAndWithdraw.js"
import { findTemplate } from "../Templates/Catalog.js"
import * as Messages from "./Entity.js"
import { LiveContracts } from "./LiveContracts.js"
import { ContractsRepo, type RecentWrite, recentWritesKept } from "./Repo.js"
import { WriteProbe } from "./WriteProbe.js"
import { requestKeyHeaders, writeIdHeader } from "../Idempotency/RequestKey.js"
import { makeId } from "../RandomIds.js"
import { asId } from "../Domain/Contract/Ids.js"
import { importContract, importSummary } from "../Domain/Imports/ImportContract.js"
import { confirmBlock } from "../Domain/Imports/ConfirmBlock.js"
import { importLetter } from "../Domain/Negotiation/ImportLetter.js"
import { Appended } from "../Doorbells/Appended.js"
import { passTime } from "../Domain/Deadlines/PassTime.js"
import { schedulerMustHear } from "../Domain/Deadlines/DeadlineRow.js"
import { DatesMoved } from "../Doorbells/DatesMoved.js"
import { applyPlaybook } from "../Domain/Playbooks/ApplyPlaybook.js"
import { count, countWrite, entityMessages, liveContracts, moveGauge } from "../Operations/Metrics.js"

/** A message as its handler receives it: its name and the headers it was sent with. */
interface Message {
  readonly tag: string
  readonly headers: Headers.Headers
}

/**
 * The request's answer, when it is this write's result (the message says so): the result as the
 * message's schema encodes it, in JSON. Which status answers it is the HTTP edge's to say.
 */
const answerOf = <A, I>(schema: Schema.Schema<A, I>, message: Message, result: A) =>
  message.headers[requestKeyHeaders.resultAnswers] === undefined
    ? Effect.succeed(null)
    : Effect.map(Effect.orDie(Schema.encode(schema)(result)), (encoded) => JSON.stringify(encoded))

/** The idempotency key the message was sent under, for the save to record its result (and answer) on. */
const requestKeyOf = (message: Message, answer: string | null) => {
  const scope = message.headers[requestKeyHeaders.scope]
  const key = message.headers[requestKeyHeaders.key]
  return scope === undefined || key === undefined ? null : { scope, key, answer }
}

// The idle time is an entity option, fixed when the layer is built, so the layer is built from config.
export const ContractLive = Layer.unwrapEffect(Effect.map(ServerConfig, (settings) =>
  Messages.Contract.toLayer(
    Effect.gen(function*() {
      const address = yield* Entity.CurrentAddress
      const id = asId("con", address.entityId)
      const repo = yield* ContractsRepo
      const live = yield* LiveContracts
      const appended = yield* Appended
      const datesMoved = yield* DatesMoved
      const config = yield* ServerConfig
      const probe = yield* WriteProbe
      // The entity is the only writer of its contract, so its copy stays true while it lives.
      let cached: Option.Option<Aggregate> = Option.none()
      // Its last writes, newest last: a copy of a message already written is answered from here.
      let recent: ReadonlyArray<RecentWrite> = []
      const current = Effect.gen(function*() {
        if (Option.isNone(cached)) {
          const stored = yield* repo.loadForWriter(id)
          cached = Option.map(stored, (found) => found.contract)
          recent = Option.match(stored, { onNone: () => [], onSome: (found) => found.recentWrites })
          if (Option.isSome(cached)) live.keep(cached.value)
        }
        return cached
      })
      yield* moveGauge(liveContracts, 1)
      yield* Effect.addFinalizer(() => Effect.zipRight(Effect.sync(() => Option.map(cached, live.drop)), moveGauge(liveContracts, -1)))
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())

      // A defect must answer the caller, not restart the entity into the same message forever.
      // A write's transaction rolled back and the cached copy was not touched, so the contract is intact.
      const answeringDefects = <A>(effect: Effect.Effect<A, Rejection>) =>
        Effect.catchAllDefect(effect, (defect) =>
          Effect.zipRight(
            Effect.logError("contract write died", Cause.die(defect)).pipe(Effect.annotateLogs({ contract: id })),
            Effect.fail(internalError)
          ))

      const write = <A, I>(
        command: { readonly successSchema: Schema.Schema<A, I> },
        message: Message,
        decide: (contract: Option.Option<Aggregate>, now: string) => Rejection | Decided<A>
      ) =>
        answeringDefects(probe.around(
          id,
          Effect.gen(function*() {
            yield* count(entityMessages, { message: message.tag })
            const before = yield* current
            const writeId = message.headers[writeIdHeader]
            const done = recent.find((write) => write.id === writeId)
            // The stored result is the JSON the result was saved as, which its message's schema reads (as on a resumed request).
            if (done !== undefined) return yield* Effect.orDie(Schema.decodeUnknown(command.successSchema)(done.result))
            const decided = decide(before, yield* now)
            if (decided instanceof Rejection) return yield* Effect.fail(decided)
            const kept = writeId === undefined ? null : { id: writeId, result: decided.result ?? null }
            const written = kept === null ? recent : [...recent, kept].slice(-recentWritesKept)
            const request = requestKeyOf(message, yield* answerOf(command.successSchema, message, decided.result))
            // Once sent, the save and the copy move together: a request that gives up (a 503) must not
            // leave the statement committed and the copy behind it.
            yield* Effect.uninterruptible(Effect.gen(function*() {
              yield* repo.save(Option.getOrNull(before), decided.contract, decided.events, decided, request, kept)
              recent = written
              cached = Option.some(decided.contract)
              live.keep(decided.contract)
            }))
            yield* countWrite(message.tag, decided.events)
            if (decided.events.length > 0) yield* appended.ring
            if (schedulerMustHear(Option.getOrNull(before), decided.contract)) yield* datesMoved.ring
            return decided.result
          })
        ))

      const existing = <A, I>(
        command: { readonly successSchema: Schema.Schema<A, I> },
        message: Message,
        decide: (contract: Aggregate, now: string) => Rejection | Decided<A>
      ) => write(command, message, (contract, at) => Option.isNone(contract) ? notFound("contract", id) : decide(contract.value, at))

      // What every write is decided with besides its message: the time, the service's URL and fresh ids.
      const given = (now: string) => ({ now, publicUrl: config.publicUrl, newId: makeId })

      return {
        Draft: ({ payload, ...message }) =>
          write(Messages.Draft, message, (contract, at) => {
            if (Option.isSome(contract)) return new Rejection({ code: "invalid_request", message: "This contract already exists." })
            const template = findTemplate(payload.templateId)
            if (template === undefined) return notFound("template", payload.templateId, "template_id")
            const drafted = draftFromTemplate({ ...payload, ...given(at), id, mode: payload.actor.mode, template })
            if (drafted instanceof Rejection || payload.prompted === undefined) return drafted
            return { ...drafted, result: { ...drafted.result, proposed_recipients: payload.prompted.recipients } }
          }),
        SetFact: ({ payload, ...message }) =>
          existing(Messages.SetFact, message, (contract, at) => setFact(contract, payload.actor, { ...payload, ...given(at) })),
        ConfirmFact: ({ payload, ...message }) =>
          existing(Messages.ConfirmFact, message, (contract, at) => confirmFact(contract, payload.actor, { ...payload, ...given(at) })),
        Send: ({ payload, ...message }) =>
          existing(Messages.Send, message, (contract, at) => sendContract(contract, payload.actor, { ...payload, ...given(at) })),
        StageDecision: ({ payload, ...message }) =>
          existing(Messages.StageDecision, message, (contract, at) => stageDecision(contract, payload.actor, { ...payload, ...given(at) })),
        ApplyPlaybook: ({ payload, ...message }) =>
          existing(Messages.ApplyPlaybook, message, (contract, at) => applyPlaybook(contract, payload.actor, { ...payload, ...given(at) })),
        WithdrawDecision: ({ payload, ...message }) =>
          existing(Messages.WithdrawDecision, message, (contract) => withdrawDecision(contract, payload.actor, payload)),
        SetReplyNote: ({ payload, ...message }) => existing(Messages.SetReplyNote, message, (contract) => setReplyNote(contract, payload.actor, payload)),
        DiscardReply: ({ payload, ...message }) => existing(Messages.DiscardReply, message, (contract) => discardReply(contract, payload.actor)),
        CommitReply: ({ payload, ...message }) =>
          existing(Messages.CommitReply, message, (contract, at) => commitReply(contract, payload.actor, { ...payload, ...given(at) })),
        WithdrawAsk: ({ payload, ...message }) =>
          existing(Messages.WithdrawAsk, message, (contract, at) => withdrawAsk(contract, payload.actor, { ...payload, ...given(at) })),
        Invite: ({ payload, ...message }) =>
          existing(Messages.Invite, message, (contract, at) => invite(contract, payload.actor, { ...payload, ...given(at) })),
        RemoveParty: ({ payload, ...message }) =>
          existing(Messages.RemoveParty, message, (contract, at) => removeParty(contract, payload.actor, { ...payload, ...given(at) })),
        Cancel: ({ payload, ...message }) =>
          existing(Messages.Cancel, message, (contract, at) => cancelContract(contract, payload.actor, { ...payload, ...given(at) })),
        Sign: ({ payload, ...message }) =>
          existing(Messages.Sign, message, (contract, at) => signContract(contract, payload.actor, { ...payload, ...given(at) })),
        WithdrawSignature: ({ payload, ...message }) =>
          existing(Messages.WithdrawSignature, message, (contract, at) => withdrawSignature(contract, payload.actor, { ...payload, ...given(at) })),
        Import: ({ payload, ...message }) =>
          write(Messages.Import, message, (contract, at) => {
            if (Option.isNone(contract)) return importContract({ ...payload, ...given(at), id, mode: payload.actor.mode })
            // The same import again (its worker resumed after a restart): the contract it made answers.
            if (contract.value.imported?.import !== payload.importId) {
              return new Rejection({ code: "invalid_request", message: "This contract already exists." })
            }
            return { contract: contract.value, events: [], result: importSummary(contract.value, payload.parse.missing.length) }
          }),
        ConfirmBlock: ({ payload, ...message }) =>
          existing(Messages.ConfirmBlock, message, (contract, at) => confirmBlock(contract, payload.actor, { ...payload, ...given(at) })),
        ImportLetter: ({ payload, ...message }) =>
          existing(Messages.ImportLetter, message, (contract, at) => importLetter(contract, payload.actor, { ...payload, origin: "email", ...given(at) })),
        // Nothing due is no write at all: the scheduler may ask of a contract another runner already served.
        PassTime: ({ payload, ...message }) =>
          Effect.flatMap(current, (contract) =>
            Option.isNone(contract) || passTime(contract.value, payload) === null
              ? Effect.succeed({ acted: [] })
              : existing(Messages.PassTime, message, (stored) => passTime(stored, payload) ?? { contract: stored, events: [], result: { acted: [] } })),
        Amend: ({ payload, ...message }) =>
          answeringDefects(Effect.flatMap(live.read(payload.parent, repo.load), (parent) =>
            write(Messages.Amend, message, (contract, at) =>
              Option.isSome(contract)
                ? new Rejection({ code: "invalid_request", message: "This contract already exists." })
                : Option.isNone(parent)
                ? notFound("contract", payload.parent)
                : amendContract(parent.value, payload.actor, { ...payload, ...given(at), id }))))
      }
    }),
    {
      concurrency: 1,
      maxIdleTime: Duration.seconds(settings.contractIdleSeconds ?? defaultContractIdleSeconds),
      mailboxCapacity: 10_000
    }
  )))
