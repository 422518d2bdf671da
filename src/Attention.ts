import { Effect, Option } from "effect"
import { Actor } from "./Auth/Actor.js"
import { ContractStore } from "./Contracts/ContractStore.js"
import { Ingress } from "./Ingress.js"
import { reject } from "./Domain/Contract/Rejection.js"
import { counterpartyOf, groupRows, pageGroups, rowsFor, waitingOnThem } from "./Domain/Views/Attention.js"
import { limitOf } from "./Http/Paging.js"

/** The most seats one feed reads; past it the oldest are left out (docs/gaps.md). */
export const attentionSeats = 1000

/** One person's feed: what waits on them across every seat they hold, and what waits on the other side. */
export class Attention extends Effect.Service<Attention>()("Attention", {
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const ingress = yield* Ingress

    const feed = Effect.fnUntraced(function*(query: { readonly limit?: string | undefined; readonly starting_after?: string | undefined }) {
      const caller = yield* Actor
      // The gateway requires an acting person here (the route's policy): a feed is one person's.
      const person = caller.person!
      const limit = yield* limitOf(query.limit)
      const seats = (yield* store.seatsOf(person.id, caller.mode, undefined, attentionSeats))
        .filter((seat) => caller.guest === null || seat.party === caller.guest.party)
      const loaded = yield* Effect.forEach(
        seats,
        (seat) =>
          Effect.map(
            store.read(seat.contract),
            (contract) =>
              Option.flatMap(contract, (c) => Option.map(Option.fromNullable(c.parties.find((p) => p.id === seat.party)), (party) => ({ contract: c, party })))
          )
      )
      const mine = loaded.flatMap(Option.toArray)
      const rows = mine.flatMap(({ contract, party }) =>
        rowsFor(contract, party).map((row) => ({ row, relationship: contract.relationship, counterparty: counterpartyOf(contract, party.side) }))
      )
      const page = pageGroups(groupRows(rows), limit, query.starting_after)
      if (page === null) return yield* reject("invalid_request", "starting_after must be a row of your feed.", { param: "starting_after" })
      const waiting = mine.flatMap(({ contract, party }) => Option.toArray(Option.fromNullable(waitingOnThem(contract, party))))
      return { ...page, waiting_on_them: waiting.sort((a, b) => a.since.localeCompare(b.since)), mail: yield* ingress.waitingOnCaller }
    })

    return { feed } as const
  })
}) {}
