import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Option } from "effect"
import { Api } from "../Api.js"
import { Actor, domainActor } from "../Auth/Actor.js"
import { sendToContract } from "../Contracts/Access.js"
import { Contract } from "../Contracts/Entity.js"
import { ContractsRepo } from "../Contracts/Repo.js"
import { notFound } from "../Domain/Contract/Rejection.js"
import { resolveRecipient } from "../Negotiation/Recipients.js"
import { NegotiationRepo } from "../Negotiation/Repo.js"

export const PartiesHttp = HttpApiBuilder.group(Api, "parties", (handlers) =>
  Effect.gen(function*() {
    const contracts = yield* ContractsRepo
    const negotiation = yield* NegotiationRepo
    const client = yield* Contract.client
    const actorNow = Effect.map(Actor, domainActor)

    return handlers
      .handle("invite", ({ path, payload }) =>
        Effect.gen(function*() {
          const actor = yield* actorNow
          const invitee = yield* Effect.provideService(resolveRecipient(actor.mode, payload), NegotiationRepo, negotiation)
          const { status, ...body } = (yield* sendToContract(client(path.id).Invite({ actor, invitee, side: payload.side }))) as { status: number }
          // Someone already listed is answered 200 with nothing sent; a new party is 201.
          return HttpServerResponse.unsafeJson(body, { status })
        }))
      .handle("remove", ({ path }) =>
        Effect.gen(function*() {
          return (yield* sendToContract(client(path.id).RemoveParty({ actor: yield* actorNow, party_id: path.party_id }))) as never
        }))
      .handle("cancel", ({ path, payload }) =>
        Effect.gen(function*() {
          return (yield* sendToContract(client(path.id).Cancel({ actor: yield* actorNow, reason: payload.reason }))) as never
        }))
      .handle("withdrawAsk", ({ path }) =>
        Effect.gen(function*() {
          const contract = yield* contracts.contractOfAsk(path.ask_id)
          if (Option.isNone(contract)) return yield* notFound("ask", path.ask_id)
          return (yield* sendToContract(client(contract.value).WithdrawAsk({ actor: yield* actorNow, ask_id: path.ask_id }))) as never
        }))
  }))
