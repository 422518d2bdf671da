import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Actor, domainActor, orgOf } from "../Auth/Actor.js"
import { confirmerOf, loadVisible, sendToContract, pageOfLetters, parseLimit } from "../Contracts/Access.js"
import { ifMatchOf } from "../Http/IfMatch.js"
import { Contract } from "../Contracts/Entity.js"
import { ContractsRepo } from "../Contracts/Repo.js"
import { renderAskList, renderLetter, renderReply } from "../Domain/Views/NegotiationViews.js"
import { movesOn, renderThread } from "../Domain/Negotiation/Thread.js"
import { counterpartyKey, relationshipId } from "../Domain/Contract/Relationship.js"
import { notFound, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { resolveRecipient } from "./Recipients.js"
import { NegotiationRepo } from "./Repo.js"

export const NegotiationHttp = HttpApiBuilder.group(Api, "negotiation", (handlers) =>
  Effect.gen(function*() {
    const contracts = yield* ContractsRepo
    const repo = yield* NegotiationRepo
    const client = yield* Contract.client
    const visible = (id: string) => Effect.provideService(loadVisible(id), ContractsRepo, contracts)
    const actorNow = Effect.map(Actor, domainActor)
    const headerHash = (header: string | undefined) => {
      const value = ifMatchOf(header)
      return value instanceof Rejection ? Effect.fail(value) : Effect.succeed(value)
    }
    const ownReply = (id: string) =>
      Effect.flatMap(visible(id), ({ contract, seat }) =>
        seat.party === null
          ? Effect.fail(reject("not_on_required_party_list", "You are not a party to this contract, so you have no reply."))
          : Effect.succeed(renderReply(contract, seat.party.id)))


    return handlers
      .handle("send", ({ headers, path, payload }) =>
        Effect.gen(function*() {
          const ifMatch = yield* headerHash(headers["if-match"])
          const actor = yield* actorNow
          const { contract } = yield* visible(path.id)
          const given = payload.recipients ?? contract.carried?.recipients ?? []
          if (given.length === 0) return yield* reject("invalid_request", "Name at least one recipient.", { param: "recipients" })
          const emails = given.map((r) => r.email.toLowerCase())
          if (new Set(emails).size !== emails.length) {
            return yield* reject("invalid_request", "Each recipient may appear once.", { param: "recipients" })
          }
          const recipients = yield* Effect.provideService(
            Effect.forEach(given, (recipient) => resolveRecipient(actor.mode, recipient)),
            NegotiationRepo,
            repo
          )
          const { key, org } = counterpartyKey(recipients.map((r) => r.person))
          const id = relationshipId(actor.mode, actor.org!, key)
          const created = !(yield* repo.relationshipInUse(id))
          return (yield* sendToContract(client(path.id).Send({
            actor,
            recipients,
            note: payload.note ?? contract.carried?.note ?? null,
            confirmed_by: yield* confirmerOf(payload.confirmed_by),
            if_match: ifMatch,
            relationship: { id, created, key, org }
          }))) as never
        }))
      .handle("stage", ({ headers, path, payload }) =>
        Effect.gen(function*() {
          const ifMatch = yield* headerHash(headers["if-match"])
          return (yield* sendToContract(client(path.id).StageDecision({ actor: yield* actorNow, ...payload, if_match: ifMatch }))) as never
        }))
      .handle("unstage", ({ path }) =>
        Effect.gen(function*() {
          return (yield* sendToContract(client(path.id).WithdrawDecision({ actor: yield* actorNow, decision_id: path.decision_id }))) as never
        }))
      .handle("reply", ({ path }) => ownReply(path.id))
      .handle("setNote", ({ path, payload }) =>
        Effect.gen(function*() {
          yield* sendToContract(client(path.id).SetReplyNote({ actor: yield* actorNow, note: payload.note }))
          return yield* ownReply(path.id)
        }))
      .handle("discard", ({ path }) =>
        Effect.gen(function*() {
          yield* sendToContract(client(path.id).DiscardReply({ actor: yield* actorNow }))
          return yield* ownReply(path.id)
        }))
      .handle("commit", ({ headers, path, payload }) =>
        Effect.gen(function*() {
          const ifMatch = yield* headerHash(headers["if-match"])
          return (yield* sendToContract(client(path.id).CommitReply({
            actor: yield* actorNow,
            note: payload.note ?? null,
            confirmed_by: yield* confirmerOf(payload.confirmed_by),
            if_match: ifMatch
          }))) as never
        }))
      .handle("asks", ({ path, urlParams }) =>
        Effect.map(visible(path.id), ({ contract, seat }) => ({
          data: renderAskList(contract, seat, urlParams.filter ?? "open"),
          has_more: false,
          next_cursor: null
        })))
      .handle("letters", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const { contract } = yield* visible(path.id)
          const page = yield* pageOfLetters(contract.letters, (l) => l.id, urlParams)
          return { data: page.rows.map((l) => renderLetter(contract, l)), has_more: page.has_more, next_cursor: page.has_more ? page.rows.at(-1)!.id : null }
        }))
      .handle("thread", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const { contract } = yield* visible(path.id)
          if (!contract.blocks.some((b) => b.id === path.block_id)) return yield* notFound("block", path.block_id)
          const page = yield* pageOfLetters(movesOn(contract, path.block_id), (m) => m.letter, urlParams)
          return renderThread(contract, path.block_id, page.rows, page.has_more)
        }))
      .handle("latestLetter", ({ path }) =>
        Effect.flatMap(visible(path.id), ({ contract }) => {
          const letter = contract.letters[contract.letters.length - 1]
          return letter === undefined ? Effect.fail(notFound("letter", "latest")) : Effect.succeed(renderLetter(contract, letter))
        }))
      .handle("letter", ({ path }) =>
        Effect.flatMap(visible(path.id), ({ contract }) => {
          const letter = contract.letters.find((l) => l.id === path.letter_id)
          return letter === undefined ? Effect.fail(notFound("letter", path.letter_id)) : Effect.succeed(renderLetter(contract, letter))
        }))
      .handle("outbox", ({ urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* Actor
          if (caller.mode !== "test") return yield* reject("not_found", "The sandbox outbox exists only for test keys.")
          const limit = parseLimit(urlParams.limit, 20)
          if (limit instanceof Rejection) return yield* limit
          const rows = yield* repo.outbox(orgOf(caller).id, caller.mode, limit)
          return { data: rows.slice(0, limit), has_more: rows.length > limit }
        }))
  }))
