import { Effect, Option } from "effect"
import { Actor, domainActor } from "../Auth/Actor.js"
import { notFound, reject, Rejection } from "../Domain/Rejection.js"
import { seatOf } from "../Domain/Seat.js"
import { ContractsRepo } from "./Repo.js"

/** The contract as the caller may see it, or the same 404 whether it is hidden or missing. */
export const loadVisible = Effect.fn("Contracts.loadVisible")(function*(id: string) {
  const repo = yield* ContractsRepo
  const actor = domainActor(yield* Actor)
  const contract = yield* repo.load(id)
  const seat = Option.isSome(contract) ? seatOf(contract.value, actor) : null
  if (Option.isNone(contract) || seat === null) return yield* notFound("contract", id)
  return { contract: contract.value, actor, seat }
})

export const ifMatchOf = (header: string | undefined): Rejection | string => {
  const value = header?.trim().replace(/^"(.*)"$/, "$1")
  return value === undefined || value === ""
    ? reject("if_match_required", "This call moves words: send the words_hash you read as If-Match.", { param: "If-Match" })
    : value
}

/** Entity calls fail with the core's Rejection or with transport errors, which are our defects. */
export const orDieUnlessRejection = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.catchAll(effect, (error) => (error instanceof Rejection ? Effect.fail(error) : Effect.die(error)))

export const parseLimit = (value: string | undefined, fallback = 10): Rejection | number => {
  const limit = Number(value ?? fallback)
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 && /^\d+$/.test(value ?? String(fallback))
    ? limit
    : reject("invalid_request", "limit must be an integer from 1 to 100.", { param: "limit" })
}
