import { HttpApiBuilder } from "@effect/platform"
import { Effect, Option } from "effect"
import { Api } from "../Api.js"
import { Actor } from "../Auth/Actor.js"
import { parseLimit } from "../Contracts/Access.js"
import { ContractsRepo } from "../Contracts/Repo.js"
import { counterpartyOf, groupRows, pageGroups, rowsFor, waitingOnThem } from "../Domain/Views/Attention.js"
import { reject, Rejection } from "../Domain/Contract/Rejection.js"

/** The most seats one feed reads; past it the oldest are left out (docs/gaps.md). */
export const attentionSeats = 1000

export const AttentionHttp = HttpApiBuilder.group(Api, "attention", (handlers) =>
  Effect.gen(function*() {
    const contracts = yield* ContractsRepo
    return handlers.handle("feed", ({ urlParams }) =>
      Effect.gen(function*() {
        const caller = yield* Actor
        // The gateway requires an acting person here (the route's policy): a feed is one person's.
        const person = caller.person!
        const limit = parseLimit(urlParams.limit)
        if (limit instanceof Rejection) return yield* limit
        const seats = (yield* contracts.partiesOf(person.id, caller.mode, undefined, attentionSeats))
          .filter((seat) => caller.guest === null || seat.party === caller.guest.party)
        const loaded = yield* Effect.forEach(seats, (seat) =>
          Effect.map(contracts.read(seat.contract), (contract) =>
            Option.flatMap(contract, (c) => Option.map(Option.fromNullable(c.parties.find((p) => p.id === seat.party)), (party) => ({ contract: c, party })))))
        const mine = loaded.flatMap(Option.toArray)
        const rows = mine.flatMap(({ contract, party }) =>
          rowsFor(contract, party).map((row) => ({ row, relationship: contract.relationship, counterparty: counterpartyOf(contract, party.side) })))
        const page = pageGroups(groupRows(rows), limit, urlParams.starting_after)
        if (page === null) return yield* reject("invalid_request", "starting_after must be a row of your feed.", { param: "starting_after" })
        const waiting = mine.flatMap(({ contract, party }) => Option.toArray(Option.fromNullable(waitingOnThem(contract, party))))
        return { ...page, waiting_on_them: waiting.sort((a, b) => a.since.localeCompare(b.since)) }
      }))
  }))
