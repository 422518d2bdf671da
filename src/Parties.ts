import { Effect, Option } from "effect"
import { Actor, domainActor } from "./Auth/Actor.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { Cancel, Invite, RemoveParty, WithdrawAsk } from "./Engine/Entity.js"
import { notFound } from "./Domain/Contract/Rejection.js"
import { Negotiation } from "./Negotiation.js"
import type { InviteRequest } from "./Parties/Schemas.js"

/** Who sits on a contract: invites and removals, withdrawing one's own ask, and cancelling the deal. */
export class Parties extends Effect.Service<Parties>()("Parties", {
  dependencies: [ContractStore.Default, Negotiation.Default],
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const negotiation = yield* Negotiation
    const actorNow = Effect.map(Actor, domainActor)

    const invite = Effect.fnUntraced(function*(id: string, request: typeof InviteRequest.Type) {
      const actor = yield* actorNow
      const invitee = yield* negotiation.resolve(actor.mode, request)
      return yield* store.write(id, Invite, (entity) => entity.Invite({ actor, invitee, side: request.side }))
    })

    const remove = Effect.fnUntraced(function*(id: string, party: string) {
      const actor = yield* actorNow
      return yield* store.write(id, RemoveParty, (entity) => entity.RemoveParty({ actor, partyId: party }))
    })

    const cancel = Effect.fnUntraced(function*(id: string, reason: string) {
      const actor = yield* actorNow
      return yield* store.write(id, Cancel, (entity) => entity.Cancel({ actor, reason }))
    })

    /** The route names only the ask: its contract's entity decides whether the caller may see it. */
    const withdrawAsk = Effect.fnUntraced(function*(ask: string) {
      const contract = yield* store.contractOfAsk(ask)
      if (Option.isNone(contract)) return yield* notFound("ask", ask)
      const actor = yield* actorNow
      return yield* store.write(contract.value, WithdrawAsk, (entity) => entity.WithdrawAsk({ actor, askId: ask }))
    })

    return { invite, remove, cancel, withdrawAsk } as const
  })
}) {}
