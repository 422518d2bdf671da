import { Effect } from "effect"
import { Actor, domainActor, orgOf } from "./Auth/Actor.js"
import { confirmerOf } from "./Auth/Confirmer.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { CommitReply, DiscardReply, Send, SetReplyNote, StageDecision, WithdrawDecision } from "./Engine/Entity.js"
import { notFound, reject } from "./Domain/Contract/Rejection.js"
import { movesOn, renderThread } from "./Domain/Negotiation/Thread.js"
import { renderAskList, renderLetter, renderReply } from "./Domain/Views/NegotiationViews.js"
import { limitOf, pageOfLetters } from "./Http/Paging.js"
import { resolveRecipient } from "./Negotiation/Recipients.js"
import { NegotiationRepo } from "./Negotiation/Repo.js"
import type { CommitRequest, DecisionRequest, SendRequest } from "./Negotiation/Schemas.js"
import { Relationships } from "./Relationships.js"
import type { Capacity } from "./Domain/Contract/Contract.js"
import type { Mode } from "./Domain/Contract/Mode.js"

interface PageQuery {
  readonly starting_after?: string | undefined
  readonly limit?: string | undefined
}

/** Sending, staging decisions, the private reply, committing rounds, and reading letters and asks. */
export class Negotiation extends Effect.Service<Negotiation>()("Negotiation", {
  dependencies: [ContractStore.Default, NegotiationRepo.Default, Relationships.Default],
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const repo = yield* NegotiationRepo
    const relationships = yield* Relationships
    const actorNow = Effect.map(Actor, domainActor)
    // Sending and committing answer with their write's result (Negotiation/Api.ts): the save keeps that answer.
    const answered = { resultAnswers: true }

    /** A person named by email, as an org's person or an outside one with a new guest link. */
    const resolve = (mode: Mode, person: { readonly email: string; readonly name: string; readonly capacity: ReadonlyArray<Capacity> }) =>
      resolveRecipient(repo, mode, person)

    const ownReply = (id: string) =>
      Effect.flatMap(store.visible(id), ({ contract, seat }) =>
        seat.party === null
          ? Effect.fail(reject("not_on_required_party_list", "You are not a party to this contract, so you have no reply."))
          : Effect.succeed(renderReply(contract, seat.party.id)))

    /** Recipients resolved to people, and the relationship their side makes with the sender's org. */
    const send = Effect.fnUntraced(function*(id: string, request: typeof SendRequest.Type, ifMatch: string) {
      const actor = yield* actorNow
      const { contract } = yield* store.visible(id)
      const given = request.recipients ?? contract.carried?.recipients ?? []
      if (given.length === 0) return yield* reject("invalid_request", "Name at least one recipient.", { param: "recipients" })
      const emails = given.map((r) => r.email.toLowerCase())
      if (new Set(emails).size !== emails.length) return yield* reject("invalid_request", "Each recipient may appear once.", { param: "recipients" })
      const recipients = yield* Effect.forEach(given, (recipient) => resolve(actor.mode, recipient))
      const relationship = yield* relationships.derive(actor, recipients)
      const note = request.note ?? contract.carried?.note ?? null
      const confirmedBy = yield* confirmerOf(request.confirmed_by)
      return yield* store.write(id, Send, (entity) => entity.Send({ actor, recipients, note, confirmedBy, ifMatch, relationship }), answered)
    })

    const stage = Effect.fnUntraced(function*(id: string, request: typeof DecisionRequest.Type, ifMatch: string) {
      const actor = yield* actorNow
      return yield* store.write(
        id,
        StageDecision,
        (entity) =>
          entity.StageDecision({ actor, askId: request.ask_id, blockId: request.block_id, type: request.type, text: request.text, why: request.why, ifMatch })
      )
    })

    const unstage = Effect.fnUntraced(function*(id: string, decision: string) {
      const actor = yield* actorNow
      return yield* store.write(id, WithdrawDecision, (entity) => entity.WithdrawDecision({ actor, decisionId: decision }))
    })

    const setNote = Effect.fnUntraced(function*(id: string, note: string | null) {
      const actor = yield* actorNow
      yield* store.write(id, SetReplyNote, (entity) => entity.SetReplyNote({ actor, note }))
      return yield* ownReply(id)
    })

    const discard = Effect.fnUntraced(function*(id: string) {
      const actor = yield* actorNow
      yield* store.write(id, DiscardReply, (entity) => entity.DiscardReply({ actor }))
      return yield* ownReply(id)
    })

    const commit = Effect.fnUntraced(function*(id: string, request: typeof CommitRequest.Type, ifMatch: string) {
      const actor = yield* actorNow
      const confirmedBy = yield* confirmerOf(request.confirmed_by)
      return yield* store.write(id, CommitReply, (entity) => entity.CommitReply({ actor, note: request.note ?? null, confirmedBy, ifMatch }), answered)
    })

    const asks = (id: string, filter: "open" | "all" | "undecided") =>
      Effect.map(store.visible(id), ({ contract, seat }) => ({ data: renderAskList(contract, seat, filter), has_more: false, next_cursor: null }))

    const letters = Effect.fnUntraced(function*(id: string, query: PageQuery) {
      const { contract } = yield* store.visible(id)
      const page = yield* pageOfLetters(contract.letters, (l) => l.id, query)
      return { data: page.rows.map((l) => renderLetter(contract, l)), has_more: page.has_more, next_cursor: page.has_more ? page.rows.at(-1)!.id : null }
    })

    const thread = Effect.fnUntraced(function*(id: string, block: string, query: PageQuery) {
      const { contract } = yield* store.visible(id)
      if (!contract.blocks.some((b) => b.id === block)) return yield* notFound("block", block)
      const page = yield* pageOfLetters(movesOn(contract, block), (m) => m.letter, query)
      return renderThread(contract, block, page.rows, page.has_more)
    })

    /** A letter by id, or the newest for `latest`. */
    const letter = Effect.fnUntraced(function*(id: string, letterId: string | "latest") {
      const { contract } = yield* store.visible(id)
      const found = letterId === "latest" ? contract.letters.at(-1) : contract.letters.find((l) => l.id === letterId)
      return found === undefined ? yield* notFound("letter", letterId) : renderLetter(contract, found)
    })

    const outbox = Effect.fnUntraced(function*(query: PageQuery) {
      const caller = yield* Actor
      if (caller.mode !== "test") return yield* reject("not_found", "The sandbox outbox exists only for test keys.")
      const limit = yield* limitOf(query.limit, 20)
      const rows = yield* repo.outbox(orgOf(caller).id, caller.mode, limit)
      return { data: rows.slice(0, limit), has_more: rows.length > limit }
    })

    return { resolve, send, stage, unstage, reply: ownReply, setNote, discard, commit, asks, letters, thread, letter, outbox } as const
  })
}) {}
