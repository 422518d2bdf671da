import { Clock, Duration, Effect, Layer, Option } from "effect"
import { Entity } from "@effect/cluster"
import type { Contract as Aggregate, Decided } from "../Domain/Contract.js"
import { draftFromTemplate } from "../Domain/Drafting.js"
import { confirmFact, setFact } from "../Domain/FactEdits.js"
import { amendContract } from "../Domain/Amend.js"
import { withdrawAsk } from "../Domain/AskWithdrawal.js"
import { cancelContract } from "../Domain/Cancel.js"
import { invite, removeParty } from "../Domain/Membership.js"
import { commitReply, sendContract } from "../Domain/Rounds.js"
import { discardReply, setReplyNote, stageDecision, withdrawDecision } from "../Domain/Staging.js"
import { defaultContractIdleSeconds, ServerConfig } from "../Config.js"
import { internalError, notFound, Rejection } from "../Domain/Rejection.js"
import { signContract, withdrawSignature } from "../Domain/Signing.js"
import { findTemplate } from "../Templates/Catalog.js"
import { Contract } from "./Entity.js"
import { ContractsRepo } from "./Repo.js"
import { WriteProbe } from "./WriteProbe.js"

// The idle time is an entity option, fixed when the layer is built, so the layer is built from config.
export const ContractLive = Layer.unwrapEffect(Effect.map(ServerConfig, (settings) => Contract.toLayer(
  Effect.gen(function*() {
    const address = yield* Entity.CurrentAddress
    const id = address.entityId
    const repo = yield* ContractsRepo
    const config = yield* ServerConfig
    const probe = yield* WriteProbe
    // The entity is the only writer of its contract, so its copy stays true while it lives.
    let cached: Option.Option<Aggregate> = Option.none()
    const current = Effect.gen(function*() {
      if (Option.isNone(cached)) {
        cached = yield* repo.load(id)
        if (Option.isSome(cached)) repo.keepLive(cached.value)
      }
      return cached
    })
    yield* Effect.addFinalizer(() => Effect.sync(() => Option.map(cached, repo.dropLive)))
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())

    const write = <A>(decide: (contract: Option.Option<Aggregate>, now: string) => Rejection | Decided<A>) =>
      probe.around(id, Effect.gen(function*() {
        const before = yield* current
        const decided = decide(before, yield* now)
        if (decided instanceof Rejection) return yield* Effect.fail(decided)
        yield* repo.save(Option.getOrNull(before), decided.contract, decided.events, decided)
        cached = Option.some(decided.contract)
        repo.keepLive(decided.contract)
        return decided.result as unknown
      })).pipe(
        // A defect must answer the caller, not restart the entity into the same message forever.
        // The transaction rolled back and the cached copy was not touched, so the contract is intact.
        Effect.catchAllDefect((defect) =>
          Effect.zipRight(
            Effect.logError("contract write died", defect).pipe(Effect.annotateLogs({ contract: id })),
            Effect.fail(internalError)
          )
        )
      )

    const existing = <A>(decide: (contract: Aggregate, now: string) => Rejection | Decided<A>) =>
      write((contract, at) => Option.isNone(contract) ? notFound("contract", id) : decide(contract.value, at))

    return {
      Draft: ({ payload }) =>
        write((contract, at) => {
          if (Option.isSome(contract)) return new Rejection({ code: "invalid_request", message: "This contract already exists." })
          const template = findTemplate(payload.template_id)
          if (template === undefined) return notFound("template", payload.template_id, "template_id")
          return draftFromTemplate({ id, mode: payload.actor.mode, actor: payload.actor, template, facts: payload.facts, now: at })
        }),
      SetFact: ({ payload }) =>
        existing((contract, at) => setFact(contract, payload.actor, { factId: payload.fact_id, value: payload.value, ifMatch: payload.if_match, scopes: payload.scopes, now: at })),
      ConfirmFact: ({ payload }) =>
        existing((contract, at) => confirmFact(contract, payload.actor, { factId: payload.fact_id, now: at })),
      Send: ({ payload }) =>
        existing((contract, at) =>
          sendContract(contract, payload.actor, {
            recipients: payload.recipients,
            note: payload.note,
            confirmedBy: payload.confirmed_by,
            ifMatch: payload.if_match,
            relationship: payload.relationship,
            now: at,
            publicUrl: config.publicUrl
          })),
      StageDecision: ({ payload }) =>
        existing((contract, at) => stageDecision(contract, payload.actor, { ...payload, ifMatch: payload.if_match, now: at })),
      WithdrawDecision: ({ payload }) => existing((contract) => withdrawDecision(contract, payload.actor, payload.decision_id)),
      SetReplyNote: ({ payload }) => existing((contract) => setReplyNote(contract, payload.actor, payload.note)),
      DiscardReply: ({ payload }) => existing((contract) => discardReply(contract, payload.actor)),
      WithdrawAsk: ({ payload }) => existing((contract, at) => withdrawAsk(contract, payload.actor, { askId: payload.ask_id, now: at, publicUrl: config.publicUrl })),
      Invite: ({ payload }) =>
        existing((contract, at) => invite(contract, payload.actor, { invitee: payload.invitee, now: at, publicUrl: config.publicUrl })),
      RemoveParty: ({ payload }) => existing((contract, at) => removeParty(contract, payload.actor, { partyId: payload.party_id, now: at, publicUrl: config.publicUrl })),
      Cancel: ({ payload }) => existing((contract, at) => cancelContract(contract, payload.actor, { reason: payload.reason, now: at })),
      Sign: ({ payload }) =>
        existing((contract, at) =>
          signContract(contract, payload.actor, {
            textHash: payload.text_hash,
            confirmedBy: payload.confirmed_by,
            intent: payload.intent,
            mark: payload.mark,
            now: at,
            publicUrl: config.publicUrl
          })),
      WithdrawSignature: ({ payload }) =>
        existing((contract, at) =>
          withdrawSignature(contract, payload.actor, {
            signatureId: payload.signature_id,
            confirmedBy: payload.confirmed_by,
            now: at,
            publicUrl: config.publicUrl
          })),
      Amend: ({ payload }) =>
        Effect.flatMap(repo.read(payload.parent), (parent) =>
          write((contract, at) =>
            Option.isSome(contract)
              ? new Rejection({ code: "invalid_request", message: "This contract already exists." })
              : Option.isNone(parent)
              ? notFound("contract", payload.parent)
              : amendContract(parent.value, payload.actor, { id, note: payload.note, now: at }))),
      CommitReply: ({ payload }) =>
        existing((contract, at) =>
          commitReply(contract, payload.actor, {
            note: payload.note,
            confirmedBy: payload.confirmed_by,
            ifMatch: payload.if_match,
            now: at,
            publicUrl: config.publicUrl
          }))
    }
  }),
  {
    concurrency: 1,
    maxIdleTime: Duration.seconds(settings.contractIdleSeconds ?? defaultContractIdleSeconds),
    mailboxCapacity: 10_000
  }
)))
